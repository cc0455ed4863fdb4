// The request/response shapes of the app API (renderer ↔ host): what the UI lists, shows and sends. Domain records
// (reports, verdicts, fixes, settings) are reused from shared/models so one schema describes each thing.
import { z } from 'zod';
import { EnvironmentDescriptionSchema, ExecutionReportSchema, RuntimeCheckSchema } from '../models/execution';
import {
  FixSourceSchema,
  FixTypeSchema,
  JobSettingsSchema,
  JobStatusSchema,
  OutcomeSchema,
  VerdictSchema,
} from '../models/loop';
import { PriceSchema } from '../models/llm';
import { JobFieldsSchema } from '../models/job';
import { ReviewSchema, ReviewVerdictSchema } from '../models/review';

const Id = z.string().min(1, 'an id is required');
const JobRef = z.object({ jobId: Id }).strict();
const Empty = z.object({}).strict();
export const EmptySchema = Empty;

export const PagingSchema = z.object({
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().positive().max(1000, 'limit must be at most 1000').default(100),
});
export const SortOrderSchema = z.enum(['asc', 'desc']);

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative() });
}

// ---------- jobs and queue
/** A job as the app API lists it: the stored job's shared fields (shared/models/job.ts), those for the UI's corpus
 * table optional (older hosts omit them), and the review's verdict. */
