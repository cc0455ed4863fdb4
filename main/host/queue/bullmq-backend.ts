// The host's side of the distributed queue (issue 17): with `serve --queue redis://…` queued jobs go into a BullMQ
// queue instead of being claimed from the jobs table by the local worker. The SQLite store stays the record: a
// BullMQ job carries only the nbrevive job id (also its BullMQ id, so adding it twice is a no-op), and the queue
// is re-derived from the store whenever it may have lost something (host start, Redis reconnect, a count that
// does not match), so a Redis restart without persistence loses no job. Pause, global concurrency, priorities
// and removal of cancelled jobs are BullMQ's own operations.
import { Queue } from 'bullmq';
import { REMOTE_QUEUE_NAME } from '../../../shared/contracts/remote-worker';
import { bullPriority, type QueueConnection } from '../../core/distributed/redis-url';
import type { Store } from '../../core/store';

export interface BullQueueBackendOptions {
  store: Store;
  connection: QueueConnection;
  log: (line: string) => void;
  /** how often the queue is compared with the store (default 15 s) */
  reconcileMs?: number;
  /** a remote worker not heard of for this long has its running jobs requeued (default 60 s) */
  workerTimeoutMs?: number;
  /** a job was requeued (its worker went silent) */
  onRequeued?: (jobIds: string[]) => void;
}

/**
 * The distributed mode's default concurrency, the largest the API accepts: no global cap (each worker's slots
 * decide). A smaller setting caps the jobs running at once across every worker.
 */
export const NO_GLOBAL_CAP = 64;

/** BullMQ retries a job whose processor threw (host unreachable for minutes): a few times, backing off. */
const JOB_OPTIONS = {
  removeOnComplete: true,
  removeOnFail: true,
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
} as const;

/** Remote workers name themselves "<machine>:<pid>:remote-<random>" (an owner id the host start leaves alone). */
export function isRemoteWorkerId(workerId: string | null): boolean {
  return workerId !== null && /:remote-[a-z0-9]+$/.test(workerId);
}

export class BullQueueBackend {
  readonly queue: Queue;
  /** job id → its updatedAt when this host added it: a job requeued since (retry, resume) is added again */
  private readonly known = new Map<string, string>();
  private running: Promise<void> | null = null;
  private again = false;
  private full = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private lastError = '';
  /** set by a connection error; the first reconcile that reaches Redis again re-adds every queued job */
  private connectionLost = false;
  /** the last queue controls, set again on a Redis that lost them */
  private config: { concurrency: number; paused: boolean } | null = null;

  constructor(private readonly options: BullQueueBackendOptions) {
    const { connection } = options;
    this.queue = new Queue(REMOTE_QUEUE_NAME, {
      connection: { ...connection.options },
      prefix: connection.prefix,
      defaultJobOptions: JOB_OPTIONS,
    });
    // an 'error' without a listener would end the host; a lost connection is retried by ioredis forever
    this.queue.on('error', (e: Error) => {
      this.connectionLost = true;
      this.logOnce(`queue ${connection.display}: ${e.message} (retrying)`);
    });
  }

  get display(): string {
    return this.options.connection.display;
  }

  /** Starts the periodic reconcile; resolves once Redis answered (or after `waitMs`, with a warning). */
  async start(waitMs = 10_000): Promise<void> {
    const ready = this.queue.waitUntilReady().then(
      () => true,
      () => false,
    );
    const answered = await Promise.race([ready, new Promise<boolean>((r) => setTimeout(() => r(false), waitMs))]);
    if (!answered)
      this.options.log(
        `Redis at ${this.display} does not answer yet: jobs stay queued in the database and are sent when it does`,
      );
    this.timer = setInterval(() => void this.reconcile(), this.options.reconcileMs ?? 5_000);
    this.timer.unref();
    this.sync(true);
  }

  private logOnce(line: string): void {
    if (line === this.lastError) return;
    this.lastError = line;
    this.options.log(line);
  }

