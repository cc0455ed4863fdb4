// The distributed mode's wire contract (issue 17): what a remote worker (`nbrevive worker --queue … --host …`)
// and the host exchange over HTTP under /api/worker/*, and what the app API shows of workers and their tokens.
// The queue itself is BullMQ on Redis; it carries only job ids. Everything a job needs and everything it produces
// goes through these requests, so the host's SQLite store stays the one record.
import { z } from 'zod';
import { ResolvedCaseSchema } from '../models/case';
import { ExecutionReportSchema } from '../models/execution';
import { FidelitySchema } from '../models/fidelity';
import {
  FixSchema,
  JobSettingsSchema,
  OutcomeSchema,
  StopReasonSchema,
  UnresolvedErrorSchema,
  VerdictSchema,
} from '../models/loop';
import { ErrorInfoSchema } from './channel';
import { JobProgressEventSchema } from './schemas';

/** The BullMQ queue every host and worker of one deployment shares (the Redis key prefix separates deployments). */
export const REMOTE_QUEUE_NAME = 'nbrevive-jobs';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

export const WorkerGpuSchema = z.object({ index: z.number().int().nonnegative(), name: z.string() });

/** What a worker says about itself with every heartbeat (shown on the runtimes screen). */
export const WorkerHelloSchema = z.object({
  workerId: z.string().min(1).max(200),
  machine: z.string().max(200),
  pid: z.number().int(),
  slots: z.number().int().positive(),
  gpus: z.array(WorkerGpuSchema).default([]),
  version: z.string().max(50).default(''),
});

export const WorkerHeartbeatSchema = WorkerHelloSchema.extend({ running: z.array(z.string()).max(256) });
export const WorkerHeartbeatAnswerSchema = z.object({
  /** running jobs whose cancel was asked for: abort them (they end cancelled) */
  cancel: z.array(z.string()),
  /** running jobs this worker no longer owns (requeued, taken over): stop them without reporting an end */
  lost: z.array(z.string()),
});

/** One file of a case bundle: where it goes below the bundle folder, and its content address. */
export const BundleFileSchema = z.object({ path: z.string(), sha256: Sha256, size: z.number().int().nonnegative() });

/** An iteration the host already stored (a resumed job starts after the last one). */
export const WireIterationSchema = z.object({
  index: z.number().int().nonnegative(),
  report: ExecutionReportSchema,
  verdict: VerdictSchema,
  fix: FixSchema.nullable(),
  fixFailed: z.boolean(),
  fidelity: FidelitySchema.nullable().optional(),
  createdAt: z.string(),
  /** the executed version and the executed notebook, as blobs to fetch by hash */
  versionHash: Sha256,
  executedHash: Sha256.nullable(),
});

export type WireIteration = z.infer<typeof WireIterationSchema>;

/** A stored iteration's wire fields, the same both ways: the host resuming a job, the worker sending one back. */
export function wireIteration(it: WireIteration): WireIteration {
  return {
    index: it.index,
    report: it.report,
    verdict: it.verdict,
    fix: it.fix,
    fixFailed: it.fixFailed,
    fidelity: it.fidelity ?? null,
    createdAt: it.createdAt,
    versionHash: it.versionHash,
    executedHash: it.executedHash,
  };
}

export const ClaimInputSchema = z.object({ workerId: z.string().min(1), jobId: z.string().min(1) });
export const ClaimAnswerSchema = z.discriminatedUnion('run', [
  /** nothing to run: the job ended, was cancelled or deleted while it waited in the queue */
  z.object({ run: z.literal(false), status: z.string() }),
  z.object({
    run: z.literal(true),
    job: z.object({
      id: z.string(),
      settings: JobSettingsSchema,
      target: z.number().nullable(),
      priority: z.number().int(),
      attempts: z.number().int(),
      startedAt: z.string().nullable(),
    }),
    /** the case with the host's paths; `paths` maps each of them to a path below the bundle folder */
    case: ResolvedCaseSchema,
    originalHash: Sha256,
    files: z.array(BundleFileSchema),
    paths: z.record(z.string(), z.string()),
    iterations: z.array(WireIterationSchema),
  }),
]);
export type ClaimAnswer = z.infer<typeof ClaimAnswerSchema>;

/** An iteration as the worker persisted it, with its notebooks inline; sent again when its fix is set or judged. */
export const IterationPutSchema = z.object({
  workerId: z.string().min(1),
  jobId: z.string().min(1),
  ...WireIterationSchema.shape,
  /** serialized .ipynb; omitted when the host has the blob already (`versionHash`) */
  notebook: z.string().optional(),
  executed: z.string().nullable().optional(),
});
export const IterationPutAnswerSchema = z.object({ stored: z.enum(['inserted', 'updated', 'unchanged']) });

export const LogsPutSchema = z.object({
  workerId: z.string().min(1),
  jobId: z.string().min(1),
  /** the worker's own sequence numbers: a resend of lines the host has is dropped */
  lines: z
    .array(
      z.object({
        seq: z.number().int().positive(),
        iteration: z.number().int().nullable(),
        stream: z.enum(['stdout', 'stderr', 'system']),
        text: z.string(),
        at: z.string(),
      }),
    )
    .max(5000),
});

export const ProgressPutSchema = z.object({ workerId: z.string().min(1), event: JobProgressEventSchema });

export const FinishInputSchema = z.object({
  workerId: z.string().min(1),
  jobId: z.string().min(1),
  /** 'paused': the worker stopped (shutdown) and the job goes back to the queue */
  status: z.enum(['done', 'failed', 'cancelled', 'paused']),
  outcome: OutcomeSchema.nullable(),
  stopReason: StopReasonSchema.nullable(),
  bestIteration: z.number().int().nullable(),
  score: z.number().nullable(),
  error: ErrorInfoSchema.nullable(),
  unresolved: z.array(UnresolvedErrorSchema).default([]),
});
export const FinishAnswerSchema = z.object({ status: z.string() });

// ---------- the app API's view (runtimes screen, token management)

export const RemoteWorkerInfoSchema = z.object({
  workerId: z.string(),
  /** the name of the token it authenticated with */
  tokenName: z.string(),
  machine: z.string(),
  pid: z.number().int(),
  slots: z.number().int().nonnegative(),
  gpus: z.array(WorkerGpuSchema),
  running: z.array(z.string()),
  lastSeenAt: z.string(),
  /** heard from within the heartbeat timeout */
  alive: z.boolean(),
});
export type RemoteWorkerInfo = z.infer<typeof RemoteWorkerInfoSchema>;

export const WorkersListOutputSchema = z.object({
  /** 'local': the embedded queue (no remote workers); 'redis': BullMQ, with the URL shown without its password */
  backend: z.enum(['local', 'redis']),
  queueUrl: z.string().nullable(),
  items: z.array(RemoteWorkerInfoSchema),
});

export const WorkerTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type WorkerToken = z.infer<typeof WorkerTokenSchema>;

export const WorkerTokenNameSchema = z
  .string()
  .min(1, 'name the worker (e.g. its machine)')
  .max(100)
  .regex(/^[\w.@-]+$/, 'a token name is letters, digits, . _ @ -');