export const JobSummarySchema = JobFieldsSchema.partial({
  competition: true,
  score: true,
  fidelity: true,
  target: true,
  promptTokens: true,
  completionTokens: true,
  fixes: true,
  failedFixes: true,
}).extend({
  reviewVerdict: ReviewVerdictSchema.nullable().optional(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

export const JobEnqueueInputSchema = z
  .object({
    caseIds: z.array(Id).min(1, 'caseIds must name at least one case'),
    settings: JobSettingsSchema.partial().default({}),
    priority: z.number().int().default(0),
  })
  .strict();

export const JobListInputSchema = PagingSchema.extend({
  status: z.array(JobStatusSchema).optional(),
  caseId: Id.optional(),
  outcome: OutcomeSchema.optional(),
  sort: z.enum(['createdAt', 'priority', 'finishedAt']).default('createdAt'),
  order: SortOrderSchema.default('desc'),
}).strict();

export const JobDetailSchema = z.object({ job: JobSummarySchema, review: ReviewSchema.nullable() });

export const QueueStatusSchema = z.object({
  paused: z.boolean(),
  concurrency: z.number().int().positive(),
  queued: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  /** live worker processes */
  workers: z.number().int().nonnegative(),
});
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

// ---------- iterations
export const IterationSummarySchema = z.object({
  jobId: Id,
  index: z.number().int().nonnegative(),
  versionHash: z.string(),
  status: ExecutionReportSchema.shape.status,
  wallTimeMs: z.number().nonnegative(),
  errorCount: z.number().int().nonnegative(),
  score: z.number().nullable(),
  verdict: VerdictSchema,
  fix: z
    .object({ type: FixTypeSchema, source: FixSourceSchema, plan: z.string(), flags: z.array(z.string()).optional() })
    .nullable(),
  fixFailed: z.boolean(),
  /** output fidelity of this iteration (null: not measured; optional: older hosts omit it) */
  fidelity: z.number().min(0).max(1).nullable().optional(),
  createdAt: z.string(),
});
export type IterationSummary = z.infer<typeof IterationSummarySchema>;

const IterationRef = z.object({ jobId: Id, index: z.number().int().nonnegative() }).strict();

export const IterationVersionInputSchema = IterationRef.extend({
  /** the executed notebook (with outputs) instead of the version as it was given to the runtime */
  executed: z.boolean().default(false),
}).strict();

export const NotebookSideSchema = z.object({
  label: z.string(),
  hash: z.string(),
  /** the whole notebook as JSON text */
  text: z.string(),
  cells: z.array(
    z.object({ index: z.number().int(), id: z.string().nullable(), cellType: z.string(), source: z.string() }),
  ),
});
export type NotebookSide = z.infer<typeof NotebookSideSchema>;

export const IterationDiffInputSchema = IterationRef.extend({
  against: z.enum(['original', 'previous']),
}).strict();

// ---------- logs
export const LogLineSchema = z.object({
  jobId: Id,
  /** increasing per job: the order lines were written */
  seq: z.number().int().nonnegative(),
  iteration: z.number().int().nullable(),
  stream: z.enum(['stdout', 'stderr', 'system']),
  text: z.string(),
  at: z.string(),
});
export type LogLine = z.infer<typeof LogLineSchema>;

export const LogTailInputSchema = z
  .object({
    jobId: Id,
    limit: z.number().int().positive().max(5000).default(500),
    /** only lines with seq greater than this */
    afterSeq: z.number().int().optional(),
  })
  .strict();

// ---------- runtimes
export const PythonCandidateSchema = z.object({
  path: z.string(),
  version: z.string().nullable(),
  source: z.string(),
  /** nbclient + ipykernel importable: can execute notebooks */
  usable: z.boolean(),
  note: z.string().nullable().default(null),
});
export const RuntimeListOutputSchema = z.object({
  pythons: z.array(PythonCandidateSchema),
  gpus: z.array(z.string()),
});
export const DockerImagesOutputSchema = z.object({
  /** false: the engine is unreachable; message says why and what to do */
  ok: z.boolean(),
  message: z.string(),
  address: z.string(),
  images: z.array(
    z.object({
      id: z.string(),
      tags: z.array(z.string()),
      sizeBytes: z.number().nonnegative(),
      created: z.string(),
      /** the preset this image is (kaggle, kaggle-gpu, nbrevive), if any */
      preset: z.string().nullable(),
    }),
  ),
  /** the presets, whether each is present, and the command that gets it */
  presets: z.array(
    z.object({
      name: z.string(),
      image: z.string(),
      description: z.string(),
      gpu: z.boolean(),
      present: z.boolean(),
      hint: z.string(),
    }),
  ),
});
export const RuntimeCheckInputSchema = z
  .object({
    runtime: z.enum(['local', 'docker']).default('local'),
    python: z.string().nullable().default(null),
    image: z.string().nullable().default(null),
  })
  .strict();
export const RuntimeCheckOutputSchema = RuntimeCheckSchema.extend({
  environment: EnvironmentDescriptionSchema.nullable(),
});

// ---------- settings (the API key never crosses: the renderer only learns whether one is stored)
export const AppSettingsSchema = z.object({
  defaults: JobSettingsSchema,
  llm: z.object({
    baseUrl: z.string().nullable(),
    model: z.string().nullable(),
    hasKey: z.boolean(),
    /** USD cap per job, and over every job in the database; null: none */
    budgetUsd: z.number().nonnegative().nullable(),
    totalBudgetUsd: z.number().nonnegative().nullable().default(null),
    /** the user's price table (USD per 1M tokens by model), merged over `defaultPrices` */
    prices: z.record(z.string(), PriceSchema).default({}),
    /** the built-in list prices, for display */
    defaultPrices: z.record(z.string(), PriceSchema).default({}),
  }),
  concurrency: z.number().int().positive(),
  /** the distributed queue `serve` uses when started without --queue (password masked); null: the embedded queue */
  queueUrl: z.string().nullable().optional(),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
export const SettingsSetInputSchema = z
  .object({
    defaults: JobSettingsSchema.partial().optional(),
    llm: z
      .object({
        baseUrl: z
          .string()
          .regex(/^https?:\/\/[^\s/]+\S*$/i, 'baseUrl must be a URL such as http://localhost:8000/v1')
          .nullable()
          .optional(),
        model: z.string().nullable().optional(),
        /** a new key; null removes the stored one */
        apiKey: z.string().nullable().optional(),
        budgetUsd: z.number().nonnegative().nullable().optional(),
        totalBudgetUsd: z.number().nonnegative().nullable().optional(),
        /** replaces the user's price table; a model priced here overrides its default */
        prices: z.record(z.string().min(1, 'a model name is required'), PriceSchema).optional(),
      })
      .strict()
      .optional(),
    /** the Redis URL of the distributed queue (docs/scale-out.md), used from the next host start; null: none */
    queueUrl: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'queueUrl must be redis://HOST:PORT or rediss://… (TLS)')
      .nullable()
      .optional(),
  })
  .strict();

// ---------- reviews (functional equivalence of the modernized notebook, judged by a person)
export const ReviewSetInputSchema = z
  .object({ jobId: Id, verdict: ReviewVerdictSchema, note: z.string().max(20_000).default('') })
  .strict();

// ---------- exports: written to `path` on the host when given, returned as text otherwise
export const ExportNotebookInputSchema = z
  .object({
    jobId: Id,
    /** default: the job's best iteration */
    index: z.number().int().nonnegative().optional(),
    path: z.string().optional(),
  })
  .strict();
export const ExportBatchInputSchema = z
  .object({
    jobIds: z.array(Id).min(1, 'jobIds must name at least one job'),
    dir: z.string().min(1, 'dir is required'),
  })
  .strict();
export const ExportReportInputSchema = z
  .object({
    jobIds: z.array(Id).optional(),
    format: z.enum(['csv', 'json']),
    path: z.string().optional(),
  })
  .strict();
export const ExportOutputSchema = z.object({
  path: z.string().nullable(),
  content: z.string().nullable(),
  count: z.number().int(),
});

// ---------- stats (the corpus tables of the paper, over finished jobs)
export const StatsInputSchema = z
  .object({
    /** default: every job with an outcome */
    jobIds: z.array(Id).optional(),
    competition: z.string().optional(),
  })
  .strict();
const Counts = z.record(z.string(), z.number());
export const StatsSchema = z.object({
  jobs: z.number().int().nonnegative(),
  /** per outcome, plus 'unfinished' */
  outcomes: Counts,
  fixes: z.object({ byType: Counts, bySource: Counts, failed: z.number().int(), total: z.number().int() }),
  /** error names (not pre-existing) in the first iteration vs. in the best iteration */
  errorTypes: z.object({ before: Counts, after: Counts }),
  /** successful jobs by the number of fixes they needed */
  fixesToSuccess: Counts,
  meanFixesToSuccess: z.object({ reproducible: z.number().nullable(), withErrors: z.number().nullable() }),
  usage: z.object({ promptTokens: z.number().int(), completionTokens: z.number().int(), costUsd: z.number() }),
  /** how much of the original code the best version kept (0..1, see editSimilarity), over jobs with an outcome */
  editSimilarity: z
    .object({ mean: z.number().nullable(), median: z.number().nullable(), buckets: Counts })
    .default({ mean: null, median: null, buckets: {} }),
  rows: z.array(
    z.object({
      jobId: z.string(),
      caseId: z.string(),
      outcome: OutcomeSchema.nullable(),
      stopReason: z.string().nullable(),
      firstErrorBefore: z.string().nullable(),
      fixes: z.array(z.string()),
      iterations: z.number().int(),
      score: z.number().nullable(),
      target: z.number().nullable(),
      /** edit similarity of the best version to the original; null without iterations */
      similarity: z.number().nullable().default(null),
      /** output fidelity of the best version; null when not measured */
      fidelity: z.number().nullable().default(null),
    }),
  ),
});
export type Stats = z.infer<typeof StatsSchema>;

// ---------- events
export const JobPhaseSchema = z.enum(['queued', 'preparing', 'executing', 'judging', 'fixing', 'finished']);
export const JobProgressEventSchema = z.object({
  jobId: Id,
  status: JobStatusSchema,
  phase: JobPhaseSchema,
  iteration: z.number().int().nullable(),
  maxIterations: z.number().int().nullable(),
  /** "cell i of n" while executing */
  cell: z.object({ ordinal: z.number().int(), count: z.number().int() }).nullable().default(null),
  message: z.string().nullable().default(null),
});
export type JobProgressEvent = z.infer<typeof JobProgressEventSchema>;
export const IterationFinishedEventSchema = IterationSummarySchema;
export const QueueChangedEventSchema = QueueStatusSchema.extend({ reason: z.string() });

export { Id, JobRef, IterationRef, Empty };
