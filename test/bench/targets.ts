// `npm run bench:targets`: target discovery against the corpus manifests — top-1 and top-3 accuracy (goal: the
// manifest's target first in ≥ 8 of 10 cases, among the first three in all), a hit being a candidate in the
// manifest's score cell whose value equals the target. With --fidelity, each original notebook is also run
// unmodified (`nbrevive run`, in NBREVIVE_PYTHON, default /usr/bin/python3) and the mean output fidelity printed:
// slow (minutes), so opt-in. Run: node bin/nbrevive.mjs --script test/bench/targets.ts [--fidelity] [--cases a,b]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discoverTargets } from '../../shared/lib/target-discovery';
import { loadCase } from '../../main/core/case/case-loader';
import { readNotebookFile } from '../../main/core/notebook/notebook-file';
import { CORPUS_DIR, CORPUS_SKIP_REASON, REPO_ROOT } from '../helpers/corpus';

const withFidelity = process.argv.includes('--fidelity');
const casesArg = process.argv.indexOf('--cases');
const only = casesArg >= 0 ? new Set((process.argv[casesArg + 1] ?? '').split(',')) : null;

if (!CORPUS_DIR) {
  console.log(`bench:targets ${CORPUS_SKIP_REASON}`);
  process.exit(0);
}
const corpus = CORPUS_DIR;
const ids = fs
  .readdirSync(corpus)
  .filter((d) => fs.existsSync(path.join(corpus, d, 'nbrevive.case.json')) && (!only || only.has(d)))
  .sort();
let top1 = 0;
let top3 = 0;
let counted = 0;
const fidelities: number[] = [];
const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-bench-targets-')), 'db.sqlite');
console.log('case                               rank  target          top candidate');
for (const id of ids) {
  const resolved = await loadCase(path.join(corpus, id));
  if (resolved.score.kind !== 'output' || !resolved.target) continue;
  counted++;
  const t0 = performance.now();
  const candidates = discoverTargets(await readNotebookFile(resolved.notebookPath), { limit: 10 });
  const ms = performance.now() - t0;
  const { cellIndex } = resolved.score;
  const value = resolved.target.value;
  const rank =
    candidates.findIndex(
      (c) => c.cellIndex === cellIndex && Math.abs(c.value - value) <= 1e-9 * Math.max(1, Math.abs(value)),
    ) + 1;
  if (rank === 1) top1++;
  if (rank >= 1 && rank <= 3) top3++;
  const first = candidates[0];
  const shown = first ? `cell ${first.cellIndex} ${first.metric} ${first.value}` : 'none';
  let line = `${id.padEnd(34)} ${String(rank || '-').padStart(4)}  ${`${value} @${cellIndex}`.padEnd(15)} ${shown} (${ms.toFixed(0)} ms)`;
  if (withFidelity) {
    const run = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'bin/nbrevive.mjs'), 'run', path.join(corpus, id), '--json', '--db', db],
      {
        env: { ...process.env, NBREVIVE_PYTHON: process.env.NBREVIVE_PYTHON ?? '/usr/bin/python3', FORCE_COLOR: '0' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
      fidelity?: { score: number | null; comparable: number; cells: { verdict: string }[] } | null;
    };
    const f = out.fidelity;
    if (f && f.score !== null) fidelities.push(f.score);
    const notComparable = f?.cells.filter((c) => c.verdict === 'not-comparable').length ?? 0;
    line += `  fidelity ${f?.score == null ? 'n/a' : f.score.toFixed(3)} of ${f?.comparable ?? 0} (${notComparable} cell(s) not comparable)`;
  }
  console.log(line);
}
console.log('');
console.log(`top-1: ${top1}/${counted}   top-3: ${top3}/${counted}   (goal: top-1 ≥ 8 of 10, top-3 all)`);
if (withFidelity) {
  const mean = fidelities.length ? fidelities.reduce((a, b) => a + b, 0) / fidelities.length : Number.NaN;
  console.log(
    `mean output fidelity of the unmodified notebooks in ${process.env.NBREVIVE_PYTHON ?? '/usr/bin/python3'}: ${mean.toFixed(3)} over ${fidelities.length} case(s)`,
  );
}
