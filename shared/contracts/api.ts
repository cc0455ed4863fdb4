// The app API between the renderer and the host (Electron IPC or HTTP+SSE): every channel declared once, with its
// zod schemas. Clients and the host's handler table are typed from this map (see channel.ts).
import { z } from 'zod';
import { ExecutionReportSchema } from '../models/execution';
import { FixSchema, VerdictSchema } from '../models/loop';
import { FidelitySchema } from '../models/fidelity';
import { NotebookSchema } from '../models/notebook';
import { ReviewSchema } from '../models/review';
import { ClientOf, event, EventKeys, HandlersOf, invoke, InvokeKeys } from './channel';
import {
  AppSettingsSchema,
  DockerImagesOutputSchema,
  Empty,
  ExportBatchInputSchema,
  ExportNotebookInputSchema,
  ExportOutputSchema,
  ExportReportInputSchema,
  IterationDiffInputSchema,
  IterationFinishedEventSchema,
  IterationRef,
  IterationSummarySchema,
  IterationVersionInputSchema,
  JobDetailSchema,
  JobEnqueueInputSchema,
  JobListInputSchema,
  JobProgressEventSchema,
  JobRef,
  JobSummarySchema,
  LogLineSchema,
  LogTailInputSchema,
  NotebookSideSchema,
  pageOf,
  QueueChangedEventSchema,
  QueueStatusSchema,
  ReviewSetInputSchema,
  RuntimeCheckInputSchema,
  RuntimeCheckOutputSchema,
  RuntimeListOutputSchema,
  SettingsSetInputSchema,
  StatsInputSchema,
  StatsSchema,
} from './schemas';
import {
  CaseDetailSchema,
  CaseImportInputSchema,
  CaseImportOutputSchema,
  CaseListInputSchema,
  CaseSetTargetsInputSchema,
  CaseSetTargetsOutputSchema,
  CaseSummarySchema,
  CaseTargetsInputSchema,
  CaseTargetsOutputSchema,
  CaseUploadInputSchema,
  CaseUploadOutputSchema,
} from './case-schemas';
import { WorkersListOutputSchema, WorkerTokenNameSchema, WorkerTokenSchema } from './remote-worker';

