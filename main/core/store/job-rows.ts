// How a job is read from SQL (jobs.ts writes and queries them): the row with its case's title and the counts of
// its fixes, the columns the list sorts by, and the row as the Job every caller sees (settings stored by earlier
// versions made valid).
import { z } from 'zod';
import {
  JobSettingsSchema,
  JobStatus,
  MAX_TIMEOUT_MS,
  Outcome,
  StopReason,
  UnresolvedErrorSchema,
} from '../../../shared/models/loop';
import type { Job } from '../../../shared/models/job';
import type { ReviewVerdict } from '../../../shared/models/review';
import { iso, isoOrNull } from './context';
import type { JobSortKey } from './jobs';

export interface JobRow {
  rid: number;
  id: string;
  case_id: string;
  case_title: string;
  competition: string | null;
  status: JobStatus;
  priority: number;
  settings: string;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
  outcome: Outcome | null;
  stop_reason: StopReason | null;
  best_iteration: number | null;
  iterations: number;
  fix_count: number;
  failed_fix_count: number;
  best_fidelity: number | null;
  score: number | null;
  target: number | null;
  cost_usd: number;
  prompt_tokens: number;
  completion_tokens: number;
  error_code: string | null;
  error_message: string | null;
  worker_id: string | null;
  heartbeat_at: number | null;
  attempts: number;
  cancel_requested: number;
  review_verdict: ReviewVerdict | null;
  review_note: string | null;
  reviewed_at: number | null;
  unresolved: string | null;
}

// The fix counts come from the iterations' primary key (job_id, idx): a short range scan per job of the page.
export const SELECT_JOB = `SELECT j.*, j.rowid AS rid, c.title AS case_title, c.competition AS competition,
  (SELECT count(*) FROM iterations i WHERE i.job_id = j.id AND i.fix IS NOT NULL) AS fix_count,
  (SELECT count(*) FROM iterations i WHERE i.job_id = j.id AND i.fix IS NOT NULL AND i.fix_failed = 1) AS failed_fix_count,
  (SELECT i.fidelity_score FROM iterations i WHERE i.job_id = j.id AND i.idx = j.best_iteration) AS best_fidelity
  FROM jobs j JOIN cases c ON c.id = j.case_id`;

export const SORT_COLUMNS: Record<JobSortKey, string> = {
  createdAt: 'j.created_at',
  startedAt: 'j.started_at',
  finishedAt: 'j.finished_at',
  updatedAt: 'j.updated_at',
  priority: 'j.priority',
  status: 'j.status',
  score: 'j.score',
  iterations: 'j.iterations',
  costUsd: 'j.cost_usd',
  caseTitle: 'c.title COLLATE NOCASE',
  outcome: 'j.outcome',
};

export const NOT_NULL_SORT_COLUMNS = new Set([
  'j.created_at',
  'j.updated_at',
  'j.priority',
  'j.status',
  'j.iterations',
  'j.cost_usd',
  'c.title COLLATE NOCASE',
]);

/**
 * Settings as stored by earlier versions, made valid: the API once accepted maxIterations 0 (the loop ran it as
 * one execution) and timeouts past Node's timer range (which fired at once; the longest valid one is meant).
 */
function legacySettings(stored: Record<string, unknown>): Record<string, unknown> {
  const out = { ...stored };
  if (typeof out.maxIterations === 'number' && out.maxIterations < 1) out.maxIterations = 1;
  if (typeof out.timeoutMs === 'number' && out.timeoutMs > MAX_TIMEOUT_MS) out.timeoutMs = MAX_TIMEOUT_MS;
  return out;
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    caseId: row.case_id,
    caseTitle: row.case_title,
    competition: row.competition,
    status: row.status,
    priority: row.priority,
    settings: JobSettingsSchema.parse(legacySettings(JSON.parse(row.settings))),
    createdAt: iso(row.created_at),
    startedAt: isoOrNull(row.started_at),
    finishedAt: isoOrNull(row.finished_at),
    updatedAt: iso(row.updated_at),
    outcome: row.outcome,
    stopReason: row.stop_reason,
    bestIteration: row.best_iteration,
    iterations: row.iterations,
    fixes: row.fix_count,
    failedFixes: row.failed_fix_count,
    score: row.score,
    fidelity: row.best_fidelity ?? null,
    target: row.target,
    costUsd: row.cost_usd,
    promptTokens: row.prompt_tokens,
    completionTokens: row.completion_tokens,
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    workerId: row.worker_id,
    heartbeatAt: isoOrNull(row.heartbeat_at),
    attempts: row.attempts,
    cancelRequested: row.cancel_requested !== 0,
    review:
      row.review_verdict === null
        ? null
        : {
            jobId: row.id,
            verdict: row.review_verdict,
            note: row.review_note ?? '',
            updatedAt: iso(row.reviewed_at ?? row.updated_at),
          },
    unresolved: row.unresolved == null ? [] : z.array(UnresolvedErrorSchema).parse(JSON.parse(row.unresolved)),
  };
}
