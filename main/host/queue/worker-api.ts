// The host's HTTP routes for remote workers (issue 17), under /api/worker/*: a worker authenticates with its own
// token (or the host's), claims the job BullMQ handed it, fetches the case bundle by content address, and sends
// each iteration, its log lines, its progress and its end. The SQLite store is the record: an iteration is stored
// once per (job, index) — a resend updates the fix it carries, never adds a row — and every write checks that the
// job is still this worker's (a worker that lost its job to another, after a stall, is told so and stops).
import type http from 'node:http';
import { z } from 'zod';
import {
  ClaimAnswer,
  ClaimInputSchema,
  FinishInputSchema,
  IterationPutSchema,
  LogsPutSchema,
  ProgressPutSchema,
  RemoteWorkerInfo,
  WorkerHeartbeatSchema,
  WorkerHelloSchema,
  wireIteration,
} from '../../../shared/contracts/remote-worker';
import { iterationSummary } from '../../../shared/contracts/summaries';
import { toErrorInfo } from '../../../shared/lib/errors';
import type { Store } from '../../core/store';
import { hashContent } from '../../core/store/blobs';
import { tokenMatches } from '../auth';
import type { EventHub } from '../event-hub';
import { httpStatusOf } from '../handlers';
import { isRemoteWorkerId, type BullQueueBackend } from './bullmq-backend';
import { CaseBundles } from './case-bundle';
import type { WorkerTokens } from './worker-tokens';
import { HttpError, parse, readJson, send, serveBlob } from './worker-http';

export interface WorkerApiOptions {
  store: Store;
  events: EventHub;
  tokens: WorkerTokens;
  backend: BullQueueBackend | null;
  /** the host's own token (`serve` prints it) also opens these routes */
  hostToken: () => string | null;
  /** a worker not heard of for this long shows as gone (default 60 s) */
  workerTimeoutMs?: number;
  /** the queue changed (a job started, ended or went back to the queue) */
  changed(reason: string): void;
  log: (line: string) => void;
}

interface Registered {
  info: z.infer<typeof WorkerHelloSchema>;
  tokenName: string;
  running: string[];
  lastSeen: number;
}

/** as the embedded mode's MAX_WORKER_LOSSES (host.ts): the workers a job may lose before it is failed */
const MAX_TAKEOVERS = 3;

export class WorkerApi {
  private readonly workers = new Map<string, Registered>();
  private readonly bundles = new CaseBundles();
  /** per (job, worker): the last log seq of the worker's own numbering the host stored */
  private readonly logSeq = new Map<string, number>();
  /** per job: how often a worker took it over from one that stopped answering (this host's lifetime) */
  private readonly losses = new Map<string, number>();

  constructor(private readonly options: WorkerApiOptions) {}

  private get timeoutMs(): number {
    return this.options.workerTimeoutMs ?? 60_000;
  }

  /** workers heard of, newest first (the runtimes screen) */
  list(): RemoteWorkerInfo[] {
    const now = Date.now();
    return [...this.workers.entries()]
      .sort((a, b) => b[1].lastSeen - a[1].lastSeen)
      .map(([workerId, w]) => ({
        workerId,
        tokenName: w.tokenName,
        machine: w.info.machine,
        pid: w.info.pid,
        slots: w.info.slots,
        gpus: w.info.gpus,
        running: w.running,
        lastSeenAt: new Date(w.lastSeen).toISOString(),
        alive: now - w.lastSeen <= this.timeoutMs,
      }));
  }

  /** live workers (the queue status's `workers`) */
  alive(): number {
    return this.list().filter((w) => w.alive).length;
  }

  /** the name of the credential a request carries, or null */
  private authenticate(req: http.IncomingMessage): string | null {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const given = m?.[1] ?? null;
    if (!given) return null;
    const host = this.options.hostToken();
    if (host && tokenMatches(host, given)) return 'host-token';
    return this.options.tokens.verify(given)?.name ?? null;
  }

