// Exports: a job's notebook (to a host path or as text), a batch of them with a report, and the corpus report as
// JSON or CSV.
import fs from 'node:fs/promises';
import path from 'node:path';
import { toCsv } from '../../../shared/contracts/summaries';
import { exportJob, jobVersions } from '../../core/jobs/export';
import { checkUserPath, fileSystemError, makeFolders } from '../../core/jobs/fs-errors';
import { corpusStats } from '../../core/stats/corpus-stats';
import type { AppHandlerDependencies, FeatureHandlers } from './context';
import { jobsFor } from './stats';

async function writeOrReturn(file: string | undefined, content: string, count: number) {
  if (!file) return { path: null, content, count };
  checkUserPath(file, 'the report file');
  const out = path.resolve(file);
  try {
    await makeFolders(path.dirname(out));
    await fs.writeFile(out, content);
  } catch (e) {
    throw fileSystemError(e, 'the report file', out);
  }
  return { path: out, content: null, count };
}

export function exportHandlers({ store }: AppHandlerDependencies): FeatureHandlers<'exports'> {
  return {
    async 'app:exports.notebook'({ jobId, index, path: out }) {
      if (out) {
        const { file } = await exportJob(store, jobId, out, undefined, index);
        return { path: file, content: null, count: 1 };
      }
      const { version } = jobVersions(store, jobId, index);
      return { path: null, content: JSON.stringify(version, null, 1), count: 1 };
    },
    async 'app:exports.batch'({ jobIds, dir }) {
      checkUserPath(dir, 'the export folder');
      const out = path.resolve(dir);
      for (const jobId of jobIds) {
        const job = store.jobs.require(jobId);
        await exportJob(store, jobId, path.join(out, `${job.caseId}--${job.id}.ipynb`));
      }
      const stats = corpusStats(
        store,
        jobIds.map((id) => store.jobs.require(id)),
      );
      await writeOrReturn(path.join(out, 'report.json'), JSON.stringify(stats, null, 2), jobIds.length);
      return { path: out, content: null, count: jobIds.length };
    },
    async 'app:exports.report'({ jobIds, format, path: out }) {
      const jobs = jobsFor(store, jobIds);
      const stats = corpusStats(store, jobs);
      if (format === 'json') return writeOrReturn(out, JSON.stringify(stats, null, 2), jobs.length);
      const reviews = new Map(jobs.map((j) => [j.id, j.review]));
      const rows = [
        [
          'jobId',
          'caseId',
          'outcome',
          'stopReason',
          'iterations',
          'score',
          'target',
          'fidelity',
          'firstErrorBefore',
          'fixes',
          'review',
          'reviewNote',
        ],
        ...stats.rows.map((r) => [
          r.jobId,
          r.caseId,
          r.outcome,
          r.stopReason,
          r.iterations,
          r.score,
          r.target,
          r.fidelity,
          r.firstErrorBefore,
          r.fixes.join('; '),
          reviews.get(r.jobId)?.verdict ?? null,
          reviews.get(r.jobId)?.note ?? null,
        ]),
      ];
      return writeOrReturn(out, toCsv(rows), jobs.length);
    },
  } satisfies FeatureHandlers<'exports'>;
}
