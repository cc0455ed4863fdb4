// The local runtime against the real Debian Python stack (nbclient 0.7.2, ipykernel): errors in several cells,
// output floods, odd bytes, kernel death, the Kaggle layout, timeout and cancel with nothing left running.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNbreviveError } from '../../../shared/lib/errors';
import type { ResolvedCase } from '../../../shared/models/case';
import type { RunnerEvent } from '../../../shared/models/execution';
import { NotebookSchema, type Notebook } from '../../../shared/models/notebook';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import { isProcessAlive } from '../../../main/core/runtime/process-tree';
import { REPO_ROOT } from '../../helpers/corpus';
import { TEST_PYTHON } from '../../helpers/python';
import { bareCase as caseOfNotebook } from '../../../main/core/case/case-loader';

const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/notebooks');

function fixture(name: string): Notebook {
  return NotebookSchema.parse(JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')));
}

function bareCase(root: string, notebookPath: string, extra: Partial<ResolvedCase> = {}): ResolvedCase {
  return { ...caseOfNotebook(notebookPath, null), root, ...extra };
}

function streamText(nb: Notebook | null, cellIndex: number): string {
  const outputs = nb?.cells[cellIndex]?.outputs ?? [];
  return outputs
    .filter((o) => o.output_type === 'stream')
    .map((o) => (Array.isArray(o.text) ? o.text.join('') : (o.text ?? '')))
    .join('');
}

let tmp: string;
const runtime = new LocalRuntime({ python: TEST_PYTHON });

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-local-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function run(
  name: string,
  options: { case?: Partial<ResolvedCase>; timeoutMs?: number; signal?: AbortSignal; jobDir?: string } = {},
) {
  const notebook = fixture(name);
  const events: RunnerEvent[] = [];
  const jobDir = options.jobDir ?? fs.mkdtempSync(path.join(tmp, 'job-'));
  const result = await runtime.execute(
    {
      notebook,
      case: bareCase(FIXTURES, path.join(FIXTURES, name), options.case),
      timeoutMs: options.timeoutMs ?? 120_000,
      jobDir,
      signal: options.signal,
    },
    (e) => events.push(e),
  );
  return { ...result, events, notebook, jobDir };
}

describe('LocalRuntime.execute', () => {
  it('runs every cell despite errors and reports each with its cell index (markdown counted) and line', async () => {
    const { report, executed, events, notebook } = await run('runtime-errors.ipynb');
    expect(report.status).toBe('error');
    expect(report.errors.map((e) => [e.cellIndex, e.cellId, e.ename])).toEqual([
      [2, 'cell-03', 'NameError'],
      [5, 'cell-06', 'ZeroDivisionError'],
    ]);
    expect(report.errors[0]?.line).toBe('y = undefined_name + x');
    // the division happens in the function defined in cell 4; that is the line the traceback ends on
    expect(report.errors[1]?.line).toBe('return a / b');
    expect(report.errors[1]?.evalue).toBe('division by zero');
    expect(streamText(executed, 6)).toContain('last cell ran 3');
    expect(report.cells.map((c) => [c.cellIndex, c.status])).toEqual([
      [1, 'ok'],
      [2, 'error'],
      [4, 'ok'],
      [5, 'error'],
      [6, 'ok'],
    ]);
    expect(report.cells.every((c) => c.durationMs >= 0)).toBe(true);
    expect(report.scores).toEqual([]);
    expect(report.score).toBeNull();
    // events: started first, done last, cell i/n progress counts code cells
    expect(events[0]).toMatchObject({ type: 'started', cellCount: 7, codeCellCount: 5 });
    expect(events.at(-1)?.type).toBe('done');
    const starts = events.filter((e) => e.type === 'cell-started');
    expect(starts.map((e) => [e.cellIndex, e.ordinal, e.firstLine])).toEqual([
      [1, 1, 'import sys'],
      [2, 2, 'x = 1'],
      [4, 3, 'def ratio(a, b):'],
      [5, 4, "print('before the division')"],
      [6, 5, "print('last cell ran', sys.version_info[0])"],
    ]);
    expect(events.filter((e) => e.type === 'error').map((e) => e.cellIndex)).toEqual([2, 5]);
    // the executed notebook keeps the author's cells and gains outputs
    expect(executed?.cells.map((c) => c.source)).toEqual(notebook.cells.map((c) => c.source));
  });

  it('caps a stdout flood with a note, survives non-UTF-8 bytes, and keeps shell output off the event channel', async () => {
    const { report, executed, events } = await run('runtime-output.ipynb');
    expect(report.status).toBe('ok');
    const flood = streamText(executed, 1);
    expect(flood.length).toBeGreaterThan(1_000_000);
    expect(flood.length).toBeLessThan(1_100_000);
    expect(flood).toContain('flood line 000000');
    expect(flood).not.toContain('flood line 079999');
    expect(flood).toMatch(/\[nbrevive: \d+ characters of stream output dropped \(kept the first 1048576\)\]/);
    const notes = events.filter((e) => e.type === 'note');
    expect(
      notes.some((n) => n.type === 'note' && /^cell 1: \d+ characters of stream output dropped/.test(n.message)),
    ).toBe(true);
    const liveFlood = events
      .filter((e) => e.type === 'stream' && e.cellIndex === 1)
      .reduce((n, e) => n + (e.type === 'stream' ? e.text.length : 0), 0);
    expect(liveFlood).toBe(1024 * 1024);
    const odd = streamText(executed, 2);
    expect(odd).toContain('raw bytes \ufffd\ufffd\ufffd end');
    expect(odd).toContain('lone surrogate \ufffd here');
    expect(odd).toContain('from a shell child');
    expect(odd).toContain('after the odd bytes');
    expect(streamText(executed, 3)).toBe('still alive\n');
  });

  it('reports a kernel killed mid-cell as crashed and the later cells as not run', async () => {
    const { report, executed } = await run('runtime-crash.ipynb');
    expect(report.status).toBe('crashed');
    expect(report.message).toBe(
      'the kernel was killed (SIGKILL; often the system ran out of memory) while running cell 2; 2 later code cell(s) were not run (3, 4)',
    );
    expect(report.cells.map((c) => [c.cellIndex, c.status])).toEqual([
      [0, 'ok'],
      [2, 'skipped'],
      [3, 'skipped'],
      [4, 'skipped'],
    ]);
    expect(streamText(executed, 0)).toBe('before the crash\n');
    expect(streamText(executed, 3)).toBe('');
  });

  it('executes an empty notebook', async () => {
    const { report, executed, events } = await run('runtime-empty.ipynb');
    expect(report.status).toBe('ok');
    expect(report.cells).toEqual([]);
    expect(executed?.cells).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['started', 'done']);
  });

  it('lays out Kaggle input/working, maps data.files, dirs, urls and /kaggle paths, and never touches the case data', async () => {
    const caseRoot = fs.mkdtempSync(path.join(tmp, 'case-'));
    const dataDir = path.join(caseRoot, 'input');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'train.csv'), 'id,y\n1,0\n');
    fs.writeFileSync(path.join(caseRoot, 'extra.csv'), 'extra,1\n');
    fs.writeFileSync(path.join(caseRoot, 'abs.csv'), 'absolute,2\n');
    fs.writeFileSync(path.join(caseRoot, 'remote-copy.csv'), 'remote,3\n');
    const before = fs.readFileSync(path.join(dataDir, 'train.csv'), 'utf8');
    const caseData: Partial<ResolvedCase> = {
      root: caseRoot,
      dataDir,
      files: {
        'data/extra.csv': path.join(caseRoot, 'extra.csv'),
        '/data/legacy/abs.csv': path.join(caseRoot, 'abs.csv'),
      },
      dirs: ['plots', '/data/out'],
      urls: { 'https://example.org/remote.csv': path.join(caseRoot, 'remote-copy.csv') },
    };
    const jobDir = fs.mkdtempSync(path.join(tmp, 'job-'));
    const { report, executed, workingDir, notebook } = await run('runtime-data.ipynb', { case: caseData, jobDir });
    expect(report.errors).toEqual([]);
    expect(report.status).toBe('ok');
    expect(workingDir).toBe(path.join(jobDir, 'working'));
    expect(streamText(executed, 0)).toBe(`cwd ${workingDir}\nid,y\n1,0\n`);
    expect(streamText(executed, 1)).toBe('extra,1\nabsolute,2\n');
    expect(streamText(executed, 2)).toBe('id,y\n');
    expect(streamText(executed, 3)).toBe('remote,3\n');
    expect(streamText(executed, 5)).toBe('True True\n');
    expect(fs.readFileSync(path.join(workingDir, 'kaggle-out.txt'), 'utf8')).toBe(
      'written through the kaggle working folder',
    );
    expect(report.filesWritten).toEqual(['kaggle-out.txt', 'outputs/result.txt', 'submission.csv']);
    // the stored version keeps the author's literals: rewrites exist only in the copy that ran
    expect(executed?.cells.map((c) => c.source)).toEqual(notebook.cells.map((c) => c.source));
    expect(JSON.stringify(executed)).toContain("'/kaggle/working/kaggle-out.txt'");
    // the notebook overwrote ../input/train.csv: the case folder is untouched, and the next run gets a clean copy
    expect(fs.readFileSync(path.join(dataDir, 'train.csv'), 'utf8')).toBe(before);
    expect(fs.readdirSync(dataDir)).toEqual(['train.csv']);
    expect(fs.readFileSync(path.join(jobDir, 'input/train.csv'), 'utf8')).toBe('clobbered');
    const again = await run('runtime-data.ipynb', { case: caseData, jobDir });
    expect(streamText(again.executed, 0)).toBe(`cwd ${workingDir}\nid,y\n1,0\n`);
    expect(fs.readdirSync(path.join(jobDir, 'input'))).toEqual(['train.csv', 'new-file.txt'].sort());
    expect(fs.readFileSync(path.join(dataDir, 'train.csv'), 'utf8')).toBe(before);
  });

  it('stops at the whole-notebook timeout and leaves no process of the run alive (kernel, children, daemons)', async () => {
    const started = Date.now();
    const { report, executed, events } = await run('runtime-spawn.ipynb', { timeoutMs: 12_000 });
    const elapsed = Date.now() - started;
    expect(report.status).toBe('timeout');
    expect(report.message).toBe(
      'the notebook exceeded the time limit of 12 s: stopped while cell 1 (`while True:`) was running',
    );
    expect(report.timeoutMs).toBe(12_000);
    expect(elapsed).toBeLessThan(12_000 + 8_000);
    const pids = events
      .filter((e) => e.type === 'stream')
      .map((e) => (e.type === 'stream' ? /PIDS (\d+) (\d+) (\d+)/.exec(e.text) : null))
      .find(Boolean);
    expect(pids).toBeTruthy();
    const [kernel, child, daemon] = [Number(pids?.[1]), Number(pids?.[2]), Number(pids?.[3])];
    for (const pid of [kernel, child, daemon]) expect(isProcessAlive(pid), `pid ${pid} still alive`).toBe(false);
    // what ran before the stop is kept
    expect(streamText(executed, 0)).toContain('PIDS');
    expect(report.cells.map((c) => [c.cellIndex, c.status])).toEqual([
      [0, 'ok'],
      [1, 'skipped'],
      [2, 'skipped'],
    ]);
  });

  it('stops through a wrapper that keeps Python as its child and dies of a signal, keeping what ran', async () => {
    // as bwrap and `conda run` do: SIGTERM ends the wrapper and never reaches the runner, so the runner is asked on
    // its stop channel (stdin) instead
    const wrapper = path.join(tmp, 'python-wrapper');
    fs.writeFileSync(wrapper, `#!/bin/sh\nexec 9<&0\n${JSON.stringify(TEST_PYTHON)} "$@" 0<&9 9<&- &\nwait $!\n`, {
      mode: 0o755,
    });
    const wrapped = new LocalRuntime({ python: wrapper });
    const notebook = fixture('runtime-spawn.ipynb');
    const events: RunnerEvent[] = [];
    const { report, executed } = await wrapped.execute(
      {
        notebook,
        case: bareCase(FIXTURES, path.join(FIXTURES, 'runtime-spawn.ipynb')),
        timeoutMs: 12_000,
        jobDir: fs.mkdtempSync(path.join(tmp, 'job-')),
      },
      (e) => events.push(e),
    );
    expect(report.status).toBe('timeout');
    expect(streamText(executed, 0)).toContain('PIDS');
    expect(events.some((e) => e.type === 'done')).toBe(true);
    const m = events.map((e) => (e.type === 'stream' ? /PIDS (\d+) (\d+) (\d+)/.exec(e.text) : null)).find(Boolean);
    for (const pid of [m?.[1], m?.[2], m?.[3]].map(Number))
      expect(isProcessAlive(pid), `pid ${pid} still alive`).toBe(false);
  });

  it('cancels through an AbortSignal within seconds, killing everything the notebook started', async () => {
    const controller = new AbortController();
    let pids: number[] = [];
    let abortedAt = 0;
    const notebook = fixture('runtime-spawn.ipynb');
    const jobDir = fs.mkdtempSync(path.join(tmp, 'job-'));
    const execution = runtime.execute(
      {
        notebook,
        case: bareCase(FIXTURES, path.join(FIXTURES, 'runtime-spawn.ipynb')),
        timeoutMs: 120_000,
        jobDir,
        signal: controller.signal,
      },
      (e) => {
        const m = e.type === 'stream' ? /PIDS (\d+) (\d+) (\d+)/.exec(e.text) : null;
        if (m) pids = [Number(m[1]), Number(m[2]), Number(m[3])];
        if (e.type === 'cell-started' && e.cellIndex === 1) {
          abortedAt = Date.now();
          setTimeout(() => controller.abort(), 300);
        }
      },
    );
    const error = await execution.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isNbreviveError(error) && error.code).toBe('cancelled');
    expect((error as Error).message).toBe('the execution was cancelled while cell 1 (`while True:`) was running');
    expect(Date.now() - abortedAt).toBeLessThan(6_000);
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(isProcessAlive(pid), `pid ${pid} still alive`).toBe(false);
  });

  it('refuses an interpreter without nbclient with the check message', async () => {
    const broken = new LocalRuntime({ python: path.join(tmp, 'no-such-python') });
    const error = await broken
      .execute({
        notebook: fixture('runtime-empty.ipynb'),
        case: bareCase(FIXTURES, ''),
        timeoutMs: 1000,
        jobDir: path.join(tmp, 'never'),
      })
      .catch((e: unknown) => e);
    expect(isNbreviveError(error) && error.code).toBe('runtime-unavailable');
    expect((error as Error).message).toBe(
      `Python interpreter not found: ${path.join(tmp, 'no-such-python')} does not exist; pick another interpreter with --python PATH or NBREVIVE_PYTHON`,
    );
    expect(fs.existsSync(path.join(tmp, 'never'))).toBe(false);
  });
});

