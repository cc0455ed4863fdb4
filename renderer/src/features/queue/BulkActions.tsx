// The bulk actions of the jobs table: what can be done with the selected jobs (enqueue their cases again, cancel,
// retry, export their notebooks to a host folder) and the report of the selection or of every job.
import { useState } from 'react';
import type { JobSummary } from '../../../../shared/contracts/schemas';
import { useApp, useNotifyError } from '../../app/context';
import { downloadText } from '../../lib/download';
import { errorMessage } from '../../lib/format';
import { htmlReport } from '../../lib/html-report';

/** What can be done with the selected jobs: enqueue their cases again, cancel, retry, export; and the reports. */
export function BulkActions({ jobs, chosen }: { jobs: JobSummary[]; chosen: JobSummary[] }) {
  const { api, notify, reloadJobs } = useApp();
  const notifyError = useNotifyError();
  const bulk = async (what: string, f: (j: JobSummary) => Promise<unknown>, eligible: (j: JobSummary) => boolean) => {
    const targets = chosen.filter(eligible);
    if (!targets.length) return notify(`None of the selected jobs can be ${what}`, 'error');
    const results = await Promise.allSettled(targets.map(f));
    const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    notify(
      `${targets.length - failed.length} job(s) ` +
        `${what}${failed.length ? `; ${failed.length} failed: ${errorMessage(failed[0]?.reason)}` : ''}`,
      failed.length ? 'error' : 'info',
    );
    reloadJobs();
  };
  const enqueueCases = async () => {
    const caseIds = [...new Set(chosen.map((j) => j.caseId))];
    if (!caseIds.length) return;
    try {
      const { jobs: queued } = await api.jobsEnqueue({ caseIds });
      notify(`Queued ${queued.length} new job(s)`);
      reloadJobs();
    } catch (e) {
      notifyError(e);
    }
  };

  // the per-job actions: what each does, and the statuses it applies to (the others in a selection are skipped)
  const transitions = [
    {
      label: 'Cancel',
      done: 'cancelled',
      run: (j: JobSummary) => api.jobsCancel({ jobId: j.id }),
      from: ['queued', 'paused', 'running'],
    },
    {
      label: 'Retry',
      done: 'retried',
      run: (j: JobSummary) => api.jobsRetry({ jobId: j.id }),
      from: ['failed', 'cancelled', 'paused'],
    },
  ];

  return (
    <div className="row toolbar bulk" aria-label="bulk actions">
      <span>{chosen.length} selected</span>
      <button type="button" disabled={!chosen.length} onClick={() => void enqueueCases()}>
        Enqueue again
      </button>
      {transitions.map((t) => (
        <button
          key={t.label}
          type="button"
          disabled={!chosen.length}
          onClick={() => void bulk(t.done, t.run, (j) => t.from.includes(j.status))}
        >
          {t.label}
        </button>
      ))}
      <BatchExport chosen={chosen} />
      <span className="spacer" />
      <ReportExports jobs={jobs} chosen={chosen} />
    </div>
  );
}

/** The selected jobs' fixed notebooks and report.json, written to a folder on the host. */
function BatchExport({ chosen }: { chosen: JobSummary[] }) {
  const { api, notify } = useApp();
  const notifyError = useNotifyError();
  const [batchDir, setBatchDir] = useState('');
  const exportBatch = async () => {
    if (!chosen.length) return notify('Select the jobs to export first', 'error');
    if (!batchDir.trim()) return notify('Type a folder on the host to write the notebooks to', 'error');
    try {
      const res = await api.exportsBatch({ jobIds: chosen.map((j) => j.id), dir: batchDir.trim() });
      notify(`Wrote ${res.count} notebook(s) and report.json to ${res.path}`);
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <>
      <input
        aria-label="folder on the host for the batch export"
        placeholder="host folder for notebooks"
        value={batchDir}
        onChange={(e) => setBatchDir(e.target.value)}
      />
      <button type="button" disabled={!chosen.length} onClick={() => void exportBatch()}>
        Export notebooks
      </button>
    </>
  );
}

/** The report of the selection (or of every job) downloaded as CSV, JSON or a self-contained HTML page. */
function ReportExports({ jobs, chosen }: { jobs: JobSummary[]; chosen: JobSummary[] }) {
  const { api } = useApp();
  const notifyError = useNotifyError();
  const exportReport = async (format: 'csv' | 'json' | 'html') => {
    const jobIds = chosen.length ? chosen.map((j) => j.id) : undefined;
    try {
      if (format === 'html') {
        const stats = await api.statsCorpus(jobIds ? { jobIds } : {});
        downloadText(htmlReport(stats, jobs, new Date().toISOString()), 'nbrevive-report.html', 'text/html');
      } else {
        const res = await api.exportsReport({ format, ...(jobIds ? { jobIds } : {}) });
        downloadText(
          res.content ?? '',
          `nbrevive-report.${format}`,
          format === 'csv' ? 'text/csv' : 'application/json',
        );
      }
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <>
      <span className="muted">Report{chosen.length ? ' of selection' : ''}:</span>
      <button type="button" onClick={() => void exportReport('csv')}>
        CSV
      </button>
      <button type="button" onClick={() => void exportReport('json')}>
        JSON
      </button>
      <button type="button" onClick={() => void exportReport('html')}>
        HTML
      </button>
    </>
  );
}
