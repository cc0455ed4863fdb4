// The corpus table's rows: filtering, search and sorting of job summaries, done in the renderer over the whole
// list (10k jobs sort in a few ms) so every column can be sorted, not only the ones the store indexes.
import type { JobSummary } from '../../../shared/contracts/schemas';
import type { ReviewVerdict } from '../../../shared/models/review';

export type SortKey =
  'case' | 'competition' | 'status' | 'outcome' | 'iterations' | 'score' | 'fixes' | 'cost' | 'review' | 'created';

export interface JobFilter {
  search: string;
  status: string | null;
  outcome: string | null;
  review: 'any' | 'unreviewed' | ReviewVerdict;
}

export const EMPTY_FILTER: JobFilter = { search: '', status: null, outcome: null, review: 'any' };

/** Fixes proposed, as the host counts them; hosts that do not send the count: every iteration but the last. */
export function fixCount(job: JobSummary): number {
  if (job.fixes !== undefined) return job.fixes;
  return job.status === 'running' ? job.iterations : Math.max(0, job.iterations - 1);
}

/** Relative deviation of the score from the target, or null when either is missing. */
export function deviation(job: JobSummary): number | null {
  if (job.score == null || job.target == null || job.target === 0) return null;
  return Math.abs(job.score - job.target) / Math.abs(job.target);
}

export function filterJobs(jobs: readonly JobSummary[], f: JobFilter): JobSummary[] {
  const needle = f.search.trim().toLowerCase();
  return jobs.filter((j) => {
    if (f.status && j.status !== f.status) return false;
    if (f.outcome && (f.outcome === 'none' ? j.outcome !== null : j.outcome !== f.outcome)) return false;
    if (f.review === 'unreviewed' && j.reviewVerdict) return false;
    if (f.review !== 'any' && f.review !== 'unreviewed' && j.reviewVerdict !== f.review) return false;
    if (needle && !`${j.caseTitle}\n${j.caseId}\n${j.competition ?? ''}\n${j.id}`.toLowerCase().includes(needle))
      return false;
    return true;
  });
}

function key(j: JobSummary, k: SortKey): string | number | null {
  switch (k) {
    case 'case':
      return j.caseTitle.toLowerCase();
    case 'competition':
      return j.competition?.toLowerCase() ?? null;
    case 'status':
      return j.status;
    case 'outcome':
      return j.outcome;
    case 'iterations':
      return j.iterations;
    case 'score':
      return deviation(j);
    case 'fixes':
      return fixCount(j);
    case 'cost':
      return j.costUsd;
    case 'review':
      return j.reviewVerdict ?? null;
    case 'created':
      return j.createdAt;
  }
}

/** Stable sort; missing values always last, whatever the direction. */
export function sortJobs(jobs: readonly JobSummary[], k: SortKey, order: 'asc' | 'desc'): JobSummary[] {
  const dir = order === 'asc' ? 1 : -1;
  const decorated = jobs.map((j, i) => ({ j, i, v: key(j, k) }));
  decorated.sort((a, b) => {
    if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
    if (a.v < b.v) return -dir;
    if (a.v > b.v) return dir;
    return a.i - b.i;
  });
  return decorated.map((d) => d.j);
}
