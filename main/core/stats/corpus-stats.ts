// The paper's tables over a set of jobs: outcomes, fixes by type and source, error types before and after,
// iterations to success, cost, edit similarity. Used by `nbrevive corpus run`, the API's stats and the dashboard.
import { bucketOf, histogramBuckets } from '../../../shared/lib/histogram';
import { parseNotebook } from '../../../shared/lib/ipynb';
import { editSimilarity } from '../../../shared/lib/notebook-edits';
import { median } from '../../../shared/lib/statistics';
import type { Iteration, Outcome } from '../../../shared/models/loop';
import type { Job, Store } from '../store';

export interface CorpusStats {
  jobs: number;
  outcomes: Record<Outcome | 'unfinished', number>;
  fixes: { byType: Record<string, number>; bySource: Record<string, number>; failed: number; total: number };
  errorTypes: { before: Record<string, number>; after: Record<string, number> };
  /** successful jobs (reproducible or with errors) by the number of fixes they needed */
  fixesToSuccess: Record<string, number>;
  meanFixesToSuccess: { reproducible: number | null; withErrors: number | null };
  usage: { promptTokens: number; completionTokens: number; costUsd: number };
  /** similarity of each finished job's best version to its original (0..1): mean, median, histogram */
  editSimilarity: { mean: number | null; median: number | null; buckets: Record<string, number> };
  rows: CorpusRow[];
}

export interface CorpusRow {
  jobId: string;
  caseId: string;
  outcome: Outcome | null;
  stopReason: string | null;
  firstErrorBefore: string | null;
  fixes: string[];
  iterations: number;
  score: number | null;
  target: number | null;
  /** edit similarity of the best version to the original; null without iterations */
  similarity: number | null;
  /** output fidelity of the best version (issue 16); null when not measured */
  fidelity: number | null;
}

/** Histogram buckets of edit similarity, lower bound inclusive, in display order. */
export const SIMILARITY_BUCKETS = histogramBuckets(
  ['< 0.50', '0.50–0.80', '0.80–0.90', '0.90–0.95', '0.95–0.99', '0.99–1', 'unchanged'],
  [0.5, 0.8, 0.9, 0.95, 0.99, 1],
);

export function similarityBucket(value: number): string {
  return bucketOf(SIMILARITY_BUCKETS, value);
}

const inc = (record: Record<string, number>, key: string, by = 1) => {
  record[key] = (record[key] ?? 0) + by;
};

/** A job's fixes in iteration order, with whether each failed and the iteration that proposed it. */
type JobFix = { fix: NonNullable<Iteration['fix']>; failed: boolean; index: number };

