// The loop past a rule gap, through the real `nbrevive` command, a real kernel and a real database: a first error
// no rule answers no longer stops the rules from repairing later cells (a repair a later cell only shows once an
// earlier one is fixed included), the job reports the errors left and why; an execution whose kernel never comes
// up is retried and never counted against the fix, and the messages say "before the first cell started".
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../main/core/store';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { codeOnlyNotebookJson } from '../../helpers/notebooks';
import { TEST_PYTHON } from '../../helpers/python';

function writeNotebook(dir: string, name: string, sources: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, codeOnlyNotebookJson(sources));
  return file;
}

// cell 1 fails with an error no rule answers (a helper of the author's that is not in the notebook); cell 2 with
// pandas' removed Series.reshape; cell 3 only reaches its own Series.reshape once cell 2 runs past its first line
const GAP = [
  'import pandas as pd\n',
  'scale = helper_from_another_notebook(2)\n',
  "df = pd.DataFrame({'a': [1.0, 2.0, 3.0]})\nX = df.a.reshape(-1, 1)\ns = df.a\n",
  'Z = s.reshape(1, -1)\nprint(X.shape, Z.shape)\n',
];

interface Summary {
  jobId: string;
  status: string;
  outcome: string;
  stopReason: string;
  iterations: number;
  fixes: { iteration: number; ruleIds: string[]; failed: boolean; type: string }[];
  errorsAfter: { cellIndex: number; ename: string }[];
  unresolved: { cellIndex: number; ename: string; evalue: string; reason: string; detail: string; ruleIds: string[] }[];
}

/** A Python that stands for an environment whose runner dies at start: it fails the runner's starts number `fails`. */
function flakyPython(dir: string, fails: number[]): string {
  const counter = path.join(dir, 'runner-starts');
  const script = path.join(dir, 'python-flaky');
  fs.writeFileSync(
    script,
    `#!/bin/sh
case "$1" in
  *nbrevive_runner.py)
    n=$(cat '${counter}' 2>/dev/null || echo 0); echo $((n + 1)) > '${counter}'
    case " ${fails.join(' ')} " in *" $n "*) echo "simulated: the kernel could not be started" >&2; exit 1;; esac;;
esac
exec '${TEST_PYTHON}' "$@"
`,
    { mode: 0o755 },
  );
  return script;
}

describe('the loop past a rule gap', () => {
  it('repairs later cells when no rule answers the first error, then reports what is left and why', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'db.sqlite');
    const notebook = writeNotebook(dir, 'gap.ipynb', GAP);
    const r = await runCli(['modernize', notebook, '--json', '--python', TEST_PYTHON], { db });
    expect(r.code, r.stderr).toBe(0);
    const s = jsonOf<Summary>(r);
    // iteration 0 → fix cell 2; iteration 1 → fix cell 3 (its error only now shows); iteration 2: only the gap is left
    expect(s.iterations).toBe(3);
    expect(s.fixes.map((f) => [f.iteration, f.ruleIds, f.failed])).toEqual([
      [0, ['pandas.series-reshape'], false],
      [1, ['pandas.series-reshape'], false],
    ]);
    expect(s.stopReason).toBe('no-fix');
    expect(s.errorsAfter).toEqual([{ cellIndex: 1, ename: 'NameError' }]);
    expect(s.unresolved).toEqual([
      {
        cellIndex: 1,
        ename: 'NameError',
        evalue: "name 'helper_from_another_notebook' is not defined",
        reason: 'no-rule',
        detail: 'no rule in the catalog matches this error',
        ruleIds: [],
      },
    ]);
    const store = openStore(db);
    try {
      const job = store.jobs.require(s.jobId);
      expect(job.unresolved.map((u) => [u.cellIndex, u.reason])).toEqual([[1, 'no-rule']]);
      const best = store.iterations.list(s.jobId).at(-1)!;
      expect(best.report.errors.map((e) => e.cellIndex)).toEqual([1]);
    } finally {
      store.close();
    }
    // the plain summary names what is left too
    const again = await runCli(['modernize', notebook, '--python', TEST_PYTHON], { db });
    expect(again.stdout).toContain("left: cell 1 NameError: name 'helper_from_another_notebook' is not defined");
    expect(again.stdout).toContain('no-rule: no rule in the catalog matches this error');
  }, 300_000);

  it('retries an execution whose runner died before the first cell, and keeps the fix it was running', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'db.sqlite');
    const notebook = writeNotebook(dir, 'gap.ipynb', GAP);
    // the second start (iteration 1, the first fix's version) dies once: retried, the fix is judged on the retry
    const r = await runCli(['modernize', notebook, '--json', '--python', flakyPython(dir, [1])], { db });
    expect(r.code, r.stderr).toBe(0);
    const s = jsonOf<Summary>(r);
    expect(s.fixes.map((f) => f.failed)).toEqual([false, false]);
    expect(s.iterations).toBe(3);
    const store = openStore(db);
    try {
      const logs = store.logs.tail(s.jobId, { limit: 1000 }).map((l) => l.text);
      expect(
        logs.some(
          (t) =>
            /ended before its first cell started \(the runner exited with code 1 before the first cell started, without reporting a result/.test(
              t,
            ) && t.includes('retrying (1/2)'),
        ),
      ).toBe(true);
    } finally {
      store.close();
    }
  }, 300_000);

  it('fails the job, resumable, when the kernel never comes up; the fix is neither judged nor dropped', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'db.sqlite');
    const notebook = writeNotebook(dir, 'gap.ipynb', GAP);
    const python = flakyPython(dir, [1, 2, 3]);
    const r = await runCli(['modernize', notebook, '--json', '--python', python], { db });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "the notebook's kernel never came up (3 attempts; last: the runner exited with code 1 before the first cell started",
    );
    const store = openStore(db);
    try {
      const job = store.jobs.list({ limit: 1 }).items[0]!;
      expect(job.status).toBe('failed');
      expect(job.error?.code).toBe('runtime-unavailable');
      const iterations = store.iterations.list(job.id);
      // only iteration 0 is stored, with its fix, not marked failed
      expect(iterations.map((it) => [it.index, it.fix?.ruleIds, it.fixFailed])).toEqual([
        [0, ['pandas.series-reshape'], false],
      ]);
      // the runtime works again: the job goes on from the fix it had chosen
      const resumed = await runCli(['modernize', '--resume', job.id, '--json'], { db });
      expect(resumed.code, resumed.stderr).toBe(0);
      const s = jsonOf<Summary>(resumed);
      expect(s.iterations).toBe(3);
      expect(s.fixes.map((f) => [f.iteration, f.failed])).toEqual([
        [0, false],
        [1, false],
      ]);
      expect(s.unresolved.map((u) => u.cellIndex)).toEqual([1]);
    } finally {
      store.close();
    }
  }, 300_000);

  it('says a run stopped before the first cell started when the time limit ends before the kernel is up', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'db.sqlite');
    const notebook = writeNotebook(dir, 'slow.ipynb', ['x = 1\n']);
    const r = await runCli(['run', notebook, '--json', '--python', TEST_PYTHON, '--timeout', '0.2'], { db });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the notebook exceeded the time limit of');
    expect(r.stderr).toContain('stopped before the first cell started');
    expect(r.stderr).not.toContain('while before');
  }, 120_000);
});
