// `nbrevive worker --queue redis://… --host URL --token T` (issue 17): a worker on any machine. BullMQ hands it job
// ids (one per slot at a time; a slot per GPU, else one, or --slots N); for each it claims the job from the host,
// fetches the case bundle into its cache, runs the modernization loop with this machine's runtimes on a local
// SQLite file seeded with the host's iterations (so a job resumes after the host's last stored one), and copies
// every iteration, log line and progress event to the host as soon as it is persisted (queue/job-sync.ts). It
// heartbeats to the host, which shows it on the runtimes screen and tells it about cancels. A worker killed
// mid-job stops renewing its BullMQ lock: BullMQ's stalled-job check hands the job to another worker, which takes
// it over from the host's last stored iteration.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'bullmq';
import { ClaimAnswerSchema, REMOTE_QUEUE_NAME } from '../../../shared/contracts/remote-worker';
import { toErrorInfo } from '../../../shared/lib/errors';
import { parseQueueUrl } from '../../core/distributed/redis-url';
import { listHostGpus } from '../../core/runtime/docker/gpu';
import { openStore, type Store } from '../../core/store';
import type { ClaimedJobRunner } from '../claimed-job';
import { loopJobDependencies } from '../loop-job-dependencies';
import { createLoopJobRunner } from '../loop-job-runner';
import { CaseCache } from './case-cache';
import { HostClient, NotOwnerError, TokenRefusedError } from './host-client';
import { JobSync, seedLocalJob } from './job-sync';

export interface RemoteWorkerOptions {
  queueUrl: string;
  hostUrl: string;
  token: string;
  /** jobs at once (default: one per GPU, else one) */
  slots?: number;
  /** bundles and per-job databases (default ~/.cache/nbrevive-worker or NBREVIVE_WORKER_CACHE) */
  cacheDir?: string;
  /** this machine's Python for local-runtime jobs (default: the job's, else detected) */
  python?: string | null;
  heartbeatMs?: number;
  /** BullMQ's lock: a worker silent this long has its jobs handed to another (default 30 s) */
  lockMs?: number;
  /** tests and benchmarks: `createRunner(store): ClaimedJobRunner` instead of the loop */
  runnerModule?: string;
  log?: (line: string) => void;
  /** job lines (started, ended) */
  out?: (line: string) => void;
}

interface Running {
  controller: AbortController;
  lost: boolean;
}

export function defaultWorkerCache(): string {
  return process.env.NBREVIVE_WORKER_CACHE ?? path.join(os.homedir(), '.cache', 'nbrevive-worker');
}

/** What the jobs of one worker process share. */
interface WorkerContext {
  options: RemoteWorkerOptions;
  client: HostClient;
  cache: CaseCache;
  cacheDir: string;
  workerId: string;
  createRunner: (store: Store) => ClaimedJobRunner;
  /** the jobs this process runs now */
  running: Map<string, Running>;
  log: (line: string) => void;
  out: (line: string) => void;
  /** the host refused the token: the worker stops, with exit code 2 */
  refused: () => void;
}

type Hello = {
  workerId: string;
  machine: string;
  pid: number;
  slots: number;
  gpus: { index: number; name: string }[];
  version: string;
};

