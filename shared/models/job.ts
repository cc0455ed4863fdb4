// One job, as the store keeps it and as the app API lists it. Both shapes derive from JobFieldsSchema, so a field
// added to a job is added once: the store's `Job` extends it with what only the store needs (lease, review,
// unresolved errors), the API's `JobSummary` (shared/contracts/schemas.ts) relaxes the fields older hosts omit.
import { z } from 'zod';
import { JobSettingsSchema, JobStatusSchema, OutcomeSchema, StopReasonSchema, UnresolvedErrorSchema } from './loop';
import { ReviewSchema } from './review';

const Id = z.string().min(1, 'an id is required');

/** Why a job failed: an ErrorCode (shared/lib/errors.ts) or another error's name, and its message. */
export const JobErrorSchema = z.object({ code: z.string(), message: z.string() });
export type JobError = z.infer<typeof JobErrorSchema>;

/** The fields a job's summary and its stored record share. */
export const JobFieldsSchema = z.object({
  id: Id,
  caseId: Id,
  caseTitle: z.string(),
  status: JobStatusSchema,
  priority: z.number().int(),
  settings: JobSettingsSchema,
  /** persisted iterations */
  iterations: z.number().int().nonnegative(),
  outcome: OutcomeSchema.nullable(),
  stopReason: StopReasonSchema.nullable(),
  bestIteration: z.number().int().nullable(),
  costUsd: z.number().nonnegative(),
  error: JobErrorSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  competition: z.string().nullable(),
  score: z.number().nullable(),
  /** output fidelity of the best iteration: share of the author's comparable outputs reproduced (issue 16); null
   * when not measured or no best iteration yet */
  fidelity: z.number().min(0).max(1).nullable(),
  target: z.number().nullable(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  /** fixes proposed (one per iteration at most), and those of them that did not help */
  fixes: z.number().int().nonnegative(),
  failedFixes: z.number().int().nonnegative(),
});

/** The stored job: the shared fields plus what only the store keeps. */
export const JobSchema = JobFieldsSchema.extend({
  updatedAt: z.string(),
  /** the worker running the job, and its last sign of life */
  workerId: z.string().nullable(),
  heartbeatAt: z.string().nullable(),
  /** how often a worker has claimed the job (> 1: it was resumed) */
  attempts: z.number().int().nonnegative(),
  cancelRequested: z.boolean(),
  review: ReviewSchema.nullable(),
  /** errors the finished job was left with and why no fix applied (empty while running or when none are left) */
  unresolved: z.array(UnresolvedErrorSchema),
});
export type Job = z.infer<typeof JobSchema>;
