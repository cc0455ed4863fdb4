// The worker's scheduling core, independent of processes: claims queued jobs up to the concurrency, runs them,
// heartbeats, honours cancel (message or the database flag) and shutdown. worker-main.ts wires it to a port and
// the store; tests can drive it directly.
import { hostname } from 'node:os';
import type { HostToWorkerMessage, WorkerToHostMessageInput } from '../../shared/contracts/worker';
import { toErrorInfo } from '../../shared/lib/errors';
import type { ClaimedJobRunner } from './claimed-job';

/** The queue operations the worker needs; implemented over the SQLite store (worker-queue.ts). */
export interface WorkerQueue {
  /** atomically moves the next queued job to running for this worker; null when none is queued */
  claim(workerId: string): string | null;
  /** records that these jobs are alive; returns the ids among them whose cancel was requested */
  heartbeat(workerId: string, jobIds: string[]): string[];
  /** after the runner returned: leaves a job that is still 'running' in the right end state */
  settle(
    jobId: string,
    how: { reason: 'finished' | 'cancel' | 'shutdown'; error: { code: string; message: string } | null },
  ): 'done' | 'failed' | 'cancelled' | 'interrupted';
}

export interface JobSchedulerOptions {
  workerId?: string;
  queue: WorkerQueue;
  runner: ClaimedJobRunner;
  send(message: WorkerToHostMessageInput): void;
  concurrency?: number;
  paused?: boolean;
  pollMs?: number;
  heartbeatMs?: number;
  /** the host's configuration carries the stored LLM API key */
  onApiKey?: (key: string | null) => void;
}

export class JobScheduler {
  readonly workerId: string;
  private concurrency: number;
  private paused: boolean;
  private stopping = false;
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: JobSchedulerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${Date.now().toString(36)}`;
    this.concurrency = options.concurrency ?? 1;
    this.paused = options.paused ?? false;
  }

  start(): void {
    this.options.send({ type: 'ready', workerId: this.workerId, pid: process.pid });
    this.pollTimer = setInterval(() => this.pump(), this.options.pollMs ?? 1000);
    this.heartbeatTimer = setInterval(() => this.beat(), this.options.heartbeatMs ?? 2000);
    this.beat();
    this.pump();
  }

  handle(message: HostToWorkerMessage): void {
    switch (message.type) {
      case 'configure':
        this.concurrency = message.concurrency;
        this.paused = message.paused;
        if (message.llmApiKey !== undefined) this.options.onApiKey?.(message.llmApiKey);
        this.pump();
        break;
      case 'wake':
        this.pump();
        break;
      case 'cancel':
        this.running.get(message.jobId)?.controller.abort('cancel');
        break;
      case 'shutdown':
        void this.stop();
        break;
    }
  }

  get runningJobs(): string[] {
    return [...this.running.keys()];
  }

  /** claims work while there is capacity */
  pump(): void {
    if (this.stopping) return;
    while (!this.paused && this.running.size < this.concurrency) {
      let jobId: string | null;
      try {
        jobId = this.options.queue.claim(this.workerId);
      } catch (e) {
        this.options.send({ type: 'error', error: toErrorInfo(e) });
        return;
      }
      if (!jobId) return;
      this.run(jobId);
    }
  }

  private run(jobId: string): void {
    const controller = new AbortController();
    const { send, runner, queue } = this.options;
    send({ type: 'job-started', jobId });
    const done = (async () => {
      let error: { code: string; message: string } | null = null;
      try {
        await runner(jobId, {
          workerId: this.workerId,
          signal: controller.signal,
          onEvent: (event) => send({ type: 'event', event }),
        });
      } catch (e) {
        error = toErrorInfo(e);
      }
      const reason = controller.signal.aborted
        ? controller.signal.reason === 'pause'
          ? 'shutdown'
          : 'cancel'
        : 'finished';
      let status: 'done' | 'failed' | 'cancelled' | 'interrupted';
      try {
        status = queue.settle(jobId, { reason, error: reason === 'finished' ? error : null });
      } catch (e) {
        status = 'failed';
        error = toErrorInfo(e);
      }
      send({ type: 'job-ended', jobId, status, error: status === 'failed' ? error : null });
    })().finally(() => {
      this.running.delete(jobId);
      this.pump();
    });
    this.running.set(jobId, { controller, done });
  }

  private beat(): void {
    const ids = this.runningJobs;
    try {
      for (const id of this.options.queue.heartbeat(this.workerId, ids))
        this.running.get(id)?.controller.abort('cancel');
    } catch (e) {
      this.options.send({ type: 'error', error: toErrorInfo(e) });
    }
    this.options.send({ type: 'heartbeat', workerId: this.workerId, running: ids, at: Date.now() });
  }

  /** aborts running jobs (they are left resumable) and waits for them to stop */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    const jobs = [...this.running.values()];
    // 'pause' is the loop's abort kind that leaves a job resumable (cancel would end it)
    for (const job of jobs) job.controller.abort('pause');
    await Promise.allSettled(jobs.map((j) => j.done));
  }
}
