// One remote job's two stores: the worker runs the loop on a local SQLite file of its own (the engine's store,
// unchanged) seeded with what the host already has (the case, the job, its stored iterations), and this module
// copies what the loop persists there to the host as soon as it is persisted: each iteration (again when its fix
// is set or judged; the host keys it by (job, index), so a resend never adds a row), the log lines, the progress.
import { wireIteration, type ClaimAnswer, type WireIteration } from '../../../shared/contracts/remote-worker';
import type { JobProgressEvent } from '../../../shared/contracts/schemas';
import type { ResolvedCase } from '../../../shared/models/case';
import type { Store } from '../../core/store';
import type { CaseCache } from './case-cache';
import { NotOwnerError, type HostClient } from './host-client';

type Runnable = Extract<ClaimAnswer, { run: true }>;

/** Seeds the local store: the case as it resolves here, the job under the host's id, the host's iterations. */
export async function seedLocalJob(
  store: Store,
  answer: Runnable,
  resolved: ResolvedCase,
  cache: CaseCache,
  overrides: { python?: string | null } = {},
): Promise<void> {
  const original = (await cache.blob(answer.originalHash)).toString('utf8');
  const record = store.cases.upsert(resolved, store.blobs.put(original));
  const settings = { ...answer.job.settings };
  // this machine's runtimes: its own Python when given, else what it detects (a host path may not exist here)
  if (overrides.python !== undefined) settings.python = overrides.python;
  const now = Date.now();
  store.db
    .prepare(
      `INSERT INTO jobs (id, case_id, status, priority, settings, created_at, updated_at, started_at, target, attempts)
       VALUES (?, ?, 'running', ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      answer.job.id,
      record.id,
      answer.job.priority,
      JSON.stringify(settings),
      now,
      now,
      answer.job.startedAt ? Date.parse(answer.job.startedAt) : now,
      answer.job.target,
      answer.job.attempts,
    );
  for (const it of answer.iterations) {
    const notebook = (await cache.blob(it.versionHash)).toString('utf8');
    const executed = it.executedHash ? (await cache.blob(it.executedHash)).toString('utf8') : null;
    store.iterations.persist({ jobId: answer.job.id, ...wireIteration(it) }, { notebook, executed });
  }
}

export class JobSync {
  /** index → what the host holds of it (the fix and its judgement) */
  private readonly sent = new Map<number, string>();
  private lastLogSeq: number;
  private chain: Promise<void> = Promise.resolve();
  private progressInFlight = false;
  private nextProgress: JobProgressEvent | null = null;
  private failure: Error | null = null;
  private logTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly client: HostClient,
    private readonly workerId: string,
    private readonly jobId: string,
    hostIterations: WireIteration[],
    /** the host said this job is no longer ours */
    private readonly onLost: () => void,
  ) {
    for (const it of hostIterations) this.sent.set(it.index, JSON.stringify([it.fix, it.fixFailed]));
    // lines the seed wrote locally are not the host's to get
    this.lastLogSeq = store.logs.tail(jobId, { limit: 1 }).at(-1)?.seq ?? 0;
  }

  private fail(e: unknown): void {
    if (e instanceof NotOwnerError) this.onLost();
    this.failure ??= e as Error;
  }

  /** queues a copy of what changed; copies run one after another, in order */
  kick(): void {
    this.chain = this.chain.then(() => this.copy()).catch((e: unknown) => this.fail(e));
  }

  /** log lines are sent in batches (at most every 300 ms) */
  kickLogs(): void {
    if (this.logTimer) return;
    this.logTimer = setTimeout(() => {
      this.logTimer = null;
      this.chain = this.chain.then(() => this.copyLogs()).catch((e: unknown) => this.fail(e));
    }, 300);
  }

  /** the latest progress goes to the host; ones superseded while a send is in flight are dropped */
  progress(event: JobProgressEvent): void {
    this.nextProgress = event;
    if (this.progressInFlight) return;
    this.progressInFlight = true;
    void (async () => {
      while (this.nextProgress) {
        const e = this.nextProgress;
        this.nextProgress = null;
        try {
          await this.client.post('progress', { workerId: this.workerId, event: e }, { retryForMs: 5_000 });
        } catch (err) {
          if (err instanceof NotOwnerError) this.onLost();
          // progress is advisory: a lost one is superseded by the next
        }
      }
      this.progressInFlight = false;
    })();
  }

  /** everything persisted so far is on the host; throws what a copy met (NotOwnerError: the job is not ours) */
  async flush(): Promise<void> {
    if (this.logTimer) {
      clearTimeout(this.logTimer);
      this.logTimer = null;
    }
    this.kick();
    await this.chain;
    if (this.failure) throw this.failure;
  }

  private async copy(): Promise<void> {
    for (const it of this.store.iterations.list(this.jobId)) {
      const key = JSON.stringify([it.fix, it.fixFailed]);
      const known = this.sent.get(it.index);
      if (known === key) continue;
      // logs first: the host shows an iteration's lines with it
      await this.copyLogs();
      await this.client.post('iteration', {
        workerId: this.workerId,
        jobId: this.jobId,
        ...wireIteration(it),
        // the notebooks travel once, with the iteration's first copy
        ...(known === undefined
          ? {
              notebook: this.store.blobs.getText(it.versionHash),
              executed: it.executedHash ? this.store.blobs.getText(it.executedHash) : null,
            }
          : {}),
      });
      this.sent.set(it.index, key);
    }
    await this.copyLogs();
  }

  private async copyLogs(): Promise<void> {
    for (;;) {
      const lines = this.store.logs.tail(this.jobId, { afterSeq: this.lastLogSeq, limit: 2000 });
      if (lines.length === 0) return;
      await this.client.post('logs', {
        workerId: this.workerId,
        jobId: this.jobId,
        lines: lines.map((l) => ({ seq: l.seq, iteration: l.iteration, stream: l.stream, text: l.text, at: l.at })),
      });
      this.lastLogSeq = lines.at(-1)?.seq ?? this.lastLogSeq;
      if (lines.length < 2000) return;
    }
  }
}
