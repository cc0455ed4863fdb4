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
  const cache = new CaseCache(cacheDir, client);
  const workerId = `${os.hostname()}:${process.pid}:remote-${crypto.randomBytes(4).toString('hex')}`;
  const hello = {
    workerId,
    machine: os.hostname(),
    pid: process.pid,
    slots,
    gpus: gpus.map((g) => ({ index: Number(g.index) || 0, name: g.name })),
    version: '0.1.0',
  };
  try {
    await client.post('hello', hello, { retryForMs: 60_000 });
  } catch (e) {
    if (e instanceof TokenRefusedError) {
      console.error(`nbrevive worker: ${e.message}`);
      return 2;
    }
    throw e;
  }
  let createRunner: (store: Store) => ClaimedJobRunner = (store) =>
    createLoopJobRunner(store, loopJobDependencies(store));
  if (options.runnerModule) {
    const { pathToFileURL } = await import('node:url');
    const mod = (await import(pathToFileURL(path.resolve(options.runnerModule)).href)) as {
      createRunner(store: Store): ClaimedJobRunner;
    };
    createRunner = mod.createRunner;
  }

  const running = new Map<string, Running>();
  let stopping = false;
  let exitCode = 0;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((r) => (resolveDone = r));

  const processJob = async (jobId: string): Promise<string> => {
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
    running.set(jobId, state);
    const dbPath = path.join(cacheDir, 'jobs', `${jobId}-${crypto.randomBytes(3).toString('hex')}.db`);
    let store: Store | null = null;
    try {
      out(
        `${jobId}: started${answer.iterations.length ? ` (resuming after iteration ${answer.iterations.length - 1})` : ''}`,
      );
      const resolved = await cache.materialize(answer);
      store = openStore(dbPath);
      await seedLocalJob(
        store,
        answer,
        resolved,
        cache,
        options.python !== undefined ? { python: options.python } : {},
      );
      const sync = new JobSync(store, client, workerId, jobId, answer.iterations, markLost);
      let error: { code: string; message: string } | null = null;
      try {
        await createRunner(store)(jobId, {
          workerId,
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
      } catch (e) {
        error = toErrorInfo(e);
      }
      await sync.flush();
      if (state.lost) {
        out(`${jobId}: taken over by another worker or requeued; stopped here`);
        return 'lost';
      }
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
      const answerEnd = await client.post<{ status: string }>('finish', {
        workerId,
        jobId,
        status,
        outcome: end.outcome,
        stopReason: end.stopReason,
        bestIteration: end.bestIteration,
        score: end.score,
        error: status === 'failed' ? (end.error ?? error) : null,
        unresolved: end.unresolved,
      });
      out(
        `${jobId}: ${answerEnd.status}${status === 'failed' && (end.error ?? error) ? ` (${(end.error ?? error)?.message})` : ''}`,
      );
      return answerEnd.status;
    } catch (e) {
      if (e instanceof NotOwnerError) {
        out(`${jobId}: taken over by another worker or requeued; stopped here`);
        return 'lost';
      }
      if (e instanceof TokenRefusedError) {
        log(e.message);
        exitCode = 2;
        void stop();
      }
      throw e;
    } finally {
      running.delete(jobId);
      store?.close();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbPath + suffix, { force: true });
    }
  };

  const lockMs = options.lockMs ?? 30_000;
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

  const beat = async () => {
    try {
      const answer = await client.post<{ cancel: string[]; lost: string[] }>(
        'heartbeat',
        { ...hello, running: [...running.keys()] },
        { retryForMs: 0 },
      );
      for (const id of answer.cancel) running.get(id)?.controller.abort('cancel');
      for (const id of answer.lost) {
        const r = running.get(id);
        if (r && !r.lost) {
          r.lost = true;
          r.controller.abort('pause');
        }
      }
    } catch (e) {
      if (e instanceof TokenRefusedError) {
        log(`${e.message}; stopping`);
        exitCode = 2;
        void stop();
      }
      // otherwise: the host is restarting or unreachable; the next beat tries again
    }
  };
  const heartbeat = setInterval(() => void beat(), options.heartbeatMs ?? 5_000);

  async function stop(): Promise<void> {
    if (stopping) return;
    stopping = true;
    clearInterval(heartbeat);
    // the jobs' last reports get a few seconds to reach the host; past that they resume from what it stored
    client.capRetries(15_000);
    // running jobs are told to stop resumably; their processors report them back to the queue ('paused')
    for (const r of running.values()) r.controller.abort('pause');
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
