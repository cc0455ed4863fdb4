// The host ↔ worker contract: messages over a process port (child_process IPC today, Electron's utilityProcess
// later). The worker claims queued jobs from the shared SQLite file itself; these messages steer it and carry its
// events back so the host can forward them to clients.
import { z } from 'zod';
import { ErrorInfoSchema } from './channel';
import { IterationFinishedEventSchema, JobProgressEventSchema, LogLineSchema } from './schemas';

export const HostToWorkerMessageSchema = z.discriminatedUnion('type', [
  /** how many jobs to run at once and whether to claim new ones; sent at start and on every change */
  z.object({
    type: z.literal('configure'),
    concurrency: z.number().int().positive(),
    paused: z.boolean(),
    /** the LLM API key the host keeps (file or safeStorage): sent over the port, never through the environment,
     * so notebook kernels never see it; absent: the worker uses OPENAI_API_KEY */
    llmApiKey: z.string().nullable().optional(),
  }),
  /** a job was queued: look for work now instead of at the next poll */
  z.object({ type: z.literal('wake') }),
  z.object({ type: z.literal('cancel'), jobId: z.string() }),
  /** finish nothing more: abort running jobs (they stay resumable) and exit */
  z.object({ type: z.literal('shutdown') }),
]);
export type HostToWorkerMessage = z.infer<typeof HostToWorkerMessageSchema>;

export const WorkerEventSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('app:jobs.progress'), payload: JobProgressEventSchema }),
  z.object({ channel: z.literal('app:iterations.finished'), payload: IterationFinishedEventSchema }),
  z.object({ channel: z.literal('app:logs.line'), payload: LogLineSchema }),
]);
export type WorkerEvent = z.infer<typeof WorkerEventSchema>;
/** what a sender passes (schema defaults not yet applied) */
export type WorkerEventInput = z.input<typeof WorkerEventSchema>;

export const WorkerToHostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), workerId: z.string(), pid: z.number().int() }),
  z.object({ type: z.literal('heartbeat'), workerId: z.string(), running: z.array(z.string()), at: z.number() }),
  z.object({ type: z.literal('job-started'), jobId: z.string() }),
  z.object({
    type: z.literal('job-ended'),
    jobId: z.string(),
    status: z.enum(['done', 'failed', 'cancelled', 'interrupted']),
    error: ErrorInfoSchema.nullable(),
  }),
  z.object({ type: z.literal('event'), event: WorkerEventSchema }),
  /** something went wrong outside any job (the worker keeps running) */
  z.object({ type: z.literal('error'), error: ErrorInfoSchema }),
]);
export type WorkerToHostMessage = z.infer<typeof WorkerToHostMessageSchema>;
export type WorkerToHostMessageInput = z.input<typeof WorkerToHostMessageSchema>;