  /** Answers one /api/worker/* request. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
    void this.route(req, res, url).catch((e: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (e instanceof HttpError) return send(res, e.status, { error: { code: e.code, message: e.message } });
      const info = toErrorInfo(e);
      if (info.code === 'internal') this.options.log(`worker request ${url.pathname} failed: ${info.message}`);
      send(res, httpStatusOf(info.code), { error: info });
    });
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const tokenName = this.authenticate(req);
    if (!tokenName) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new HttpError(
        401,
        'unauthorized',
        'the worker token is missing, wrong or revoked: create one on the ' +
          'host with `nbrevive worker token create NAME` and pass it with --token',
      );
    }
    const op = url.pathname.slice('/api/worker/'.length);
    if (op.startsWith('blob/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'invalid-request', 'use GET');
      return this.blob(req, res, op.slice('blob/'.length));
    }
    if (req.method !== 'POST') throw new HttpError(405, 'invalid-request', `use POST for /api/worker/${op}`);
    const body = await readJson(req);
    switch (op) {
      case 'hello': {
        const hello = parse(WorkerHelloSchema, body);
        this.seen(hello, tokenName, []);
        this.options.log(`worker ${hello.workerId} (${tokenName}, ${hello.slots} slot(s)) connected`);
        this.options.changed('worker-ready');
        return send(res, 200, { ok: true, queue: this.options.backend?.display ?? null });
      }
      case 'heartbeat':
        return send(res, 200, this.heartbeat(parse(WorkerHeartbeatSchema, body), tokenName));
      case 'claim':
        return send(res, 200, await this.claim(parse(ClaimInputSchema, body)));
      case 'iteration':
        return send(res, 200, this.putIteration(parse(IterationPutSchema, body)));
      case 'logs':
        return send(res, 200, this.putLogs(parse(LogsPutSchema, body)));
      case 'progress': {
        const p = parse(ProgressPutSchema, body);
        this.owned(p.event.jobId, p.workerId);
        this.options.events.emit('app:jobs.progress', p.event);
        return send(res, 200, { ok: true });
      }
      case 'finish':
        return send(res, 200, this.finish(parse(FinishInputSchema, body)));
      default:
        throw new HttpError(404, 'not-found', `no worker route ${op}`);
    }
  }

  private seen(info: z.infer<typeof WorkerHelloSchema>, tokenName: string, running: string[]): void {
    this.workers.set(info.workerId, { info, tokenName, running, lastSeen: Date.now() });
    // workers gone for a day are forgotten
    for (const [id, w] of this.workers) if (Date.now() - w.lastSeen > 24 * 3600_000) this.workers.delete(id);
  }

  private heartbeat(beat: z.infer<typeof WorkerHeartbeatSchema>, tokenName: string) {
    const { store } = this.options;
    this.seen(beat, tokenName, beat.running);
    const cancel: string[] = [];
    const lost: string[] = [];
    for (const id of beat.running) {
      const alive = store.jobs.heartbeat(id, beat.workerId);
      const job = store.jobs.get(id);
      if (!job || job.status === 'cancelled' || (job.cancelRequested && alive)) cancel.push(id);
      else if (!alive) lost.push(id);
    }
    return { cancel, lost };
  }

  /** the job, when it is running under this worker; else a 409 that tells the worker to stop it */
  private owned(jobId: string, workerId: string) {
    const job = this.options.store.jobs.get(jobId);
    if (!job) throw new HttpError(409, 'not-owner', `job ${jobId} no longer exists`);
    if (job.status !== 'running' || job.workerId !== workerId)
      throw new HttpError(
        409,
        'not-owner',
        `job ${jobId} is ${job.status} under ${job.workerId ?? 'no worker'}, not ${workerId}`,
      );
    return job;
  }

  private async claim({ workerId, jobId }: z.infer<typeof ClaimInputSchema>): Promise<ClaimAnswer> {
    const { store } = this.options;
    const claimed = store.transaction(() => {
      const job = store.jobs.get(jobId);
      if (!job) return { run: false as const, status: 'deleted' };
      if (job.cancelRequested && job.status === 'running') {
        store.jobs.update(jobId, { status: 'cancelled', stopReason: 'cancelled', cancelRequested: false });
        return { run: false as const, status: 'cancelled' };
      }
      // BullMQ hands a job to one worker at a time: a job still 'running' under another remote worker is one
      // whose worker stalled (killed, frozen), and this worker takes it over from its last stored iteration
      const again = job.status === 'running' && job.workerId === workerId;
      const takeover = job.status === 'running' && isRemoteWorkerId(job.workerId) && !again;
      if (job.status !== 'queued' && !takeover && !again) return { run: false as const, status: job.status };
      if (takeover) {
        // a job that freezes or kills every worker it runs on is not handed out forever
        const lost = (this.losses.get(jobId) ?? 0) + 1;
        this.losses.set(jobId, lost);
        if (lost >= MAX_TAKEOVERS) {
          this.losses.delete(jobId);
          store.jobs.update(jobId, {
            status: 'failed',
            stopReason: 'worker-lost',
            workerId: null,
            error: {
              code: 'internal',
              message:
                `the workers running this job stopped answering ${lost} times (killed, crashed or frozen), so it is ` +
                `not handed out again: ` +
                "read the job's last log lines for what froze it, fix the case, then retry the job",
            },
          });
          return { run: false as const, status: 'failed' };
        }
      }
      return store.jobs.claim(jobId, workerId, ['queued', 'running'])
        ? null
        : { run: false as const, status: job.status };
    });
    if (claimed) return claimed;
    // a fresh attempt numbers its log lines from 1 again
    this.logSeq.delete(`${jobId}\0${workerId}`);
    const job = store.jobs.require(jobId);
    const record = store.cases.require(job.caseId);
    let bundle;
    try {
      bundle = await this.bundles.bundle(record.case);
    } catch (e) {
      store.jobs.update(jobId, { status: 'failed', stopReason: 'failed', error: toErrorInfo(e) });
      this.options.changed('job-failed');
      return { run: false, status: 'failed' };
    }
    this.options.changed('job-started');
    return {
      run: true,
      job: {
        id: job.id,
        settings: job.settings,
        target: job.target,
        priority: job.priority,
        attempts: job.attempts,
        startedAt: job.startedAt,
      },
      case: record.case,
      originalHash: record.originalHash,
      files: bundle.files,
      paths: bundle.paths,
      iterations: store.iterations.list(jobId).map(wireIteration),
    };
  }