/** Runs until SIGINT/SIGTERM (running jobs go back to the queue, to resume) or a refused token; the exit code. */
export async function runRemoteWorker(options: RemoteWorkerOptions): Promise<number> {
  const log = options.log ?? ((line: string) => console.error(`[nbrevive worker] ${line}`));
  const out = options.out ?? ((line: string) => console.log(line));
  const connection = parseQueueUrl(options.queueUrl);
  const client = new HostClient({ baseUrl: options.hostUrl, token: options.token, log });
  const gpus = await listHostGpus().catch(() => []);
  const slots = options.slots ?? Math.max(1, gpus.length);
  const cacheDir = path.resolve(options.cacheDir ?? defaultWorkerCache());
  fs.mkdirSync(path.join(cacheDir, 'jobs'), { recursive: true });
  const workerId = `${os.hostname()}:${process.pid}:remote-${crypto.randomBytes(4).toString('hex')}`;
  const hello: Hello = {
    workerId,
    machine: os.hostname(),
    pid: process.pid,
    slots,
    gpus: gpus.map((g) => ({ index: Number(g.index) || 0, name: g.name })),
    version: '0.1.0',
  };
  if (!(await greetHost(client, hello))) return 2;

  let stopping = false;
  let exitCode = 0;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((r) => (resolveDone = r));
  const ctx: WorkerContext = {
    options,
    client,
    cache: new CaseCache(cacheDir, client),
    cacheDir,
    workerId,
    createRunner: await runnerFactory(options),
    running: new Map(),
    log,
    out,
    refused: () => {
      exitCode = 2;
      void stop();
    },
  };
  const worker = queueWorker(connection, slots, options.lockMs ?? 30_000, log, (jobId) => processJob(ctx, jobId));
  const heartbeat = setInterval(() => void beat(ctx, hello), options.heartbeatMs ?? 5_000);

  async function stop(): Promise<void> {
    if (stopping) return;
    stopping = true;
    clearInterval(heartbeat);
    // the jobs' last reports get a few seconds to reach the host; past that they resume from what it stored
    client.capRetries(15_000);
    // running jobs are told to stop resumably; their processors report them back to the queue ('paused')
    for (const r of ctx.running.values()) r.controller.abort('pause');
    // close() waits for the processors (they report their jobs back); a Redis that is down must not hold the exit
    await Promise.race([worker.close().catch(() => {}), new Promise((r) => setTimeout(r, 30_000).unref())]);
    resolveDone();
  }
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  log(`worker ${workerId}: ${slots} slot(s), queue ${connection.display}, host ${client.baseUrl}`);
  await done;
  return exitCode;
}

/** Says hello to the host (retrying a minute while it is unreachable); false when it refuses the token. */
async function greetHost(client: HostClient, hello: Hello): Promise<boolean> {
  try {
    await client.post('hello', hello, { retryForMs: 60_000 });
    return true;
  } catch (e) {
    if (e instanceof TokenRefusedError) {
      console.error(`nbrevive worker: ${e.message}`);
      return false;
    }
    throw e;
  }
}

/** The loop's job runner, or the one `--runner` names (tests and benchmarks). */
async function runnerFactory(options: RemoteWorkerOptions): Promise<(store: Store) => ClaimedJobRunner> {
  if (!options.runnerModule) return (store) => createLoopJobRunner(store, loopJobDependencies(store));
  const { pathToFileURL } = await import('node:url');
  const mod = (await import(pathToFileURL(path.resolve(options.runnerModule)).href)) as {
    createRunner(store: Store): ClaimedJobRunner;
  };
  return mod.createRunner;
}

/** The BullMQ worker that hands job ids to `processJob`, one per slot at a time, its connection trouble logged once. */
function queueWorker(
  connection: ReturnType<typeof parseQueueUrl>,
  slots: number,
  lockMs: number,
  log: (line: string) => void,
  processJob: (jobId: string) => Promise<string>,
): Worker {
  const worker = new Worker(REMOTE_QUEUE_NAME, async (job) => processJob(String(job.data.jobId)), {
    connection: { ...connection.options },
    prefix: connection.prefix,
    concurrency: slots,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    // a job whose workers keep dying is failed by BullMQ after this many stalls (the host's record stays)
    maxStalledCount: 3,
  });
  let lastError = '';
  worker.on('error', (e) => {
    if (e.message !== lastError) log(`queue ${connection.display}: ${e.message} (retrying)`);
    lastError = e.message;
  });
  worker.on('ready', () => {
    if (lastError) log(`queue ${connection.display}: connected again`);
    lastError = '';
  });
  worker.on('failed', (job, e) => job && log(`${String(job.data.jobId)}: ${e.message} (BullMQ retries it)`));
  return worker;
}

/** One heartbeat: the host answers with the jobs to cancel and the ones this worker lost. */
async function beat(ctx: WorkerContext, hello: Hello): Promise<void> {
  try {
    const answer = await ctx.client.post<{ cancel: string[]; lost: string[] }>(
      'heartbeat',
      { ...hello, running: [...ctx.running.keys()] },
      { retryForMs: 0 },
    );
    for (const id of answer.cancel) ctx.running.get(id)?.controller.abort('cancel');
    for (const id of answer.lost) {
      const r = ctx.running.get(id);
      if (r && !r.lost) {
        r.lost = true;
        r.controller.abort('pause');
      }
    }
  } catch (e) {
    if (e instanceof TokenRefusedError) {
      ctx.log(`${e.message}; stopping`);
      ctx.refused();
    }
    // otherwise: the host is restarting or unreachable; the next beat tries again
  }
}

