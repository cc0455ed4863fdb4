// Keeps one worker process alive for the host: forks it, forwards its events to the event hub, watches its
// heartbeat, and when it dies requeues the jobs it held (they resume from their last persisted iteration) and
// starts a new one, backing off when it keeps dying.
import { ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HostToWorkerMessage, WorkerToHostMessage, WorkerToHostMessageSchema } from '../../shared/contracts/worker';
import { EventHub } from './event-hub';
import { holdsSecret } from '../core/runtime/kernel-env';
import { killTagged, WORKER_TAG_ENV } from './orphans';

// Bundled (out/cli/nbrevive.js), the worker is the sibling bundle out/cli/worker.js and runs under plain Node; from
// the TypeScript sources (tests, tsx), it is worker-entry.ts under tsx.
const HERE = fileURLToPath(import.meta.url);
const FROM_SOURCE = HERE.endsWith('.ts');
const WORKER_ENTRY = FROM_SOURCE
  ? path.resolve(path.dirname(HERE), '../worker/worker-entry.ts')
  : path.join(path.dirname(HERE), 'worker.js');
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];

/**
 * The part of a worker process the supervisor uses: a forked Node child, or (desktop app) Electron's
 * utilityProcess behind an adapter.
 */
export interface WorkerProcess {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  readonly connected: boolean;
  send(message: HostToWorkerMessage): unknown;
  kill(signal?: NodeJS.Signals): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}

/** Starts a worker process with these CLI arguments and environment (default: fork the worker entry). */
export type SpawnWorker = (args: string[], env: NodeJS.ProcessEnv) => WorkerProcess;

export interface WorkerSupervisorOptions {
  dbPath: string;
  events: EventHub;
  concurrency: number;
  paused: boolean;
  /** requeues the jobs a dead worker held; returns their ids */
  recover(workerId: string | null): string[];
  /** a job ended (done / failed / cancelled / interrupted) or the set of running jobs changed */
  onQueueChanged(reason: string): void;
  /** extra CLI arguments for the worker entry (tests: --runner, --poll-ms) */
  workerArgs?: string[];
  heartbeatTimeoutMs?: number;
  log?: (line: string) => void;
  spawnWorker?: SpawnWorker;
  /** the stored LLM API key, read each time the worker is configured */
  apiKey?: () => string | null;
}

function forkWorker(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return fork(WORKER_ENTRY, args, { execArgv: WORKER_EXEC_ARGV, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env });
}

export class WorkerSupervisor {
  private child: WorkerProcess | null = null;
  private tag = '';
  private workerId: string | null = null;
  private running = new Set<string>();
  private lastBeat = 0;
  private stopped = false;
  private restarts = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private concurrency: number;
  private paused: boolean;

  constructor(private readonly options: WorkerSupervisorOptions) {
    this.concurrency = options.concurrency;
    this.paused = options.paused;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** NBREVIVE_WORKER_TAG of the current worker and everything it started */
  get workerTag(): string {
    return this.tag;
  }

  get alive(): boolean {
    return this.child !== null && this.workerId !== null;
  }

  get runningJobs(): string[] {
    return [...this.running];
  }

  start(): void {
    this.stopped = false;
    this.spawn();
    const timeout = this.options.heartbeatTimeoutMs ?? 30_000;
    this.watchdog = setInterval(
      () => {
        if (this.child && this.workerId && Date.now() - this.lastBeat > timeout) {
          this.log(`worker ${this.workerId} missed its heartbeat for ${timeout} ms: killing it`);
          this.child.kill('SIGKILL');
        }
      },
      Math.min(timeout, 5000),
    );
  }

  configure(concurrency: number, paused: boolean): void {
    this.concurrency = concurrency;
    this.paused = paused;
    this.send(this.configureMessage());
  }

  private configureMessage() {
    return {
      type: 'configure' as const,
      concurrency: this.concurrency,
      paused: this.paused,
      llmApiKey: this.options.apiKey?.() ?? null,
    };
  }

  wake(): void {
    this.send({ type: 'wake' });
  }

  cancel(jobId: string): void {
    this.send({ type: 'cancel', jobId });
  }

  /** asks the worker to stop (running jobs stay resumable) and waits for it to exit; kills it after `graceMs` */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.watchdog) clearInterval(this.watchdog);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.send({ type: 'shutdown' });
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  private log(line: string): void {
    (this.options.log ?? ((l: string) => console.error(`[nbrevive host] ${l}`)))(line);
  }

  private send(message: HostToWorkerMessage): void {
    if (this.child?.connected) this.child.send(message);
  }

  private spawn(): void {
    const args = ['--db', this.options.dbPath, ...(this.options.workerArgs ?? [])];
    this.tag = crypto.randomBytes(8).toString('hex');
    // no secrets in the worker's environment (a notebook can read its parents' /proc/<pid>/environ): the LLM key
    // reaches it over the port (configure message), whether it is stored or in the host's OPENAI_API_KEY
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !holdsSecret(name)));
    const child = (this.options.spawnWorker ?? forkWorker)(args, { ...env, [WORKER_TAG_ENV]: this.tag });
    this.child = child;
    this.workerId = null;
    this.lastBeat = Date.now();
    child.on('message', (raw) => this.onMessage(child, raw));
    child.on('error', (e) => this.log(`worker process error: ${e.message}`));
    child.once('exit', (code, signal) => this.onExit(child, code, signal));
  }

  private onMessage(child: WorkerProcess, raw: unknown): void {
    if (child !== this.child) return;
    const parsed = WorkerToHostMessageSchema.safeParse(raw);
    if (!parsed.success) return this.log(`worker sent a malformed message: ${parsed.error.message}`);
    const message: WorkerToHostMessage = parsed.data;
    this.lastBeat = Date.now();
    switch (message.type) {
      case 'ready':
        this.workerId = message.workerId;
        this.restarts = 0;
        this.send(this.configureMessage());
        this.options.onQueueChanged('worker-ready');
        break;
      case 'heartbeat':
        this.running = new Set(message.running);
        break;
      case 'job-started':
        this.running.add(message.jobId);
        this.options.onQueueChanged('job-started');
        break;
      case 'job-ended':
        this.running.delete(message.jobId);
        this.options.onQueueChanged(`job-${message.status}`);
        break;
      case 'event':
        this.options.events.emit(message.event.channel, message.event.payload as never);
        break;
      case 'error':
        this.log(`worker: ${message.error.code}: ${message.error.message}`);
        break;
    }
  }

  private onExit(child: WorkerProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (child !== this.child) return;
    const workerId = this.workerId;
    this.child = null;
    this.workerId = null;
    this.running.clear();
    // its runner and kernel survive a SIGKILL: end them before the job resumes in the same folder
    const orphans = killTagged(this.tag);
    if (orphans) this.log(`ended ${orphans} process(es) the worker left behind`);
    if (this.stopped && code === 0) return;
    // the jobs it held are 'running' in the database with its id: put them back in the queue to resume
    const requeued = this.options.recover(workerId);
    if (this.stopped) return;
    this.log(
      `worker ${workerId ?? '(starting)'} exited (${signal ?? `code ${code}`}); requeued ${requeued.length} job(s), ` +
        `restarting`,
    );
    this.options.onQueueChanged('worker-restarted');
    const delay = Math.min(10_000, 250 * 2 ** this.restarts++);
    this.restartTimer = setTimeout(() => this.spawn(), delay);
  }
}
