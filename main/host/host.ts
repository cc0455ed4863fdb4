// The nbrevive host: owns the database, the event hub, the worker process and the API handler table. Transports
// (HTTP+SSE for `nbrevive serve`, Electron IPC for the desktop app) sit on top of `dispatcher` and `events`.
import { ownerAlive } from '../core/jobs/job-owner';
import { removeOrphanJobContainers } from './orphans';
import { pruneUploads } from '../core/jobs/uploads';
import { listHostGpus } from '../core/runtime/docker/gpu';
import { openStore, Store } from '../core/store';
import { createAppHandlers } from './app-handlers';
import { QueueControl, queueSettings } from './handlers/context';
import { EventHub } from './event-hub';
import { ApiDispatcher, registerHandlers } from './handlers';
import { fileSecretStore, SecretStore, secretFileFor } from '../core/store/secret-file';
import { SpawnWorker, WorkerSupervisor } from './worker-supervisor';
import { parseQueueUrl } from '../core/distributed/redis-url';
import { BullQueueBackend, NO_GLOBAL_CAP } from './queue/bullmq-backend';
import { WorkerApi } from './queue/worker-api';
import { WorkerTokens } from './queue/worker-tokens';

export interface HostOptions {
  dbPath: string;
  /** default: one per GPU, else one (a stored setting wins) */
  defaultConcurrency?: number;
  secrets?: SecretStore;
  /** extra worker arguments (tests: --poll-ms, --heartbeat-ms, --runner) */
  workerArgs?: string[];
  heartbeatTimeoutMs?: number;
  /** false: no worker process (tests of the API alone) */
  worker?: boolean;
  /** how the worker process is started (the desktop app: Electron's utilityProcess) */
  spawnWorker?: SpawnWorker;
  log?: (line: string) => void;
  /**
   * the distributed mode (issue 17): jobs go into the BullMQ queue at this Redis URL and remote workers
   * (`nbrevive worker --queue …`) run them over the HTTP transport's worker routes; no local worker process.
   * Only `serve` has those routes: it resolves the stored setting (the desktop app never goes distributed).
   */
  queueUrl?: string | null;
  /** a remote worker silent for this long has its running jobs requeued (default 60 s) */
  remoteWorkerTimeoutMs?: number;
}

const UNFINISHED_UPLOAD_MAX_AGE_MS = 24 * 3600_000;

/**
 * How often a job may lose its worker (killed for a missed heartbeat, crashed) before it is not requeued again:
 * a job that freezes or crashes every worker it runs in would otherwise be retried forever.
 */
export const MAX_WORKER_LOSSES = 3;

export class NbreviveHost {
  /** @internal startRemote (below) builds the distributed mode's host */
  constructor(
    readonly store: Store,
    readonly events: EventHub,
    readonly dispatcher: ApiDispatcher,
    readonly supervisor: WorkerSupervisor | null,
    /** the distributed mode's queue and worker routes; null in the embedded default */
    readonly remote: { backend: BullQueueBackend; api: WorkerApi; setHostToken(token: string): void } | null = null,
  ) {}