export function corpusStats(store: Store, jobs: readonly Job[]): CorpusStats {
  const stats = emptyStats(jobs.length);
  const similarityToOriginal = similarityReader(store);
  const similarities: number[] = [];
  const successFixes: Record<'reproducible' | 'withErrors', number[]> = { reproducible: [], withErrors: [] };
  for (const job of jobs) {
    const iterations: Iteration[] = store.iterations.list(job.id);
    const fixes: JobFix[] = iterations.flatMap((it) =>
      it.fix ? [{ fix: it.fix, failed: it.fixFailed, index: it.index }] : [],
    );
    const first = iterations[0];
    const best = iterations.find((it) => it.index === job.bestIteration) ?? iterations.at(-1);
    countJob(stats, job, fixes, first, best);
    if (job.outcome === 'reproducible' || job.outcome === 'reproducible-with-errors') {
      // fixes that led to the best version: those proposed before it
      const needed = fixes.filter((f) => f.index < (job.bestIteration ?? 0)).length;
      inc(stats.fixesToSuccess, String(needed));
      successFixes[job.outcome === 'reproducible' ? 'reproducible' : 'withErrors'].push(needed);
    }
    const similarity = best ? similarityToOriginal(job.caseId, best.versionHash) : null;
    if (similarity !== null && job.outcome !== null) {
      similarities.push(similarity);
      inc(stats.editSimilarity.buckets, similarityBucket(similarity));
    }
    stats.rows.push(corpusRow(job, iterations, fixes, similarity));
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  stats.editSimilarity.mean = mean(similarities);
  stats.editSimilarity.median = similarities.length ? median(similarities) : null;
  stats.meanFixesToSuccess = {
    reproducible: mean(successFixes.reproducible),
    withErrors: mean(successFixes.withErrors),
  };
  return stats;
}

function emptyStats(jobs: number): CorpusStats {
  return {
    jobs,
    outcomes: { reproducible: 0, 'reproducible-with-errors': 0, 'not-reproducible': 0, unfinished: 0 },
    fixes: { byType: {}, bySource: {}, failed: 0, total: 0 },
    errorTypes: { before: {}, after: {} },
    fixesToSuccess: {},
    meanFixesToSuccess: { reproducible: null, withErrors: null },
    usage: { promptTokens: 0, completionTokens: 0, costUsd: 0 },
    editSimilarity: {
      mean: null,
      median: null,
      buckets: Object.fromEntries(SIMILARITY_BUCKETS.map((b) => [b.label, 0])),
    },
    rows: [],
  };
}

/**
 * The edit similarity of a version to its case's original. Each pair of versions is parsed once per database: the
 * value is cached by the two content hashes.
 */
function similarityReader(store: Store): (caseId: string, versionHash: string) => number {
  const originals = new Map<string, string>();
  const originalHash = (caseId: string) => {
    let hash = originals.get(caseId);
    if (hash === undefined) originals.set(caseId, (hash = store.cases.require(caseId).originalHash));
    return hash;
  };
  const similarityOf = (before: string, after: string) =>
    store.similarity.getOrCompute(before, after, () =>
      editSimilarity(parseNotebook(store.blobs.getText(before)), parseNotebook(store.blobs.getText(after))),
    );
  return (caseId, versionHash) => similarityOf(originalHash(caseId), versionHash);
}

/** A job's outcome, usage, fixes and the error types of its first and best runs, added to the totals. */
function countJob(
  stats: CorpusStats,
  job: Job,
  fixes: readonly JobFix[],
  first: Iteration | undefined,
  best: Iteration | undefined,
): void {
  inc(stats.outcomes, job.outcome ?? 'unfinished');
  stats.usage.promptTokens += job.promptTokens;
  stats.usage.completionTokens += job.completionTokens;
  stats.usage.costUsd += job.costUsd;
  for (const { fix, failed } of fixes) {
    inc(stats.fixes.byType, fix.type);
    inc(stats.fixes.bySource, fix.source);
    stats.fixes.total++;
    if (failed) stats.fixes.failed++;
  }
  for (const e of first?.report.errors ?? []) if (!e.preExisting) inc(stats.errorTypes.before, e.ename);
  for (const e of best?.report.errors ?? []) if (!e.preExisting) inc(stats.errorTypes.after, e.ename);
}

function corpusRow(
  job: Job,
  iterations: readonly Iteration[],
  fixes: readonly JobFix[],
  similarity: number | null,
): CorpusRow {
  const firstErr = iterations[0]?.report.errors.find((e) => !e.preExisting);
  return {
    jobId: job.id,
    caseId: job.caseId,
    outcome: job.outcome,
    stopReason: job.stopReason,
    firstErrorBefore: firstErr ? `${firstErr.cellIndex}: ${firstErr.ename}` : null,
    fixes: fixes.map(
      (f) =>
        (f.fix.ruleIds.length ? f.fix.ruleIds.join('+') : `${f.fix.source}:${f.fix.type}`) +
        (f.failed ? ' (failed)' : ''),
    ),
    iterations: iterations.length,
    score: job.score,
    target: job.target,
    similarity,
    fidelity: job.fidelity,
  };
}
