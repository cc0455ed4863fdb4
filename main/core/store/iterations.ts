// Stored iterations. persist() is the loop's commit point: the notebook version and executed notebook blobs, the
// iteration row and the job's counters go in one transaction, so a crash loses at most the iteration in flight
// and a resumed job finds every earlier iteration complete.
import { z } from 'zod';
import { NbreviveError } from '../../../shared/lib/errors';
import { ExecutionReportSchema } from '../../../shared/models/execution';
import { FidelitySchema } from '../../../shared/models/fidelity';
import { FixSchema, Iteration, IterationSchema, Usage, VerdictSchema } from '../../../shared/models/loop';
import { BlobContent, BlobRepository } from './blobs';
import { iso, msOrNull, StoreContext } from './context';
import { JobRepository } from './jobs';

export interface IterationInput {
  jobId: string;
  index: number;
  report: z.input<typeof ExecutionReportSchema>;
  verdict: z.input<typeof VerdictSchema>;
  fix?: z.input<typeof FixSchema> | null;
  fixFailed?: boolean;
  /** the outputs compared with the author's saved ones (main/core/fidelity) */
  fidelity?: z.input<typeof FidelitySchema> | null;
  /** ISO time; default now */
  createdAt?: string;
}

export interface IterationContent {
  /** the notebook version that was executed (serialized .ipynb) */
  notebook: BlobContent;
  /** the executed notebook with its outputs, when kept */
  executed?: BlobContent | null;
}

interface IterationRow {
  job_id: string;
  idx: number;
  version_hash: string;
  executed_hash: string | null;
  report: string;
  verdict: string;
  fix: string | null;
  fix_failed: number;
  fidelity: string | null;
  created_at: number;
}

function toIteration(row: IterationRow): Iteration {
  return IterationSchema.parse({
    jobId: row.job_id,
    index: row.idx,
    versionHash: row.version_hash,
    executedHash: row.executed_hash,
    report: JSON.parse(row.report),
    verdict: JSON.parse(row.verdict),
    fix: row.fix === null ? null : JSON.parse(row.fix),
    fixFailed: row.fix_failed !== 0,
    fidelity: row.fidelity === null ? null : JSON.parse(row.fidelity),
    createdAt: iso(row.created_at),
  });
}

const ZERO_USAGE: Usage = { promptTokens: 0, completionTokens: 0, costUsd: 0 };

export class IterationRepository {
  constructor(
    private readonly ctx: StoreContext,
    private readonly blobs: BlobRepository,
    private readonly jobs: JobRepository,
  ) {}