  static async start(options: HostOptions): Promise<NbreviveHost> {
    const store = openStore(options.dbPath);
    try {
      const events = new EventHub();
      const defaultConcurrency = options.defaultConcurrency ?? Math.max(1, (await listHostGpus()).length);
      let supervisor: WorkerSupervisor | null = null;
      const changed = queueChanges(store, events, defaultConcurrency, () => (supervisor?.alive ? 1 : 0));
      // jobs a previous host or CLI left running (it crashed or was killed): back to the queue, to resume; jobs
      // whose process is alive (a `nbrevive modernize` in a terminal, another host's worker) stay theirs
      const recovered = recoverJobs(store, null);
      if (recovered.length) options.log?.(`requeued ${recovered.length} job(s) left running: ${recovered.join(', ')}`);
      // uploads a browser never finished (a day old, no case in them)
      const pruned = await pruneUploads(store, UNFINISHED_UPLOAD_MAX_AGE_MS).catch((e: unknown) => {
        options.log?.(`could not prune unfinished uploads: ${(e as Error).message}`);
        return [];
      });
      if (pruned.length) options.log?.(`removed ${pruned.length} unfinished upload(s): ${pruned.join(', ')}`);
      // containers of jobs a killed process ran (they would run untrusted code on); in the background: an engine
      // that is slow to answer must not hold up the start
      void removeOrphanJobContainers(store).then(
        (jobs) =>
          jobs.length &&
          options.log?.(`removed the Docker containers of ${jobs.length} job(s) no process runs: ${jobs.join(', ')}`),
        (e: unknown) =>
          store.isOpen && options.log?.(`could not check Docker for orphaned containers: ${(e as Error).message}`),
      );
      const initial = queueSettings(store, defaultConcurrency);
      // per job, how many workers died holding it (this host's lifetime)
      const losses = new Map<string, number>();
      const secrets = options.secrets ?? fileSecretStore(secretFileFor(store.path));
      if (options.queueUrl) {
        // the host's GPUs say nothing about the workers': unless a cap is set, the workers' slots decide
        const cap = options.defaultConcurrency ?? NO_GLOBAL_CAP;
        return await startRemote(store, events, options, options.queueUrl, cap, secrets);
      }
      if (options.worker !== false) {
        supervisor = new WorkerSupervisor({
          dbPath: store.path,
          events,
          concurrency: initial.concurrency,
          paused: initial.paused,
          recover: (workerId) => recoverJobs(store, workerId, { losses, log: options.log }),
          onQueueChanged: changed,
          workerArgs: options.workerArgs,
          heartbeatTimeoutMs: options.heartbeatTimeoutMs,
          log: options.log,
          spawnWorker: options.spawnWorker,
          // the worker's environment carries no secrets: an OPENAI_API_KEY the host was started with goes over the port
          apiKey: () => secrets.getKey() ?? (process.env.OPENAI_API_KEY?.trim() || null),
        });
      }
      const sup = supervisor;
      const dispatcher = registerHandlers(
        createAppHandlers({
          store,
          secrets,
          defaultConcurrency,
          queue: {
            wake: () => sup?.wake(),
            cancel: (jobId) => sup?.cancel(jobId),
            configure: (concurrency, paused) => sup?.configure(concurrency, paused),
            workers: () => (sup?.alive ? 1 : 0),
            changed,
          },
        }),
      );
      supervisor?.start();
      return new NbreviveHost(store, events, dispatcher, supervisor);
    } catch (e) {
      store.close();
      throw e;
    }
  }

  /** stops the worker (its running jobs are requeued, to resume) and closes the database */
  async close(): Promise<void> {
    try {
      await this.remote?.backend.close();
      await this.supervisor?.stop();
    } finally {
      this.store.close();
    }
  }
}

/** Announces a change of the queue (app:queue.changed): its settings, its counts and how many workers serve it. */
function queueChanges(
  store: Store,
  events: EventHub,
  defaultConcurrency: number,
  workers: () => number,
): (reason: string) => void {
  return (reason) => {
    const counts = store.jobs.countByStatus();
    const settings = queueSettings(store, defaultConcurrency);
    events.emit('app:queue.changed', {
      ...settings,
      queued: counts.queued,
      running: counts.running,
      workers: workers(),
      reason,
    });
  };
}

/**
 * The host of the distributed mode: the same handlers and store, with a BullMQ queue in place of the local worker.
 * Queue controls go to BullMQ; remote workers reach the store through the worker routes (queue/worker-api.ts).
 */
