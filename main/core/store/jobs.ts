// Stored jobs: the persistent queue. Listing filters and sorts in SQL over indexed columns so it stays fast with
// 10k+ jobs; the worker claims the next queued job in one UPDATE … RETURNING, which SQLite runs under its single
// write lock, so two workers (threads or processes) can never claim the same job.
import crypto from 'node:crypto';
import { z } from 'zod';
import { NbreviveError } from '../../../shared/lib/errors';
import {
  JobSettingsSchema,
  JobStatus,
  JobStatusSchema,
  Outcome,
  OutcomeSchema,
  StopReason,
  StopReasonSchema,
  UnresolvedError,
  UnresolvedErrorSchema,
  Usage,
  UsageSchema,
} from '../../../shared/models/loop';
import { iso, likePattern, msOrNull, orNotFound, Page, SortOrder, StoreContext } from './context';

import { type Job, type JobError } from '../../../shared/models/job';
import { NOT_NULL_SORT_COLUMNS, SELECT_JOB, SORT_COLUMNS, toJob, type JobRow } from './job-rows';
import { ReviewVerdictSchema, type Review, type ReviewVerdict } from '../../../shared/models/review';

// The stored job and its review are one schema with the API's summary (shared/models/job.ts).
export type { Job, JobError, Review };

export interface NewJob {
  caseId: string;
  settings?: z.input<typeof JobSettingsSchema>;
  priority?: number;
  /** default: the case's target value */
  target?: number | null;
  /** 'queued' (default) for the worker; 'running' when the caller runs it itself (the CLI's `run`) */
  status?: JobStatus;
  workerId?: string | null;
}

/** Fields a caller may change; timestamps are ISO strings or epoch ms. */
export interface JobPatch {
  status?: JobStatus;
  priority?: number;
  settings?: z.input<typeof JobSettingsSchema>;
  startedAt?: string | number | null;
  finishedAt?: string | number | null;
  outcome?: Outcome | null;
  stopReason?: StopReason | null;
  bestIteration?: number | null;
  score?: number | null;
  target?: number | null;
  error?: JobError | null;
  workerId?: string | null;
  heartbeatAt?: string | number | null;
  cancelRequested?: boolean;
  unresolved?: UnresolvedError[];
}

export type JobSortKey =
  | 'createdAt'
  | 'startedAt'
  | 'finishedAt'
  | 'updatedAt'
  | 'priority'
  | 'status'
  | 'score'
  | 'iterations'
  | 'costUsd'
  | 'caseTitle'
  | 'outcome';

export interface JobListQuery {
  status?: JobStatus | JobStatus[];
  caseId?: string;
  competition?: string;
  /** 'none': no outcome yet */
  outcome?: Outcome | 'none';
  /** case-insensitive substring of the job id, case id, case title or competition */
  search?: string;
  sort?: JobSortKey;
  order?: SortOrder;
  limit?: number;
  offset?: number;
}

export const TERMINAL_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];

