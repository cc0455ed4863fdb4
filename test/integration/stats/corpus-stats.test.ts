// Corpus statistics over a real SQLite file: fix counts on the job list (the queue table's "fixes" column) and
// edit similarity of each job's best version to its original (the dashboard's chart), cached by content hashes.
import { describe, expect, it } from 'vitest';
import { corpusStats, similarityBucket } from '../../../main/core/stats/corpus-stats';
import type { Store } from '../../../main/core/store';
import { makeFix, makeReport, makeVerdict, seedCase, useTempStores } from '../store/store-fixtures';

const stores = useTempStores();

/** A notebook of code cells (ids c0, c1 …) with the given sources. */
function nb(...sources: string[]): string {
  return JSON.stringify({
    cells: sources.map((source, i) => ({
      cell_type: 'code',
      id: `c${i}`,
      metadata: {},
      source,
      outputs: [],
      execution_count: null,
    })),
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  });
}

const ORIGINAL = ['import numpy as np\nx = np.float(1)\ny = 2', 'print(x)\nprint(y)\nz = x + y', 'w = 1\nv = 2'];

function seedJob(store: Store, caseKey: string, versions: string[][], failed: number[] = []) {
  const caseId = seedCase(store, caseKey);
  // the case's original is the first version
  const originalHash = store.blobs.put(nb(...(versions[0] ?? ORIGINAL)));
  store.db.prepare('UPDATE cases SET original_hash = ? WHERE id = ?').run(originalHash, caseId);
  const job = store.jobs.create({ caseId });
  versions.forEach((sources, index) => {
    const last = index === versions.length - 1;
    store.iterations.persist(
      {
        jobId: job.id,
        index,
        report: makeReport(last ? { status: 'ok', errors: [] } : {}),
        verdict: makeVerdict(last ? { reproducible: true, errorFree: true, problem: null } : {}),
        fix: last ? null : makeFix(),
        fixFailed: failed.includes(index),
      },
      { notebook: nb(...sources) },
    );
  });
  return store.jobs.update(job.id, { status: 'done', outcome: 'reproducible', bestIteration: versions.length - 1 });
}

describe('fix counts on jobs', () => {
  it('counts the fixes proposed and the failed ones per job, in get and list', () => {
    const store = stores.open();
    const three = seedJob(
      store,
      'three-fixes',
      [ORIGINAL, ORIGINAL.map((s) => `${s}\n# a`), ORIGINAL.map((s) => `${s}\n# b`), ORIGINAL.map((s) => `${s}\n# c`)],
      [1],
    );
    const none = seedJob(store, 'no-fix', [ORIGINAL]);
    expect(three).toMatchObject({ fixes: 3, failedFixes: 1, iterations: 4 });
    expect(none).toMatchObject({ fixes: 0, failedFixes: 0, iterations: 1 });
    const listed = store.jobs
      .list({ sort: 'createdAt', order: 'asc' })
      .items.map((j) => [j.caseId, j.fixes, j.failedFixes]);
    expect(listed).toEqual([
      [three.caseId, 3, 1],
      [none.caseId, 0, 0],
    ]);
  });
});

describe('edit similarity', () => {
  it('measures how much code the best version kept, buckets it, and caches each pair of versions', () => {
    const store = stores.open();
    // one line of 8 changed: 2·7 / 16 = 0.875
    const oneLine = seedJob(store, 'one-line', [
      ORIGINAL,
      [ORIGINAL[0]!.replace('np.float(1)', 'float(1)'), ORIGINAL[1]!, ORIGINAL[2]!],
    ]);
    // a whole cell rewritten (3 of 8 lines): 2·5 / 16 = 0.625
    const rewritten = seedJob(store, 'rewritten', [
      ORIGINAL,
      [ORIGINAL[0]!, 'print(1)\nprint(2)\nprint(3)', ORIGINAL[2]!],
    ]);
    const unchanged = seedJob(store, 'unchanged', [ORIGINAL]);
    const stats = corpusStats(store, [oneLine, rewritten, unchanged]);
    const byCase = Object.fromEntries(stats.rows.map((r) => [r.caseId, r.similarity]));
    expect(byCase[oneLine.caseId]).toBeCloseTo(0.875, 10);
    expect(byCase[rewritten.caseId]).toBeCloseTo(0.625, 10);
    expect(byCase[unchanged.caseId]).toBe(1);
    expect(stats.editSimilarity.mean).toBeCloseTo((0.875 + 0.625 + 1) / 3, 10);
    expect(stats.editSimilarity.median).toBeCloseTo(0.875, 10);
    expect(stats.editSimilarity.buckets).toMatchObject({ '0.50–0.80': 1, '0.80–0.90': 1, unchanged: 1, '< 0.50': 0 });
    // the two changed pairs are cached; an unchanged version needs no entry
    const cached = store.db.prepare('SELECT count(*) AS n FROM edit_similarity').get() as { n: number };
    expect(cached.n).toBe(2);
    // a cached value is what a second computation returns (poisoning the cache proves it is read)
    store.db.prepare('UPDATE edit_similarity SET value = 0.123').run();
    expect(corpusStats(store, [oneLine]).rows[0]?.similarity).toBe(0.123);
  });

  it('leaves unfinished jobs and jobs without iterations out of the histogram', () => {
    const store = stores.open();
    const caseId = seedCase(store, 'queued-only');
    const queued = store.jobs.create({ caseId });
    const stats = corpusStats(store, [queued]);
    expect(stats.rows[0]?.similarity).toBeNull();
    expect(stats.editSimilarity.mean).toBeNull();
    expect(Object.values(stats.editSimilarity.buckets).every((n) => n === 0)).toBe(true);
  });

  it('buckets at the boundaries: lower bounds are inclusive, 1 is unchanged', () => {
    expect([0, 0.49, 0.5, 0.8, 0.9, 0.95, 0.99, 0.999, 1].map(similarityBucket)).toEqual([
      '< 0.50',
      '< 0.50',
      '0.50–0.80',
      '0.80–0.90',
      '0.90–0.95',
      '0.95–0.99',
      '0.99–1',
      '0.99–1',
      'unchanged',
    ]);
  });
});