/**
 * One job the queue handed out: claimed from the host, its case materialized, run on a local store seeded with the
 * host's iterations, every iteration synced, and its end reported. Returns the host's status of the job.
 */
async function processJob(ctx: WorkerContext, jobId: string): Promise<string> {
  const { client, workerId, out } = ctx;
  const answer = ClaimAnswerSchema.parse(await client.post('claim', { workerId, jobId }));
  if (!answer.run) {
    out(`${jobId}: skipped (${answer.status} on the host)`);
    return answer.status;
  }
  const state: Running = { controller: new AbortController(), lost: false };
  const markLost = () => {
    if (state.lost) return;
    state.lost = true;
    state.controller.abort('pause');
  };
  ctx.running.set(jobId, state);
  const dbPath = path.join(ctx.cacheDir, 'jobs', `${jobId}-${crypto.randomBytes(3).toString('hex')}.db`);
  let store: Store | null = null;
  try {
    out(
      `${jobId}: ` +
        `started${answer.iterations.length ? ` (resuming after iteration ${answer.iterations.length - 1})` : ''}`,
    );
    const resolved = await ctx.cache.materialize(answer);
    store = openStore(dbPath);
    const python = ctx.options.python;
    await seedLocalJob(store, answer, resolved, ctx.cache, python !== undefined ? { python } : {});
    const sync = new JobSync(store, client, workerId, jobId, answer.iterations, markLost);
    const error = await runSynced(ctx, store, jobId, state, sync);
    await sync.flush();
    if (state.lost) {
      out(`${jobId}: taken over by another worker or requeued; stopped here`);
      return 'lost';
    }
    return await reportEnd(ctx, store, jobId, state, error);
  } catch (e) {
    if (e instanceof NotOwnerError) {
      out(`${jobId}: taken over by another worker or requeued; stopped here`);
      return 'lost';
    }
    if (e instanceof TokenRefusedError) {
      ctx.log(e.message);
      ctx.refused();
    }
    throw e;
  } finally {
    ctx.running.delete(jobId);
    store?.close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbPath + suffix, { force: true });
  }
}

/** Runs the job on the local store, kicking the sync at each stored iteration, log line and progress; the error. */
async function runSynced(
  ctx: WorkerContext,
  store: Store,
  jobId: string,
  state: Running,
  sync: JobSync,
): Promise<{ code: string; message: string } | null> {
  try {
    await ctx.createRunner(store)(jobId, {
      workerId: ctx.workerId,
      signal: state.controller.signal,
      onEvent: (event) => {
        if (event.channel === 'app:iterations.finished') sync.kick();
        else if (event.channel === 'app:logs.line') sync.kickLogs();
        else if (event.channel === 'app:jobs.progress' && event.payload.phase !== 'finished') {
          sync.progress({ ...event.payload, status: 'running' } as never);
          // the fix of the iteration before is set by the time the next one starts
          sync.kick();
        }
      },
    });
    return null;
  } catch (e) {
    return toErrorInfo(e);
  }
}

/** Tells the host how the job ended here (paused, cancelled, failed or done); the host's status of it. */
async function reportEnd(
  ctx: WorkerContext,
  store: Store,
  jobId: string,
  state: Running,
  error: { code: string; message: string } | null,
): Promise<string> {
  const end = store.jobs.require(jobId);
  const reason = state.controller.signal.aborted ? state.controller.signal.reason : null;
  const status =
    reason === 'pause' || end.status === 'paused' || end.status === 'queued'
      ? 'paused'
      : end.status === 'cancelled' || reason === 'cancel'
        ? 'cancelled'
        : end.status === 'failed' || (error && end.status === 'running')
          ? 'failed'
          : 'done';
  const answerEnd = await ctx.client.post<{ status: string }>('finish', {
    workerId: ctx.workerId,
    jobId,
    status,
    outcome: end.outcome,
    stopReason: end.stopReason,
    bestIteration: end.bestIteration,
    score: end.score,
    error: status === 'failed' ? (end.error ?? error) : null,
    unresolved: end.unresolved,
  });
  ctx.out(
    `${jobId}: ` +
      `${answerEnd.status}${status === 'failed' && (end.error ?? error) ? ` (${(end.error ?? error)?.message})` : ''}`,
  );
  return answerEnd.status;
}