/** 'j-' + seconds since the epoch and 4 random characters, base 36: short, readable, roughly time-ordered. */
export function newJobId(now: number): string {
  const random = crypto
    .randomInt(36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `j-${Math.floor(now / 1000).toString(36)}${random}`;
}

export class JobRepository {
  constructor(private readonly ctx: StoreContext) {}

  create(input: NewJob): Job {
    const settings = JobSettingsSchema.parse(input.settings ?? {});
    const status = JobStatusSchema.parse(input.status ?? 'queued');
    const now = this.ctx.now();
    const id = this.ctx.write(() => {
      const kase = this.ctx
        .prepare<[string], { target: string | null }>('SELECT target FROM cases WHERE id = ?')
        .get(input.caseId);
      if (!kase)
        throw new NbreviveError('not-found', `no case with id ${input.caseId}; import it first`, {
          caseId: input.caseId,
        });
      const target =
        input.target !== undefined
          ? input.target
          : kase.target === null
            ? null
            : (JSON.parse(kase.target) as { value: number }).value;
      const insert = this.ctx.prepare(
        `INSERT INTO jobs (id, case_id, status, priority, settings, created_at, updated_at, started_at, target, worker_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      );
      // A clash needs two jobs in the same second drawing the same of 1.7M suffixes: retry with a fresh one.
      for (let attempt = 0; attempt < 10; attempt++) {
        const candidate = newJobId(now);
        const started = status === 'running' ? now : null;
        const result = insert.run(
          candidate,
          input.caseId,
          status,
          input.priority ?? 0,
          JSON.stringify(settings),
          now,
          now,
          started,
          target,
          input.workerId ?? null,
        );
        if (result.changes === 1) return candidate;
      }
      throw new NbreviveError('internal', 'could not allocate a job id');
    });
    return this.require(id);
  }

  get(id: string): Job | null {
    const row = this.ctx.one<JobRow>(`${SELECT_JOB} WHERE j.id = ?`, id);
    return row ? toJob(row) : null;
  }

  /** get(), throwing 'not-found' for an unknown id. */
  require(id: string): Job {
    return orNotFound(this.get(id), `no job with id ${id}; list the jobs with \`nbrevive jobs\``, { jobId: id });
  }

  /**
   * Applies `patch`. Moving to a terminal status (done, failed, cancelled) sets finishedAt (unless given) and
   * releases the worker; moving to 'running' sets startedAt the first time.
   */
  update(id: string, patch: JobPatch): Job {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (column: string, value: unknown) => {
      sets.push(`${column} = ?`);
      params.push(value);
    };
    const now = this.ctx.now();
    if (patch.status !== undefined) {
      set('status', JobStatusSchema.parse(patch.status));
      if (TERMINAL_STATUSES.includes(patch.status)) {
        if (patch.finishedAt === undefined) set('finished_at', now);
        if (patch.workerId === undefined) set('worker_id', null);
      }
      if (patch.status === 'running' && patch.startedAt === undefined) {
        sets.push('started_at = coalesce(started_at, ?)');
        params.push(now);
      }
    }
    if (patch.priority !== undefined) set('priority', z.number().int().parse(patch.priority));
    if (patch.settings !== undefined) set('settings', JSON.stringify(JobSettingsSchema.parse(patch.settings)));
    if (patch.startedAt !== undefined) set('started_at', msOrNull(patch.startedAt));
    if (patch.finishedAt !== undefined) set('finished_at', msOrNull(patch.finishedAt));
    if (patch.outcome !== undefined) set('outcome', patch.outcome === null ? null : OutcomeSchema.parse(patch.outcome));
    if (patch.stopReason !== undefined)
      set('stop_reason', patch.stopReason === null ? null : StopReasonSchema.parse(patch.stopReason));
    if (patch.bestIteration !== undefined) set('best_iteration', patch.bestIteration);
    if (patch.score !== undefined) set('score', patch.score);
    if (patch.target !== undefined) set('target', patch.target);
    if (patch.error !== undefined) {
      set('error_code', patch.error?.code ?? null);
      set('error_message', patch.error?.message ?? null);
    }
    if (patch.workerId !== undefined) set('worker_id', patch.workerId);
    if (patch.heartbeatAt !== undefined) set('heartbeat_at', msOrNull(patch.heartbeatAt));
    if (patch.cancelRequested !== undefined) set('cancel_requested', patch.cancelRequested ? 1 : 0);
    if (patch.unresolved !== undefined)
      set('unresolved', JSON.stringify(z.array(UnresolvedErrorSchema).parse(patch.unresolved)));
    set('updated_at', now);
    const changes = this.ctx.write(
      () => this.ctx.prepare(`UPDATE jobs SET ${sets.join(', ')} WHERE id = ?`).run(...params, id).changes,
    );
    if (changes === 0) this.require(id);
    return this.require(id);
  }

  list(query: JobListQuery = {}): Page<Job> {
    const where: string[] = [];
    const params: unknown[] = [];
    let needsCase = false;
    const statuses = query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status];
    if (statuses.length) {
      where.push(`j.status IN (${statuses.map(() => '?').join(', ')})`);
      params.push(...statuses);
    }
    if (query.caseId !== undefined) {
      where.push('j.case_id = ?');
      params.push(query.caseId);
    }
    if (query.competition !== undefined) {
      where.push('c.competition = ?');
      params.push(query.competition);
      needsCase = true;
    }
    if (query.outcome === 'none') where.push('j.outcome IS NULL');
    else if (query.outcome !== undefined) {
      where.push('j.outcome = ?');
      params.push(query.outcome);
    }
    if (query.search) {
      // Match the (few) cases once, then test each job by its id and case: no join over every job to count them.
      const pattern = likePattern(query.search);
      where.push(
        `(j.id LIKE ? ESCAPE '\\' OR j.case_id IN (SELECT id FROM cases WHERE id LIKE ` +
          `? ESCAPE '\\' OR title LIKE ? ESCAPE '\\' OR competition LIKE ? ESCAPE '\\'))`,
      );
      params.push(pattern, pattern, pattern, pattern);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const column = SORT_COLUMNS[query.sort ?? 'createdAt'];
    if (column.startsWith('c.')) needsCase = true;
    const dir = query.order === 'asc' ? 'ASC' : 'DESC';
    // NULLs (not started, no score …) go last in both directions; rowid keeps equal keys in a stable order.
    // Columns that are never NULL skip the IS NULL term so an index can deliver the order.
    const nullsLast = NOT_NULL_SORT_COLUMNS.has(column) ? '' : `${column} IS NULL, `;
    const limit = query.limit ?? 100;
    const offset = query.offset ?? 0;
    const from = needsCase ? 'jobs j JOIN cases c ON c.id = j.case_id' : 'jobs j';
    return this.ctx.snapshot(() => {
      // Page the narrow rowids first (indexes cover filter and order), then read the full rows of that page only.
      const rowids = this.ctx
        .prepare<unknown[], { rid: number }>(
          `SELECT j.rowid AS rid FROM ${from} ${whereSql} ORDER BY ` +
            `${nullsLast}${column} ${dir}, j.rowid ${dir} LIMIT ? OFFSET ?`,
        )
        .all(...params, limit, offset)
        .map((r) => r.rid);
      const total =
        this.ctx.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM ${from} ${whereSql}`).get(...params)?.n ??
        0;
      if (rowids.length === 0) return { items: [], total };
      const rows = this.ctx
        .prepare<[string], JobRow>(`${SELECT_JOB} WHERE j.rowid IN (SELECT value FROM json_each(?))`)
        .all(JSON.stringify(rowids));
      const byRowid = new Map(rows.map((r) => [r.rid, r]));
      return { items: rowids.flatMap((rid) => (byRowid.has(rid) ? [toJob(byRowid.get(rid)!)] : [])), total };
    });
  }

  /** Jobs per status (every status present, 0 when none). */
  /** US dollars spent on LLM calls by every job (the database-wide budget) */
  totalCostUsd(): number {
    return this.ctx.read(
      () => this.ctx.prepare<[], { usd: number | null }>('SELECT sum(cost_usd) AS usd FROM jobs').get()?.usd ?? 0,
    );
  }

  countByStatus(): Record<JobStatus, number> {
    const counts = Object.fromEntries(JobStatusSchema.options.map((s) => [s, 0])) as Record<JobStatus, number>;
    const rows = this.ctx.read(() =>
      this.ctx
        .prepare<[], { status: JobStatus; n: number }>('SELECT status, count(*) AS n FROM jobs GROUP BY status')
        .all(),
    );
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  /**
   * Atomically takes the next queued job (highest priority, then oldest) for `workerId`: it becomes 'running',
   * owned by the worker, with a fresh heartbeat. Null when nothing is queued.
   */
  claimNext(workerId: string): Job | null {
    const now = this.ctx.now();
    const claimed = this.ctx.write(() =>
      this.ctx
        .prepare<[string, number, number, number], { id: string }>(
          `UPDATE jobs SET status = 'running', worker_id = ?, heartbeat_at = ?, started_at = coalesce(started_at, ?),
             updated_at = ?, attempts = attempts + 1
           WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY priority DESC, created_at, rowid LIMIT 1)
           RETURNING id`,
        )
        .get(workerId, now, now, now),
    );
    return claimed ? this.require(claimed.id) : null;
  }

  /**
   * Takes one job for `workerId` (a CLI resuming it): atomically, and only from a status in `from`, so a host's
   * worker claiming the same job at the same moment cannot run it twice. Null when the job was not in `from`.
   */
  claim(jobId: string, workerId: string, from: readonly JobStatus[]): Job | null {
    const now = this.ctx.now();
    const claimed = this.ctx.write(() =>
      this.ctx
        .prepare<unknown[], { id: string }>(
          `UPDATE jobs SET status = 'running', worker_id = ?, heartbeat_at = ?, started_at = coalesce(started_at, ?),
             updated_at = ?, attempts = attempts + 1, finished_at = NULL, cancel_requested = 0
           WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})
           RETURNING id`,
        )
        .get(workerId, now, now, now, jobId, ...from),
    );
    return claimed ? this.require(claimed.id) : null;
  }

  /** Records that `workerId` is alive on the job; false when the job is no longer running under that worker. */
  heartbeat(jobId: string, workerId: string): boolean {
    const now = this.ctx.now();
    return (
      this.ctx.write(
        () =>
          this.ctx
            .prepare(`UPDATE jobs SET heartbeat_at = ? WHERE id = ? AND worker_id = ? AND status = 'running'`)
            .run(now, jobId, workerId).changes,
      ) === 1
    );
  }

  /**
   * Puts running jobs whose worker has not been heard of for `olderThanMs` back in the queue (a dead worker's job
   * resumes from its last persisted iteration). 0 requeues every running job (host start). Returns their ids.
   */
  requeueStale(olderThanMs: number): string[] {
    const now = this.ctx.now();
    const cutoff = now - olderThanMs;
    return this.ctx.write(() =>
      this.ctx
        .prepare<[number, number], { id: string }>(
          `UPDATE jobs SET status = 'queued', worker_id = NULL, updated_at = ?
           WHERE status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at <= ?) RETURNING id`,
        )
        .all(now, cutoff)
        .map((r) => r.id),
    );
  }

  /** Adds LLM usage that is not part of a stored fix (e.g. a malformed answer that was re-asked). */
  addUsage(jobId: string, usage: Usage): void {
    const u = UsageSchema.parse(usage);
    this.ctx.write(() => this.addUsageInTransaction(jobId, u, 1));
  }

  /** @internal used by the iteration repository inside its own transaction */
  addUsageInTransaction(jobId: string, usage: Usage, sign: 1 | -1): void {
    this.ctx
      .prepare(
        `UPDATE jobs SET cost_usd = max(0, cost_usd + ?), prompt_tokens = max(0, prompt_tokens + ?),
           completion_tokens = max(0, completion_tokens + ?), updated_at = ? WHERE id = ?`,
      )
      .run(sign * usage.costUsd, sign * usage.promptTokens, sign * usage.completionTokens, this.ctx.now(), jobId);
  }

  setReview(jobId: string, verdict: ReviewVerdict, note = ''): Review {
    const v = ReviewVerdictSchema.parse(verdict);
    const now = this.ctx.now();
    const changes = this.ctx.write(
      () =>
        this.ctx
          .prepare('UPDATE jobs SET review_verdict = ?, review_note = ?, reviewed_at = ? WHERE id = ?')
          .run(v, note, now, jobId).changes,
    );
    if (changes === 0) this.require(jobId);
    return { jobId, verdict: v, note, updatedAt: iso(now) };
  }

  getReview(jobId: string): Review | null {
    return this.require(jobId).review;
  }

  /** Deletes the job with its iterations and logs (blobs stay: other jobs may share them). */
  delete(jobId: string): boolean {
    return this.ctx.write(() => this.ctx.prepare('DELETE FROM jobs WHERE id = ?').run(jobId).changes) === 1;
  }
}