  /**
   * Adds the store's queued jobs that this host has not added yet (`full`: every queued job; BullMQ keeps one job
   * per id, so jobs already there are untouched). Runs one at a time; calls meanwhile run once more after it.
   */
  sync(full = false): void {
    if (this.closed) return;
    if (full) this.full = true;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const all = this.full;
        this.full = false;
        if (all) this.known.clear();
        try {
          await this.addQueued();
        } catch (e) {
          this.connectionLost = true;
          this.logOnce(`could not send queued jobs to ${this.display}: ${(e as Error).message} (retrying)`);
          this.full = true;
          await new Promise((r) => setTimeout(r, 2000));
          if (this.closed) return;
          this.again = true;
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
  }

  /** resolves when the sync in flight (if any) has ended */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async addQueued(): Promise<void> {
    const { store } = this.options;
    for (let offset = 0; ; offset += 1000) {
      const page = store.jobs.list({ status: 'queued', sort: 'createdAt', order: 'asc', limit: 1000, offset });
      const fresh = page.items.filter((j) => this.known.get(j.id) !== j.updatedAt);
      for (let i = 0; i < fresh.length; i += 500) {
        const chunk = fresh.slice(i, i + 500);
        await this.queue.addBulk(
          chunk.map((job) => ({
            name: 'modernize',
            data: { jobId: job.id, caseId: job.caseId },
            opts: { ...JOB_OPTIONS, jobId: job.id, priority: bullPriority(job.priority) },
          })),
        );
        for (const job of chunk) this.known.set(job.id, job.updatedAt);
      }
      if (page.items.length < 1000) return;
    }
  }

  /**
   * A job went back to the queue while its BullMQ job may still be finishing (a worker that stopped): BullMQ
   * ignores an id it still holds, so it is added again once that job is gone.
   */
  requeued(jobId: string): void {
    this.known.delete(jobId);
    this.sync();
    setTimeout(() => {
      this.known.delete(jobId);
      this.sync();
    }, 1500).unref();
  }

  /** a job left the queue in the store (cancelled, deleted): take it out of BullMQ unless a worker holds it */
  async dequeue(jobId: string): Promise<void> {
    this.known.delete(jobId);
    try {
      await this.queue.remove(jobId);
    } catch (e) {
      // locked by a worker: its claim finds the job cancelled and skips it
      this.logOnce(`could not remove ${jobId} from the queue: ${(e as Error).message}`);
    }
  }

  async reprioritize(jobId: string, priority: number): Promise<void> {
    const job = await this.queue.getJob(jobId);
    if (!job) return this.sync();
    const state = await job.getState();
    if (state === 'waiting' || state === 'prioritized') await job.changePriority({ priority: bullPriority(priority) });
  }

  /** pause/resume for every worker; the concurrency caps the jobs running at once across all workers */
  async configure(concurrency: number, paused: boolean): Promise<void> {
    this.config = { concurrency, paused };
    if (paused) await this.queue.pause();
    else await this.queue.resume();
    if (concurrency >= NO_GLOBAL_CAP) await this.queue.removeGlobalConcurrency();
    else await this.queue.setGlobalConcurrency(concurrency);
  }

  /** queued jobs in the store that BullMQ lacks (Redis lost them), and jobs whose worker went silent */
  private async reconcile(): Promise<void> {
    if (this.closed) return;
    const { store } = this.options;
    try {
      this.requeueSilent();
      const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
      const inQueue = Object.values(counts).reduce((a, b) => a + b, 0);
      const stored = store.jobs.countByStatus();
      // after a reconnect the server may be a fresh one (restarted without persistence): re-add every queued job
      if (this.connectionLost || inQueue < stored.queued) {
        if (this.connectionLost) {
          this.options.log(`queue ${this.display}: connected again`);
          if (this.config) await this.configure(this.config.concurrency, this.config.paused);
        }
        this.connectionLost = false;
        this.lastError = '';
        this.sync(true);
      }
    } catch (e) {
      this.logOnce(`could not compare the queue with the database: ${(e as Error).message}`);
    }
  }

  /** running jobs of remote workers that stopped heartbeating: back to the queue, to resume on another worker */
  requeueSilent(): string[] {
    const { store } = this.options;
    const timeout = this.options.workerTimeoutMs ?? 60_000;
    const cutoff = Date.now() - timeout;
    const requeued = store.transaction(() => {
      const out: string[] = [];
      for (const job of store.jobs.list({ status: 'running', limit: 1000 }).items) {
        if (!isRemoteWorkerId(job.workerId)) continue;
        const beat = job.heartbeatAt ? Date.parse(job.heartbeatAt) : 0;
        if (beat > cutoff) continue;
        if (job.cancelRequested)
          store.jobs.update(job.id, { status: 'cancelled', stopReason: 'cancelled', cancelRequested: false });
        else {
          store.jobs.update(job.id, { status: 'queued', workerId: null });
          out.push(job.id);
        }
      }
      return out;
    });
    if (requeued.length) {
      this.options.log(`requeued ${requeued.length} job(s) whose worker went silent: ${requeued.join(', ')}`);
      for (const id of requeued) this.requeued(id);
      this.options.onRequeued?.(requeued);
    }
    return requeued;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    // a Redis that is down must not hold up the host's exit
    const bounded = (p: Promise<unknown>) =>
      Promise.race([p.catch(() => {}), new Promise((r) => setTimeout(r, 3000).unref())]);
    await bounded(this.idle());
    await bounded(this.queue.close());
  }
}
