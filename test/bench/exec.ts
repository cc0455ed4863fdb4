// bench:exec — the harness overhead of `nbrevive run` against bare nbclient executing the same notebook in the same
// run (alternating, median of N each), printed as ratios: ≤ 1.05 on a notebook that computes for ≥ 10 s, ≤ 1.1 (wall,
// start-up included) on a one-cell notebook. `nbrevive run` is the compiled command, as users start it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from '../../shared/lib/statistics';

const python = process.env.NBREVIVE_PYTHON ?? '/usr/bin/python3';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-bench-exec-'));
const root = path.resolve(import.meta.dirname, '../..');

const notebook = {
  cells: [
    { cell_type: 'markdown', metadata: {}, source: '# CPU-bound work for the overhead benchmark' },
    {
      cell_type: 'code',
      metadata: {},
      outputs: [],
      execution_count: null,
      source: 'import numpy as np, time\nrng = np.random.default_rng(0)',
    },
    {
      cell_type: 'code',
      metadata: {},
      outputs: [],
      execution_count: null,
      source: `t0 = time.time()\nacc = 0.0\nwhile time.time() - t0 < ${seconds}:\n    a = rng.standard_normal((200, 200))\n    acc += float(np.linalg.svd(a, compute_uv=False)[0])\nprint('done', round(acc, 2) > 0)`,
    },
  ],
  metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
  nbformat: 4,
  nbformat_minor: 5,
};
const oneCell = {
  ...notebook,
  cells: [{ cell_type: 'code', metadata: {}, outputs: [], execution_count: null, source: "print('hello')" }],
};

const bare = `
import sys, nbformat, nbclient
nb = nbformat.read(sys.argv[1], as_version=4)
nbclient.NotebookClient(nb, allow_errors=True, kernel_name='python3', resources={'metadata': {'path': sys.argv[2]}}).execute()
`;

function time(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return performance.now() - t0;
}

const work = path.join(dir, 'work');
fs.mkdirSync(work);

/** Alternating rounds of bare nbclient and `nbrevive run` (the compiled command, started from outside the checkout). */
function measure(name: string, nb: object, n: number): number {
  const file = path.join(dir, `${name}.ipynb`);
  fs.writeFileSync(file, JSON.stringify(nb));
  const bareTimes: number[] = [];
  const harnessTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    bareTimes.push(time(python, ['-c', bare, file, work]));
    harnessTimes.push(
      time(process.execPath, [path.join(root, 'bin/nbrevive.mjs'), 'run', file, '--json', '--python', python], {
        NBREVIVE_DB: path.join(dir, 'db.sqlite'),
      }),
    );
    console.log(
      `${name} round ${i + 1}: bare nbclient ${(bareTimes[i]! / 1000).toFixed(2)} s, nbrevive run ${(harnessTimes[i]! / 1000).toFixed(2)} s`,
    );
  }
  const ratio = median(harnessTimes) / median(bareTimes);
  console.log(
    `  ${name}: bare nbclient ${(median(bareTimes) / 1000).toFixed(2)} s, nbrevive run ${(median(harnessTimes) / 1000).toFixed(2)} s (medians of ${n})`,
  );
  return ratio;
}

const computeRatio = measure('compute', notebook, rounds);
const oneCellRatio = measure('one-cell', oneCell, Math.max(rounds, 5));
console.log(`\noverhead ratio, notebook computing ~${seconds} s  ${computeRatio.toFixed(3)}  (goal ≤ 1.05)`);
console.log(`overhead ratio, one-cell notebook (wall)  ${oneCellRatio.toFixed(3)}  (goal ≤ 1.1)`);
fs.rmSync(dir, { recursive: true, force: true });