  /** a stored blob (notebook versions) or a file a bundle listed; `Range: bytes=N-` resumes a large download */
  private blob(req: http.IncomingMessage, res: http.ServerResponse, hash: string): void {
    serveBlob(req, res, hash, this.options.store.blobs, (h) => this.bundles.fileFor(h));
  }

  private putIteration(put: z.infer<typeof IterationPutSchema>) {
    const { store, events } = this.options;
    const result = store.transaction(() => {
      this.owned(put.jobId, put.workerId);
      const existing = store.iterations.get(put.jobId, put.index);
      if (existing) {
        let stored: 'updated' | 'unchanged' = 'unchanged';
        if (JSON.stringify(existing.fix) !== JSON.stringify(put.fix)) {
          store.iterations.setFix(put.jobId, put.index, put.fix);
          stored = 'updated';
        }
        if (existing.fixFailed !== put.fixFailed) {
          store.iterations.markFixFailed(put.jobId, put.index, put.fixFailed);
          stored = 'updated';
        }
        return { stored, iteration: store.iterations.require(put.jobId, put.index) };
      }
      const count = store.jobs.require(put.jobId).iterations;
      if (put.index !== count)
        throw new HttpError(
          409,
          'out-of-order',
          `job ${put.jobId} has ${count} iteration(s): send iteration ${count} next, not ${put.index}`,
        );
      const notebook = put.notebook ?? (store.blobs.has(put.versionHash) ? store.blobs.getText(put.versionHash) : null);
      if (notebook === null || hashContent(notebook) !== put.versionHash)
        throw new HttpError(
          400,
          'invalid-request',
          `iteration ${put.index}: the notebook is missing or does not match its hash`,
        );
      const executed =
        put.executedHash === null
          ? null
          : (put.executed ?? (store.blobs.has(put.executedHash) ? store.blobs.getText(put.executedHash) : null));
      const iteration = store.iterations.persist(
        {
          jobId: put.jobId,
          index: put.index,
          report: put.report,
          verdict: put.verdict,
          fix: put.fix,
          fixFailed: put.fixFailed,
          fidelity: put.fidelity ?? null,
          createdAt: put.createdAt,
        },
        { notebook, executed },
      );
      return { stored: 'inserted' as const, iteration };
    });
    if (result.stored !== 'unchanged') events.emit('app:iterations.finished', iterationSummary(result.iteration));
    return { stored: result.stored };
  }

  private putLogs(put: z.infer<typeof LogsPutSchema>) {
    const { store, events } = this.options;
    const key = `${put.jobId}\0${put.workerId}`;
    const lines = store.transaction(() => {
      this.owned(put.jobId, put.workerId);
      const after = this.logSeq.get(key) ?? 0;
      const fresh = put.lines.filter((l) => l.seq > after);
      if (fresh.length === 0) return [];
      this.logSeq.set(key, Math.max(...fresh.map((l) => l.seq)));
      return store.logs.append(
        fresh.map((l) => ({
          jobId: put.jobId,
          iteration: l.iteration,
          stream: l.stream,
          text: l.text,
          at: Date.parse(l.at),
        })),
      );
    });
    for (const line of lines) events.emit('app:logs.line', line);
    return { stored: lines.length };
  }

  private finish(end: z.infer<typeof FinishInputSchema>) {
    const { store, backend } = this.options;
    const status = store.transaction(() => {
      const job = this.owned(end.jobId, end.workerId);
      this.logSeq.delete(`${end.jobId}\0${end.workerId}`);
      if (end.status === 'paused') {
        store.jobs.update(job.id, { status: 'queued', workerId: null });
        return 'queued';
      }
      if (end.status === 'cancelled' || job.cancelRequested) {
        store.jobs.update(job.id, { status: 'cancelled', stopReason: 'cancelled', cancelRequested: false });
        return 'cancelled';
      }
      store.jobs.update(job.id, {
        status: end.status,
        outcome: end.outcome,
        stopReason: end.stopReason,
        bestIteration: end.bestIteration,
        score: end.score,
        error: end.error,
        unresolved: end.unresolved,
      });
      return end.status;
    });
    if (status === 'queued') backend?.requeued(end.jobId);
    const job = store.jobs.require(end.jobId);
    this.options.events.emit('app:jobs.progress', {
      jobId: job.id,
      status: job.status,
      phase: 'finished',
      iteration: job.iterations ? job.iterations - 1 : null,
      maxIterations: job.settings.maxIterations,
      message: job.stopReason ?? job.error?.message ?? null,
    });
    this.options.changed(`job-${status === 'queued' ? 'interrupted' : status}`);
    return { status };
  }
}
