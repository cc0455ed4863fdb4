// The modernization loop's records: verdicts, fixes, iterations, jobs and their outcome (docs/architecture.md, "The
// loop").
import { z } from 'zod';
import { ExecutionReportSchema } from './execution';
import { FidelitySchema, FidelityVerdictSchema } from './fidelity';

export const ProblemSchema = z.enum(['timeout', 'error', 'score-deviation']);
export type Problem = z.infer<typeof ProblemSchema>;

export const VerdictSchema = z.object({
  /** score reproduces the target (or there is no score spec and the run is error-free) */
  reproducible: z.boolean(),
  /** no errors other than pre-existing ones, and no timeout/crash */
  errorFree: z.boolean(),
  problem: ProblemSchema.nullable(),
  reason: z.string(),
  score: z.number().nullable(),
  target: z.number().nullable(),
  /** |s_r − s_t| / |s_t| when both exist */
  relativeDeviation: z.number().nullable(),
  /** one-sample t-test p-value when runs > 1 and scores vary */
  pValue: z.number().nullable(),
  /** fidelity: no target, judged on errors and on the share of the author's saved outputs reproduced */
  method: z.enum(['tolerance', 't-test', 'errors-only', 'no-score', 'fidelity']),
});
export type Verdict = z.infer<typeof VerdictSchema>;

/**
 * What a fix does, and what a rule does (Rule.kind): one list. `environment`: only lines that decorate the notebook
 * (watermark, widgets) were disabled, because their package is missing.
 */
export const FixTypeSchema = z.enum(['error-repair', 'runtime-reduction', 'score-calibration', 'environment']);
export type FixType = z.infer<typeof FixTypeSchema>;
export const FixSourceSchema = z.enum(['rules', 'llm', 'memory']);
export type FixSource = z.infer<typeof FixSourceSchema>;

export const CellEditSchema = z.object({
  cellIndex: z.number().int().nonnegative(),
  /** full new source of the cell; null deletes the cell */
  source: z.string().nullable(),
});
export type CellEdit = z.infer<typeof CellEditSchema>;

export const LineRewriteSchema = z.object({
  /** consecutive source lines (trailing spaces trimmed) the fix replaced */
  before: z.array(z.string()),
  after: z.array(z.string()),
});
export type LineRewrite = z.infer<typeof LineRewriteSchema>;

export const TranscriptMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});
export type TranscriptMessage = z.infer<typeof TranscriptMessageSchema>;

export const UsageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const RegressedCellSchema = z.object({
  /** index in the ORIGINAL notebook (as in the fidelity's cells) */
  cellIndex: z.number().int().nonnegative(),
  cellId: z.string().nullable(),
  before: FidelityVerdictSchema,
  after: FidelityVerdictSchema,
  /** what differs now */
  reason: z.string(),
});
export type RegressedCell = z.infer<typeof RegressedCellSchema>;

export const FidelityRegressionSchema = z.object({
  cells: z.array(RegressedCellSchema),
  /**
   * the fix otherwise helped and was failed for the regression alone: when no candidate without a regression is
   * found, the loop takes it back (fixFailed false, the flag kept for review)
   */
  soleReason: z.boolean(),
});
export type FidelityRegression = z.infer<typeof FidelityRegressionSchema>;

export const FixSchema = z.object({
  type: FixTypeSchema,
  source: FixSourceSchema,
  /** rule ids applied (rules), or the model name (llm) */
  ruleIds: z.array(z.string()).default([]),
  model: z.string().nullable().default(null),
  /** what the fix does and why, for a reader */
  plan: z.string(),
  edits: z.array(CellEditSchema),
  usage: UsageSchema.nullable().default(null),
  /** semantic-change flags (epochs, estimators, subsampling, seeds, removed cells …) */
  flags: z.array(z.string()).default([]),
  /** the error signature this fix addressed, for no-progress detection and fix memory */
  signature: z.string().nullable().default(null),
  /** line-level rewrites the fix makes, so fix memory can replay it on another notebook */
  rewrites: z.array(LineRewriteSchema).optional(),
  /** the conversation with the model (prompts and raw answers, a re-ask included), kept for review */
  transcript: z.array(TranscriptMessageSchema).optional(),
  /**
   * cells whose outputs the fix changed although it did not edit them (flag 'fidelity-regression'); set by the loop
   * once the fix's version ran
   */
  fidelityRegression: FidelityRegressionSchema.optional(),
});
export type Fix = z.infer<typeof FixSchema>;

