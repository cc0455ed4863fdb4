// `npm run bench:targets`: target discovery against the corpus manifests — top-1 and top-3 accuracy (goal: the
// manifest's target first in ≥ 8 of 10 cases, among the first three in all), a hit being a candidate in the
// manifest's score cell whose value equals the target. With --fidelity, each case is also modernized (`nbrevive
// modernize`, the rules fixer) and the output fidelity of its recovered notebook (the job's best version) printed
// beside that of its unmodified run, with the means over the corpus and over the recovered cases: slow (minutes),
// so opt-in. Python: NBREVIVE_PYTHON, else today's stack when built, else /usr/bin/python3.
// Run: node bin/nbrevive.mjs --script test/bench/targets.ts [--fidelity] [--cases a,b]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discoverTargets } from '../../shared/lib/target-discovery';
import { loadCase } from '../../main/core/case/case-loader';
import { readNotebookFile } from '../../main/core/notebook/notebook-file';
import { openStore } from '../../main/core/store';
import { CORPUS_DIR, CORPUS_SKIP_REASON, REPO_ROOT } from '../helpers/corpus';
import { TODAY_PYTHON } from '../helpers/python-stacks';

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
const python = process.env.NBREVIVE_PYTHON ?? TODAY_PYTHON ?? '/usr/bin/python3';
/** per case with fidelity measured: the unmodified run's, the recovered (best) version's, and whether it recovered */
const fidelities: { original: number | null; recovered: number | null; reproduced: boolean }[] = [];
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
  if (withFidelity) line += `  ${modernizeFidelity(id)}`;
  console.log(line);
}
console.log('');
console.log(`top-1: ${top1}/${counted}   top-3: ${top3}/${counted}   (goal: top-1 ≥ 8 of 10, top-3 all)`);
if (withFidelity) {
  const mean = (xs: (number | null)[]) => {
    const known = xs.filter((x): x is number => x !== null);
    return known.length
      ? `${(known.reduce((x, y) => x + y, 0) / known.length).toFixed(3)} over ${known.length}`
      : 'n/a';
  };
  const recovered = fidelities.filter((f) => f.reproduced);
  console.log(`output fidelity in ${python}:`);
  console.log(`  recovered notebooks (outcome reproducible*): mean ${mean(recovered.map((f) => f.recovered))} case(s)`);
  console.log(
    `  every modernized notebook (best version):     mean ${mean(fidelities.map((f) => f.recovered))} case(s)`,
  );
  console.log(
    `  the unmodified originals:                     mean ${mean(fidelities.map((f) => f.original))} case(s)`,
  );
}

/** Modernizes one case and reads the fidelity of its unmodified run (iteration 0) and of its best version. */
function modernizeFidelity(id: string): string {
  const run = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'bin/nbrevive.mjs'), 'modernize', path.join(corpus, id), '--json', '--db', db],
    {
      env: { ...process.env, NBREVIVE_PYTHON: python, FORCE_COLOR: '0' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  let out: { jobId?: string; outcome?: string | null; bestIteration?: number | null };
  try {
    out = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as typeof out;
  } catch {
    return `modernize failed: ${run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}`}`;
  }
  if (!out.jobId) return `modernize failed: ${run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}`}`;
  const store = openStore(db);
  try {
    const iterations = store.iterations.list(out.jobId);
    const best = iterations.find((i) => i.index === out.bestIteration) ?? iterations.at(-1);
    const original = iterations[0]?.fidelity ?? null;
    const recovered = best?.fidelity ?? null;
    const reproduced = (out.outcome ?? '').startsWith('reproducible');
    fidelities.push({ original: original?.score ?? null, recovered: recovered?.score ?? null, reproduced });
    const f = (x: number | null | undefined) => (x == null ? 'n/a' : x.toFixed(3));
    const notComparable = recovered?.cells.filter((c) => c.verdict === 'not-comparable').length ?? 0;
    return `fidelity ${f(original?.score)} → ${f(recovered?.score)} of ${recovered?.comparable ?? 0} (${out.outcome ?? 'no outcome'}, iteration ${best?.index ?? '-'}; ${notComparable} cell(s) not comparable)`;
  } finally {
    store.close();
  }
}
