// The paper's tables over a set of jobs: outcomes, fixes by type and source, error types before and after,
// iterations to success, cost. Used by `nbrevive corpus run`, the API's stats and the dashboard.
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
}

const inc = (record: Record<string, number>, key: string, by = 1) => {
  record[key] = (record[key] ?? 0) + by;
};

export function corpusStats(store: Store, jobs: readonly Job[]): CorpusStats {
  const stats: CorpusStats = {
    jobs: jobs.length,
    outcomes: { reproducible: 0, 'reproducible-with-errors': 0, 'not-reproducible': 0, unfinished: 0 },
    fixes: { byType: {}, bySource: {}, failed: 0, total: 0 },
    errorTypes: { before: {}, after: {} },
    fixesToSuccess: {},
    meanFixesToSuccess: { reproducible: null, withErrors: null },
    usage: { promptTokens: 0, completionTokens: 0, costUsd: 0 },
    rows: [],
  };
  const successFixes: Record<'reproducible' | 'withErrors', number[]> = { reproducible: [], withErrors: [] };
  for (const job of jobs) {
    const iterations: Iteration[] = store.iterations.list(job.id);
    inc(stats.outcomes, job.outcome ?? 'unfinished');
    stats.usage.promptTokens += job.promptTokens;
    stats.usage.completionTokens += job.completionTokens;
    stats.usage.costUsd += job.costUsd;
    const fixes = iterations.flatMap((it) => (it.fix ? [{ fix: it.fix, failed: it.fixFailed, index: it.index }] : []));
    for (const { fix, failed } of fixes) {
      inc(stats.fixes.byType, fix.type);
      inc(stats.fixes.bySource, fix.source);
      stats.fixes.total++;
      if (failed) stats.fixes.failed++;
    }
    const first = iterations[0];
    const best = iterations.find((it) => it.index === job.bestIteration) ?? iterations.at(-1);
    for (const e of first?.report.errors ?? []) if (!e.preExisting) inc(stats.errorTypes.before, e.ename);
    for (const e of best?.report.errors ?? []) if (!e.preExisting) inc(stats.errorTypes.after, e.ename);
    if (job.outcome === 'reproducible' || job.outcome === 'reproducible-with-errors') {
      // fixes that led to the best version: those proposed before it
      const needed = fixes.filter((f) => f.index < (job.bestIteration ?? 0)).length;
      inc(stats.fixesToSuccess, String(needed));
      successFixes[job.outcome === 'reproducible' ? 'reproducible' : 'withErrors'].push(needed);
    }
    const firstErr = first?.report.errors.find((e) => !e.preExisting);
    stats.rows.push({
      jobId: job.id,
      caseId: job.caseId,
      outcome: job.outcome,
      stopReason: job.stopReason,
      firstErrorBefore: firstErr ? `${firstErr.cellIndex}: ${firstErr.ename}` : null,
      fixes: fixes.map((f) => (f.fix.ruleIds.length ? f.fix.ruleIds.join('+') : `${f.fix.source}:${f.fix.type}`) + (f.failed ? ' (failed)' : '')),
      iterations: iterations.length,
      score: job.score,
      target: job.target,
    });
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  stats.meanFixesToSuccess = { reproducible: mean(successFixes.reproducible), withErrors: mean(successFixes.withErrors) };
  return stats;
}
