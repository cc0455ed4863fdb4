// `nbrevive modernize` end to end on our own 2017-style example: the rules make it reproducible (in today's stack
// and in bookworm's), every iteration is stored, and a process killed with SIGKILL mid-iteration resumes with
// nothing persisted lost.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNotebook } from '../../../shared/lib/ipynb';
import { openStore } from '../../../main/core/store';
import { REPO_ROOT } from '../../helpers/corpus';
import { jsonOf, runCli, startCli, tempDir } from '../../helpers/cli';
import { describeToday, TEST_PYTHON } from '../../helpers/python';

const example = path.join(REPO_ROOT, 'resources/examples/breast-cancer-2017');

interface ModernizeJson {
  outcome: string;
  iterations: number;
  score: number | null;
  target: number | null;
  stopReason: string;
  fixes: { iteration: number; type: string; source: string; ruleId: string | null }[];
  jobId: string;
}

/** pids of processes whose working directory is inside `folder` */
function processesIn(folder: string): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readlinkSync(`/proc/${name}/cwd`).startsWith(folder)) pids.push(Number(name));
    } catch {
      // the process ended, or is not ours to inspect
    }
  }
  return pids;
}

async function waitFor<T>(probe: () => T | null | undefined, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out waiting');
}

/** The rules make the example reproducible in `python`'s stack; the fixed notebook and every iteration are kept. */
async function modernizesExample(python: string): Promise<void> {
  const dir = tempDir();
  const db = path.join(dir, 'db.sqlite');
  const out = path.join(dir, 'fixed.ipynb');
  const r = await runCli(['modernize', example, '--json', '--out', out], { db, env: { NBREVIVE_PYTHON: python } });
  expect(r.code, r.stderr).toBe(0);
  const summary = jsonOf<ModernizeJson>(r);
  expect(summary.outcome).toBe('reproducible');
  expect(summary.stopReason).toBe('reproducible');
  expect(summary.iterations).toBeGreaterThanOrEqual(2);
  expect(summary.fixes.length).toBeGreaterThanOrEqual(1);
  expect(summary.fixes.every((f) => f.source === 'rules' && f.type === 'error-repair')).toBe(true);
  expect(Math.abs(summary.score! - 0.9543)).toBeLessThanOrEqual(0.1 * 0.9543);
  const fixed = parseNotebook(fs.readFileSync(out, 'utf8'));
  const code = fixed.cells.map((c) => (Array.isArray(c.source) ? c.source.join('') : c.source)).join('\n');
  expect(code).toContain('from sklearn.model_selection import');
  expect(code).not.toMatch(/\.ix\[|as_matrix|np\.float\b|normed=/);
  expect(code).toContain('%matplotlib inline'); // IPython magic kept

  const store = openStore(db);
  try {
    const iterations = store.iterations.list(summary.jobId);
    expect(iterations).toHaveLength(summary.iterations);
    expect(iterations[0]!.report.errors.map((e) => e.ename)).toContain('ModuleNotFoundError');
    expect(iterations[0]!.fix?.ruleIds.length).toBeGreaterThan(0);
    expect(iterations.at(-1)!.verdict.reproducible).toBe(true);
    expect(store.logs.tail(summary.jobId, { limit: 1000 }).some((l) => l.text.includes('CV accuracy'))).toBe(true);
  } finally {
    store.close();
  }
}

// today's stack is the reference users run; bookworm's 2023 stack stays covered below
describeToday('nbrevive modernize', (python) => {
  it(
    'makes the example reproducible with rules alone and exports the fixed notebook',
    () => modernizesExample(python),
    400_000,
  );
});

describe('nbrevive modernize', () => {
  it(
    'makes the example reproducible with rules alone and exports the fixed notebook',
    () => modernizesExample(TEST_PYTHON),
    400_000,
  );

  it('resumes a job killed with SIGKILL mid-iteration without losing a persisted iteration', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'db.sqlite');
    const { child, done } = startCli(['modernize', example, '--json'], { db });
    const store = openStore(db);
    try {
      // wait until iteration 0 is persisted and iteration 1 is executing
      const jobId = await waitFor(() => {
        const job = store.jobs.list({ limit: 1 }).items[0];
        if (!job || job.iterations < 1) return null;
        const lines = store.logs.tail(job.id, { limit: 200 });
        return lines.some((l) => l.iteration === 1 && l.text.startsWith('cell ')) ? job.id : null;
      }, 300_000);
      const before = store.iterations.list(jobId);
      child.kill('SIGKILL');
      const killed = await done;
      expect(killed.signal).toBe('SIGKILL');
      // the runner follows its parent: the kernel computing in the job's folder stops too (nothing orphaned)
      const jobFolder = path.join(dir, 'work', jobId);
      await waitFor(() => processesIn(jobFolder).length === 0, 30_000).catch(() => {
        throw new Error(`processes left running in ${jobFolder}: ${processesIn(jobFolder).join(', ')}`);
      });
      expect(store.jobs.require(jobId).status).toBe('running');
      expect(before).toHaveLength(1);

      const resumed = await runCli(['modernize', '--resume', jobId, '--json'], { db });
      expect(resumed.code, resumed.stderr).toBe(0);
      const summary = jsonOf<ModernizeJson>(resumed);
      expect(summary.jobId).toBe(jobId);
      expect(summary.outcome).toBe('reproducible');
      const after = store.iterations.list(jobId);
      // the persisted iteration is untouched, and the job went on from it
      expect(after[0]).toEqual(before[0]);
      expect(after.length).toBeGreaterThanOrEqual(2);
    } finally {
      store.close();
    }
  }, 600_000);
});