async function startRemote(
  store: Store,
  events: EventHub,
  options: HostOptions,
  queueUrl: string,
  defaultConcurrency: number,
  secrets: SecretStore,
): Promise<NbreviveHost> {
  const log = options.log ?? (() => {});
  const connection = parseQueueUrl(queueUrl);
  let api: WorkerApi | null = null;
  const changed = queueChanges(store, events, defaultConcurrency, () => api?.alive() ?? 0);
  const backend = new BullQueueBackend({
    store,
    connection,
    log,
    workerTimeoutMs: options.remoteWorkerTimeoutMs,
    onRequeued: () => changed('worker-lost'),
  });
  let hostToken: string | null = null;
  api = new WorkerApi({
    store,
    events,
    tokens: new WorkerTokens(store),
    backend,
    hostToken: () => hostToken,
    workerTimeoutMs: options.remoteWorkerTimeoutMs,
    changed,
    log,
  });
  const workerApi = api;
  const report = (what: string) => (e: unknown) => log(`queue ${connection.display}: ${what}: ${(e as Error).message}`);
  const queue: QueueControl = {
    wake: () => backend.sync(),
    // a running job stops at its worker's next heartbeat (the cancel flag is in the store)
    cancel: () => {},
    dequeue: (jobId) => void backend.dequeue(jobId).catch(report(`removing ${jobId}`)),
    reprioritize: (jobId, priority) =>
      void backend.reprioritize(jobId, priority).catch(report(`reprioritizing ${jobId}`)),
    configure: (concurrency, paused) => void backend.configure(concurrency, paused).catch(report('configuring')),
    workers: () => workerApi.alive(),
    changed,
  };
  const dispatcher = registerHandlers(
    createAppHandlers({
      store,
      secrets,
      defaultConcurrency,
      queue,
      workers: {
        list: () => ({ backend: 'redis' as const, queueUrl: connection.display, items: workerApi.list() }),
      },
    }),
  );
  await backend.start();
  const initial = queueSettings(store, defaultConcurrency);
  // not awaited: a Redis that is down answers when it is back, and the host serves meanwhile
  void backend.configure(initial.concurrency, initial.paused).catch(report('configuring'));
  log(`jobs go to the BullMQ queue at ${connection.display}; start workers with \`nbrevive worker --queue …\``);
  return new NbreviveHost(store, events, dispatcher, null, {
    backend,
    api,
    setHostToken: (token: string) => (hostToken = token),
  });
}

export interface RecoverOptions {
  /** workers lost per job, counted across calls; a job at MAX_WORKER_LOSSES fails with stop reason worker-lost */
  losses?: Map<string, number>;
  maxLosses?: number;
  log?: (line: string) => void;
}

/**
 * Puts the running jobs of `workerId` (null: every running job whose owning process is gone) back in the queue;
 * a job whose cancel was asked for ends cancelled instead, and one that has lost `maxLosses` workers ends failed.
 * Returns the requeued ids.
 */
export function recoverJobs(store: Store, workerId: string | null, options: RecoverOptions = {}): string[] {
  const maxLosses = options.maxLosses ?? MAX_WORKER_LOSSES;
  return store.transaction(() => {
    const requeued: string[] = [];
    // running jobs are at most a few per worker: one page holds them all
    for (const job of store.jobs.list({ status: 'running', limit: 1000, sort: 'createdAt', order: 'asc' }).items) {
      if (workerId !== null ? job.workerId !== workerId : ownerAlive(job.workerId)) continue;
      const lost = (options.losses?.get(job.id) ?? 0) + 1;
      options.losses?.set(job.id, lost);
      if (job.cancelRequested)
        store.jobs.update(job.id, { status: 'cancelled', stopReason: 'cancelled', cancelRequested: false });
      else if (options.losses && lost >= maxLosses) {
        const message =
          `the worker running this job died ${lost} times (killed for missed heartbeats or crashed), so it is not ` +
          `requeued again: ` +
          "read the job's last log lines for what froze it, fix the case (e.g. its score pattern), then retry the job";
        store.jobs.update(job.id, {
          status: 'failed',
          stopReason: 'worker-lost',
          workerId: null,
          error: { code: 'internal', message },
          finishedAt: Date.now(),
        });
        options.losses.delete(job.id);
        options.log?.(`job ${job.id}: ${message}`);
      } else {
        store.jobs.update(job.id, { status: 'queued', workerId: null });
        requeued.push(job.id);
      }
    }
    return requeued;
  });
}