export const API = {
  // cases
  'app:cases.import': invoke(CaseImportInputSchema, CaseImportOutputSchema),
  /** notebooks or folders sent by a browser, in chunks; the last call (finish) imports them */
  'app:cases.upload': invoke(CaseUploadInputSchema, CaseUploadOutputSchema),
  'app:cases.list': invoke(CaseListInputSchema, pageOf(CaseSummarySchema)),
  'app:cases.get': invoke(z.object({ caseId: z.string().min(1, 'caseId is required') }).strict(), CaseDetailSchema),
  /** the target candidates of cases (from their saved outputs), to accept or change after an import */
  'app:cases.targets': invoke(CaseTargetsInputSchema, CaseTargetsOutputSchema),
  /** stores the chosen candidate (or none) as each case's score spec and target */
  'app:cases.setTargets': invoke(CaseSetTargetsInputSchema, CaseSetTargetsOutputSchema),

  // jobs
  'app:jobs.enqueue': invoke(JobEnqueueInputSchema, z.object({ jobs: z.array(JobSummarySchema) })),
  'app:jobs.list': invoke(JobListInputSchema, pageOf(JobSummarySchema)),
  'app:jobs.get': invoke(JobRef, JobDetailSchema),
  'app:jobs.cancel': invoke(JobRef, JobSummarySchema),
  /** requeues a failed or cancelled job; it resumes from its last persisted iteration */
  'app:jobs.retry': invoke(JobRef, JobSummarySchema),
  'app:jobs.setPriority': invoke(
    z.object({ jobId: z.string().min(1), priority: z.number().int() }).strict(),
    JobSummarySchema,
  ),

  // queue
  'app:queue.status': invoke(Empty, QueueStatusSchema),
  'app:queue.pause': invoke(Empty, QueueStatusSchema),
  'app:queue.resume': invoke(Empty, QueueStatusSchema),
  'app:queue.setConcurrency': invoke(
    z.object({ concurrency: z.number().int().min(1, 'concurrency must be at least 1').max(64) }).strict(),
    QueueStatusSchema,
  ),

  // iterations
  'app:iterations.list': invoke(JobRef, z.object({ items: z.array(IterationSummarySchema) })),
  'app:iterations.getVersion': invoke(
    IterationVersionInputSchema,
    z.object({ hash: z.string(), notebook: NotebookSchema }),
  ),
  'app:iterations.getReport': invoke(
    IterationRef,
    z.object({ report: ExecutionReportSchema, verdict: VerdictSchema, fidelity: FidelitySchema.nullable().optional() }),
  ),
  'app:iterations.getFix': invoke(IterationRef, z.object({ fix: FixSchema.nullable(), fixFailed: z.boolean() })),
  /** the two notebooks to compare (the UI renders the diff) */
  'app:iterations.diff': invoke(
    IterationDiffInputSchema,
    z.object({ before: NotebookSideSchema, after: NotebookSideSchema }),
  ),

  // logs
  'app:logs.tail': invoke(LogTailInputSchema, z.object({ lines: z.array(LogLineSchema) })),

  // runtimes
  'app:runtimes.list': invoke(Empty, RuntimeListOutputSchema),
  'app:runtimes.check': invoke(RuntimeCheckInputSchema, RuntimeCheckOutputSchema),
  /** the Docker engine's local images and the image presets */
  'app:runtimes.images': invoke(Empty, DockerImagesOutputSchema),

  // settings
  'app:settings.get': invoke(Empty, AppSettingsSchema),
  'app:settings.set': invoke(SettingsSetInputSchema, AppSettingsSchema),

  // reviews
  'app:reviews.get': invoke(JobRef, z.object({ review: ReviewSchema.nullable() })),
  'app:reviews.set': invoke(ReviewSetInputSchema, ReviewSchema),

  // exports
  'app:exports.notebook': invoke(ExportNotebookInputSchema, ExportOutputSchema),
  'app:exports.batch': invoke(ExportBatchInputSchema, ExportOutputSchema),
  'app:exports.report': invoke(ExportReportInputSchema, ExportOutputSchema),

  // stats
  'app:stats.corpus': invoke(StatsInputSchema, StatsSchema),

  // remote workers (the distributed mode: `serve --queue`, `nbrevive worker --queue`)
  'app:workers.list': invoke(Empty, WorkersListOutputSchema),
  'app:workers.tokens': invoke(Empty, z.object({ items: z.array(WorkerTokenSchema) })),
  /** the secret is shown once: give it to the worker with --token */
  'app:workers.createToken': invoke(
    z.object({ name: WorkerTokenNameSchema }).strict(),
    z.object({ token: WorkerTokenSchema, secret: z.string() }),
  ),
  'app:workers.revokeToken': invoke(z.object({ tokenId: z.string().min(1) }).strict(), WorkerTokenSchema),

  // events
  'app:jobs.progress': event(JobProgressEventSchema),
  'app:iterations.finished': event(IterationFinishedEventSchema),
  'app:logs.line': event(LogLineSchema),
  'app:queue.changed': event(QueueChangedEventSchema),
} as const;

export type Api = typeof API;
export type ApiChannel = keyof Api;
export type ApiInvokeChannel = InvokeKeys<Api>;
export type ApiEventChannel = EventKeys<Api>;
/** What the renderer calls: `window.nbrevive` (Electron preload) and `createHttpApi` (browser) both implement it. */
export type NbreviveApi = ClientOf<Api>;
/** The host's handler table: one function per invoke channel. */
export type ApiHandlers<Ctx = void> = HandlersOf<Api, Ctx>;

export const API_INVOKE_CHANNELS = (Object.keys(API) as ApiChannel[]).filter(
  (k): k is ApiInvokeChannel => API[k].kind === 'invoke',
);
export const API_EVENT_CHANNELS = (Object.keys(API) as ApiChannel[]).filter(
  (k): k is ApiEventChannel => API[k].kind === 'event',
);