/**
 * Why an error the job ended with was left alone, for the LLM fixer or a person to pick up: no rule answers it,
 * a rule matched but left the code alone (ambiguous, shadowed, not the pattern it rewrites), its edit was refused
 * (it would parse worse), it was tried and did not help, or the job stopped before trying it.
 */
export const UnresolvedReasonSchema = z.enum(['no-rule', 'ambiguous', 'refused', 'did-not-help', 'not-tried']);
export type UnresolvedReason = z.infer<typeof UnresolvedReasonSchema>;

export const UnresolvedErrorSchema = z.object({
  cellIndex: z.number().int().nonnegative(),
  cellId: z.string().nullable().default(null),
  ename: z.string(),
  /** first line of the message */
  evalue: z.string(),
  reason: UnresolvedReasonSchema,
  /** the reason in words, naming the rules concerned */
  detail: z.string(),
  /** rules whose error signature matches this error */
  ruleIds: z.array(z.string()).default([]),
});
export type UnresolvedError = z.infer<typeof UnresolvedErrorSchema>;

export const OutcomeSchema = z.enum(['reproducible', 'reproducible-with-errors', 'not-reproducible']);
export type Outcome = z.infer<typeof OutcomeSchema>;

export const StopReasonSchema = z.enum([
  'reproducible',
  'no-fix',
  'no-progress',
  'budget',
  'cancelled',
  'max-iterations',
  'failed',
  /** the worker running it died MAX_WORKER_LOSSES times (killed for missed heartbeats, crashed): not requeued again */
  'worker-lost',
]);
export type StopReason = z.infer<typeof StopReasonSchema>;

export const JobStatusSchema = z.enum(['queued', 'running', 'paused', 'done', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** Node's timers hold at most 2^31-1 ms (24.8 days); a longer one fires at once, so timeouts stay below it. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export const JobSettingsSchema = z.object({
  runtime: z.enum(['local', 'docker']).default('local'),
  python: z.string().nullable().default(null),
  image: z.string().nullable().default(null),
  gpus: z.string().default('none'),
  timeoutMs: z
    .number()
    .int()
    .positive()
    .max(MAX_TIMEOUT_MS, { message: `timeoutMs must be at most ${MAX_TIMEOUT_MS} ms (24.8 days)` })
    .default(600_000),
  runs: z.number().int().positive().default(1),
  // at least one execution, as the CLI's --max-iterations requires
  maxIterations: z.number().int().min(1, { message: 'maxIterations must be at least 1' }).default(16),
  tolerance: z.number().positive().default(0.1),
  alpha: z.number().positive().default(0.05),
  /** without a target score: the least output fidelity (share of the author's comparable outputs) that reproduces */
  fidelityThreshold: z.number().min(0).max(1).default(0.9),
  fixers: z.array(z.enum(['rules', 'llm'])).default(['rules']),
  network: z.boolean().default(false),
  /**
   * the user's URL map: URL → absolute path of a local copy, served inside the kernel to every opener (urllib,
   * requests, pandas, seaborn, scikit-learn fetchers) for every case; a case's own data.urls win over it
   */
  urlMap: z.record(z.string().min(1), z.string().min(1)).default({}),
});
export type JobSettings = z.infer<typeof JobSettingsSchema>;

export const IterationSchema = z.object({
  jobId: z.string(),
  index: z.number().int().nonnegative(),
  /** content hash of the executed notebook version (blob key) */
  versionHash: z.string(),
  /** content hash of the executed notebook with outputs, when kept */
  executedHash: z.string().nullable(),
  report: ExecutionReportSchema,
  verdict: VerdictSchema,
  /** the fix proposed after this iteration that produced the next version (null when the loop stopped) */
  fix: FixSchema.nullable(),
  /** the fix was tried and did not help (same error at the same place) */
  fixFailed: z.boolean().default(false),
  /** the executed outputs compared with the author's saved ones; null when not computed (no executed notebook) */
  fidelity: FidelitySchema.nullable().default(null),
  createdAt: z.string(),
});
export type Iteration = z.infer<typeof IterationSchema>;
