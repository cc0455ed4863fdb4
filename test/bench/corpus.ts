// bench:corpus — every case of ../shared/corpus through `nbrevive corpus run` with the rules fixer: the outcome
// table, the recovery rate of the eroded cases (goal ≥ 60 %) and whether any control case got worse.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const corpus = process.env.NBREVIVE_CORPUS ?? path.resolve(root, '../shared/corpus');
if (!fs.existsSync(path.join(corpus, 'README.md'))) {
  console.log(`bench:corpus skipped: the shared corpus was not found at ${corpus} (set NBREVIVE_CORPUS)`);
  process.exit(0);
}
const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-bench-corpus-')), 'db.sqlite');
const fixers = process.env.BENCH_FIXERS ?? 'rules';
const concurrency = process.env.BENCH_CONCURRENCY ?? '2';
const t0 = performance.now();
const r = spawnSync(process.execPath, [path.join(root, 'bin/nbrevive.mjs'), 'corpus', 'run', corpus, '--json', '--fixers', fixers, '--concurrency', concurrency], {
  cwd: root,
  env: { ...process.env, NBREVIVE_DB: db },
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (r.status !== 0) throw new Error(`corpus run failed (${r.status})`);
const stats = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
const wall = (performance.now() - t0) / 1000;

interface Row { caseId: string; outcome: string | null; firstErrorBefore: string | null; fixes: string[]; score: number | null; target: number | null; iterations: number; similarity: number | null }
const rows: Row[] = stats.rows;
const expectedOf = (id: string) => JSON.parse(fs.readFileSync(path.join(corpus, id, 'nbrevive.case.json'), 'utf8')).expected ?? {};
const eroded = rows.filter((row) => expectedOf(row.caseId).status !== 'ok');
const controls = rows.filter((row) => expectedOf(row.caseId).status === 'ok');
const recovered = eroded.filter((row) => row.outcome === 'reproducible' || row.outcome === 'reproducible-with-errors');
const errorFree = eroded.filter((row) => row.outcome === 'reproducible');
const fmt = (x: number | null) => (x === null ? '-' : String(Number(x.toPrecision(6))));

console.log('| case | first error before | fixes | outcome | score | target | edit similarity |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  const similarity = row.similarity === null ? '-' : row.similarity.toFixed(3);
  console.log(`| ${row.caseId} | ${row.firstErrorBefore ?? '-'} | ${row.fixes.join(', ') || '-'} | ${row.outcome ?? '-'} | ${fmt(row.score)} | ${fmt(row.target)} | ${similarity} |`);
}
console.log('');
console.log(`eroded cases recovered (reproducible or with errors): ${recovered.length}/${eroded.length} = ${((100 * recovered.length) / Math.max(1, eroded.length)).toFixed(0)}% (goal ≥ 60%); error-free: ${errorFree.length}`);
console.log(`control cases still reproducible: ${controls.filter((c) => c.outcome === 'reproducible').length}/${controls.length}`);
console.log(`fixes: ${JSON.stringify(stats.fixes)}`);
console.log(`edit similarity to the original: mean ${stats.editSimilarity.mean?.toFixed(3) ?? '-'}, median ${stats.editSimilarity.median?.toFixed(3) ?? '-'}`);
console.log(`wall time ${wall.toFixed(0)} s with --concurrency ${concurrency}`);
