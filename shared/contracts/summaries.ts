// Pure mappings from domain records to the API's summary shapes, used by the host and the worker alike.
import type { Job } from '../models/job';
import type { Iteration } from '../models/loop';
import type { IterationSummary, JobSummary } from './schemas';

/** A job as the API lists it: the stored record with its review's verdict alongside (the jobs table, filters). */
export function jobSummary(job: Job): JobSummary {
  return { ...job, reviewVerdict: job.review?.verdict ?? null };
}

export function iterationSummary(it: Iteration): IterationSummary {
  return {
    jobId: it.jobId,
    index: it.index,
    versionHash: it.versionHash,
    status: it.report.status,
    wallTimeMs: it.report.wallTimeMs,
    errorCount: it.report.errors.length,
    score: it.report.score,
    verdict: it.verdict,
    fix: it.fix ? { type: it.fix.type, source: it.fix.source, plan: it.fix.plan, flags: it.fix.flags } : null,
    fixFailed: it.fixFailed,
    fidelity: it.fidelity?.score ?? null,
    createdAt: it.createdAt,
  };
}

/** RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  const field = (v: string | number | boolean | null) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}