  /**
   * Stores iteration `input.index` of its job atomically: blobs, row, and the job's iteration count, LLM usage and
   * heartbeat. An iteration with the same (job, index) already stored is an error (nothing is written).
   */
  persist(input: IterationInput, content: IterationContent): Iteration {
    const report = ExecutionReportSchema.parse(input.report);
    const verdict = VerdictSchema.parse(input.verdict);
    const fix = input.fix == null ? null : FixSchema.parse(input.fix);
    const fidelity = input.fidelity == null ? null : FidelitySchema.parse(input.fidelity);
    const index = z.number().int().nonnegative().parse(input.index);
    const createdAt = msOrNull(input.createdAt) ?? this.ctx.now();
    // Hash and compress before taking the write lock.
    const version = this.blobs.prepare(content.notebook);
    const executed = content.executed == null ? null : this.blobs.prepare(content.executed);
    this.ctx.write(() => {
      this.jobs.require(input.jobId);
      const versionHash = this.blobs.insertPrepared(version);
      const executedHash = executed === null ? null : this.blobs.insertPrepared(executed);
      const insert = this.ctx.prepare(
        `INSERT INTO iterations (job_id, idx, version_hash, executed_hash, status, error_count, score, report, verdict,
             fix, fix_failed, fidelity, fidelity_score, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      try {
        insert.run(
          input.jobId,
          index,
          versionHash,
          executedHash,
          report.status,
          report.errors.length,
          report.score,
          JSON.stringify(report),
          JSON.stringify(verdict),
          fix === null ? null : JSON.stringify(fix),
          input.fixFailed ? 1 : 0,
          fidelity === null ? null : JSON.stringify(fidelity),
          fidelity?.score ?? null,
          createdAt,
        );
      } catch (e) {
        if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          throw new NbreviveError(
            'invalid-request',
            `job ${input.jobId} already has iteration ${index}; iterations are never overwritten`,
            {
              jobId: input.jobId,
              index,
            },
          );
        }
        throw e;
      }
      const now = this.ctx.now();
      this.ctx
        .prepare(
          `UPDATE jobs SET iterations = (SELECT count(*) FROM iterations WHERE job_id = ?), updated_at = ?,
             heartbeat_at = CASE WHEN status = 'running' THEN ? ELSE heartbeat_at END WHERE id = ?`,
        )
        .run(input.jobId, now, now, input.jobId);
      if (fix?.usage) this.jobs.addUsageInTransaction(input.jobId, fix.usage, 1);
    });
    return this.require(input.jobId, index);
  }

  /**
   * Records the fix proposed after iteration `index` (the loop persists the iteration before asking a fixer);
   * the job's usage totals move by the difference to the fix stored before.
   */
  setFix(jobId: string, index: number, fix: z.input<typeof FixSchema> | null): Iteration {
    const parsed = fix === null ? null : FixSchema.parse(fix);
    this.ctx.write(() => {
      const row = this.ctx
        .prepare<[string, number], { fix: string | null }>('SELECT fix FROM iterations WHERE job_id = ? AND idx = ?')
        .get(jobId, index);
      if (!row) throw this.notFound(jobId, index);
      const old = row.fix === null ? null : FixSchema.parse(JSON.parse(row.fix));
      this.ctx
        .prepare('UPDATE iterations SET fix = ? WHERE job_id = ? AND idx = ?')
        .run(parsed === null ? null : JSON.stringify(parsed), jobId, index);
      this.jobs.addUsageInTransaction(jobId, old?.usage ?? ZERO_USAGE, -1);
      this.jobs.addUsageInTransaction(jobId, parsed?.usage ?? ZERO_USAGE, 1);
    });
    return this.require(jobId, index);
  }

  /** Marks the fix of iteration `index` as tried without effect (the next iteration failed the same way). */
  markFixFailed(jobId: string, index: number, failed = true): void {
    const changes = this.ctx.write(
      () =>
        this.ctx
          .prepare('UPDATE iterations SET fix_failed = ? WHERE job_id = ? AND idx = ?')
          .run(failed ? 1 : 0, jobId, index).changes,
    );
    if (changes === 0) throw this.notFound(jobId, index);
  }

  get(jobId: string, index: number): Iteration | null {
    const row = this.ctx.read(() =>
      this.ctx
        .prepare<[string, number], IterationRow>('SELECT * FROM iterations WHERE job_id = ? AND idx = ?')
        .get(jobId, index),
    );
    return row ? toIteration(row) : null;
  }

  require(jobId: string, index: number): Iteration {
    const found = this.get(jobId, index);
    if (!found) throw this.notFound(jobId, index);
    return found;
  }

  /** Every iteration of the job, in order. */
  list(jobId: string): Iteration[] {
    return this.ctx
      .read(() =>
        this.ctx.prepare<[string], IterationRow>('SELECT * FROM iterations WHERE job_id = ? ORDER BY idx').all(jobId),
      )
      .map(toIteration);
  }

  /** The last persisted iteration: where a resumed job continues from. */
  last(jobId: string): Iteration | null {
    const row = this.ctx.read(() =>
      this.ctx
        .prepare<[string], IterationRow>('SELECT * FROM iterations WHERE job_id = ? ORDER BY idx DESC LIMIT 1')
        .get(jobId),
    );
    return row ? toIteration(row) : null;
  }

  private notFound(jobId: string, index: number): NbreviveError {
    return new NbreviveError('not-found', `job ${jobId} has no iteration ${index}`, { jobId, index });
  }
}