describe('LocalRuntime.describe and runPython', () => {
  it('describes the interpreter and its package versions without importing them', async () => {
    const description = await runtime.describe();
    expect(description.runtime).toBe('local');
    expect(description.python).toMatch(/^3\.\d+\.\d+$/);
    expect(description.packages.nbclient).toBe('0.7.2');
    expect(description.packages.pandas).toBe('1.5.3');
    expect(description.packages['scikit-learn']).toBe('1.2.1');
    expect(description.packages.lightgbm).toBeUndefined();
  });

  it('runs a script with arguments in a cwd and reports failures with stderr', async () => {
    const out = await runtime.runPython('import os, sys\nprint(os.getcwd(), sys.argv[1:])', ['a', 'b'], {
      cwd: tmp,
      timeoutMs: 10_000,
    });
    expect(out.trim()).toBe(`${fs.realpathSync(tmp)} ['a', 'b']`);
    await expect(
      runtime.runPython('raise SystemExit("grader broke")', [], { cwd: tmp, timeoutMs: 10_000 }),
    ).rejects.toThrow('the Python script failed (exit code 1): grader broke');
    await expect(runtime.runPython('import time\ntime.sleep(30)', [], { cwd: tmp, timeoutMs: 500 })).rejects.toThrow(
      'the Python script ran longer than 500 ms and was stopped',
    );
  });
});
