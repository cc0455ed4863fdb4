// Benchmark of the persistent queue: seeds 10k jobs over 1k cases in a temp database and prints list-query latency
// (p50/p95 over repeated runs) for the filters the UI uses, plus claim and log-append costs.
// Run: node bin/nbrevive.mjs --script test/bench/queue-store.ts [--jobs N] [--runs N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JobListQuery, openStore } from '../../main/core/store';
import { JobStatus, Outcome } from '../../shared/models/loop';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const JOBS = arg('jobs', 10_000);
const RUNS = arg('runs', 100);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-bench-queue-'));
const store = openStore(path.join(dir, 'bench.db'));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function time(fn: () => unknown, runs = RUNS): { p50: number; p95: number } {
  fn(); // warm the statement cache
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

try {
  const seedStart = performance.now();
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const competitions = ['titanic', 'house-prices', 'digit-recognizer', 'bike-sharing', 'santander', null];
  const statuses: JobStatus[] = ['queued', 'running', 'done', 'done', 'done', 'failed', 'cancelled'];
  const outcomes: Outcome[] = ['reproducible', 'reproducible-with-errors', 'not-reproducible'];
  const original = store.blobs.put('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}');
  const caseIds = store.transaction(() =>
    Array.from({ length: Math.max(1, Math.round(JOBS / 10)) }, (_, i) => {
      const root = `/corpus/case-${i}`;
      return store.cases.upsert(
        {
          id: `case-${i}`,
          title: `${i % 7 === 0 ? 'Titanic' : 'Notebook'} ${i}`,
          root,
          notebookPath: `${root}/notebook.ipynb`,
          dataDir: null,
          files: {},
          dirs: [],
          urls: {},
          score: { kind: 'none' },
          target: { value: 0.8, higherIsBetter: true },
          created: '2018',
          competition: competitions[i % competitions.length] ?? null,
          manifest: null,
        },
        original,
      ).id;
    }),
  );
  store.transaction(() => {
    for (let i = 0; i < JOBS; i++) {
      const job = store.jobs.create({
        caseId: caseIds[Math.floor(random() * caseIds.length)]!,
        priority: Math.floor(random() * 3),
      });
      const status = statuses[Math.floor(random() * statuses.length)]!;
      if (status !== 'queued') {
        store.jobs.update(job.id, {
          status,
          outcome: status === 'done' ? outcomes[Math.floor(random() * outcomes.length)]! : null,
          score: status === 'done' ? random() : null,
        });
      }
    }
  });
  const seedMs = performance.now() - seedStart;
  const someCase = caseIds[3]!;
  const queries: [string, JobListQuery][] = [
    ['all, newest first (page 1)', { limit: 50 }],
    ['all, deep page (offset 9000)', { limit: 50, offset: Math.max(0, JOBS - 1000) }],
    ['status = queued, by priority', { status: 'queued', sort: 'priority', limit: 50 }],
    ['status in (queued, running)', { status: ['queued', 'running'], limit: 50 }],
    ['status = done, by score', { status: 'done', sort: 'score', limit: 50 }],
    ['one case', { caseId: someCase, limit: 50 }],
    ['competition', { competition: 'titanic', limit: 50 }],
    ['outcome = reproducible', { outcome: 'reproducible', limit: 50 }],
    ['search "titanic"', { search: 'titanic', limit: 50 }],
    ['by case title', { sort: 'caseTitle', order: 'asc', limit: 50 }],
  ];
  console.log(
    `queue store benchmark: ${JOBS} jobs over ${caseIds.length} cases, seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} runs per query`,
  );
  console.log(`${'query'.padEnd(34)} ${'total'.padStart(6)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}`);
  let worst = 0;
  for (const [name, q] of queries) {
    const total = store.jobs.list(q).total;
    const { p50, p95 } = time(() => store.jobs.list(q));
    worst = Math.max(worst, p95);
    console.log(
      `${name.padEnd(34)} ${String(total).padStart(6)}  ${p50.toFixed(2).padStart(8)}  ${p95.toFixed(2).padStart(8)}`,
    );
  }
  const cases = time(() => store.cases.list({ limit: 50 }));
  console.log(
    `${'cases list (latest job per case)'.padEnd(34)} ${String(caseIds.length).padStart(6)}  ${cases.p50.toFixed(2).padStart(8)}  ${cases.p95.toFixed(2).padStart(8)}`,
  );
  const counts = time(() => store.jobs.countByStatus());
  console.log(
    `${'count by status'.padEnd(34)} ${''.padStart(6)}  ${counts.p50.toFixed(2).padStart(8)}  ${counts.p95.toFixed(2).padStart(8)}`,
  );
  const claim = time(() => store.jobs.claimNext('bench'), Math.min(RUNS, 200));
  console.log(
    `${'claimNext (write)'.padEnd(34)} ${''.padStart(6)}  ${claim.p50.toFixed(2).padStart(8)}  ${claim.p95.toFixed(2).padStart(8)}`,
  );
  const jobId = store.jobs.list({ limit: 1 }).items[0]!.id;
  const batch = Array.from({ length: 200 }, (_, i) => ({ jobId, stream: 'stdout' as const, text: `line ${i}\n` }));
  const logs = time(() => store.logs.append(batch), 50);
  console.log(
    `${'append 200 log lines'.padEnd(34)} ${''.padStart(6)}  ${logs.p50.toFixed(2).padStart(8)}  ${logs.p95.toFixed(2).padStart(8)}`,
  );
  console.log(`worst list p95: ${worst.toFixed(2)} ms (goal < 100 ms)`);
} finally {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
