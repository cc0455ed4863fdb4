// Job detail: the iteration timeline (problem → fix), the live log console, the execution report, the cell-aware
// Monaco diff with the fix's plan beside it, the score chart with the target band, cost and tokens, and exports.
// The job's data lives in useJob; each view is its own component (Timeline, LogConsole, ReportView, DiffView).
import { useEffect, useState } from 'react';
import type { IterationSummary, JobProgressEvent, JobSummary } from '../../../../shared/contracts/schemas';
import type { Fix } from '../../../../shared/models/loop';
import { useApp, useNotifyError } from '../../app/context';
import { downloadText } from '../../lib/download';
import { formatCost, formatScore, formatTime } from '../../lib/format';
import { paletteOf } from '../../lib/theme';
import { scoreChartSvg } from '../../lib/svg-charts';
import { Badge } from '../../ui/Badge';
import { isTypingTarget, useWindowKeydown } from '../../ui/keys';
import { SvgView } from '../../ui/Svg';
import { DiffView } from './DiffView';
import { formatFidelity } from './FidelityCells';
import { LogConsole } from './LogConsole';
import { ReportView } from './ReportView';
import { TimelineItem } from './Timeline';
import { useJob } from './use-job';

type Tab = 'diff' | 'report' | 'logs';

export function JobPage({ jobId }: { jobId: string }) {
  const { navigate } = useApp();
  const { job, setJob, iterations, fixes, progress, error } = useJob(jobId);
  const { selected, setSelected, tab, setTab } = useDefaultView(job, iterations);

  useIterationKeys(iterations, selected, setSelected);
  const { download, act } = useJobActions(jobId, job, selected, setJob);

  if (error)
    return (
      <div className="page">
        <p role="alert" className="error">
          {error}
        </p>
        <a href="#/queue">Back to the queue</a>
      </div>
    );
  if (!job)
    return (
      <div className="page">
        <p className="muted" role="status">
          Loading job…
        </p>
      </div>
    );

  const selectedIt = iterations.find((i) => i.index === selected) ?? null;

  return (
    <div className="page job-page">
      <JobHeader
        job={job}
        canDownload={iterations.length > 0}
        act={(what) => void act(what)}
        download={() => void download()}
        review={() => navigate({ screen: 'review', jobId })}
      />
      {progress && progress.phase !== 'finished' && <JobProgress progress={progress} />}
      {job.error && (
        <p className="error" role="alert">
          {job.error.code}: {job.error.message}
        </p>
      )}
      <div className="job-grid">
        <aside className="timeline-col">
          <IterationTimeline job={job} iterations={iterations} fixes={fixes} selected={selected} select={setSelected} />
          <ScorePanel job={job} iterations={iterations} />
          <CostPanel job={job} />
        </aside>
        <section className="main-col">
          <JobTabs jobId={jobId} tab={tab} setTab={setTab} selected={selectedIt} fixes={fixes} />
        </section>
      </div>
    </div>
  );
}

/**
 * The iteration and the tab shown: chosen by the user, else the best iteration (or the newest), and the live log
 * while the job runs or waits, the diff once it has fixes, else the report.
 */
function useDefaultView(job: JobSummary | null, iterations: readonly IterationSummary[]) {
  const [selected, setSelected] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab | null>(null);
  useEffect(() => {
    if (selected === null && iterations.length)
      setSelected(job?.bestIteration ?? iterations[iterations.length - 1]?.index ?? 0);
  }, [iterations, job, selected]);
  useEffect(() => {
    if (tab === null && job)
      setTab(job.status === 'running' || job.status === 'queued' ? 'logs' : iterations.length > 1 ? 'diff' : 'report');
  }, [job, tab, iterations.length]);
  return { selected, setSelected, tab, setTab };
}

/** The job's actions: download the fixed notebook (the selected iteration's when none is best), cancel or retry. */
function useJobActions(
  jobId: string,
  job: JobSummary | null,
  selected: number | null,
  setJob: (job: JobSummary) => void,
) {
  const { api, notify } = useApp();
  const notifyError = useNotifyError();
  const download = async () => {
    try {
      const res = await api.exportsNotebook({
        jobId,
        ...(selected !== null && job?.bestIteration == null ? { index: selected } : {}),
      });
      downloadText(res.content ?? '', `${job?.caseId ?? 'notebook'}--${jobId}.ipynb`, 'application/x-ipynb+json');
    } catch (e) {
      notifyError(e);
    }
  };
  const act = async (what: 'cancel' | 'retry') => {
    try {
      setJob(what === 'cancel' ? await api.jobsCancel({ jobId }) : await api.jobsRetry({ jobId }));
      notify(what === 'cancel' ? 'Cancel requested' : 'Requeued');
    } catch (e) {
      notifyError(e);
    }
  };
  return { download, act };
}

/** `]` and `[` select the next and the previous iteration (not while typing). */
function useIterationKeys(
  iterations: readonly IterationSummary[],
  selected: number | null,
  setSelected: (index: number) => void,
): void {
  useWindowKeydown(
    (e) => {
      if (isTypingTarget(e.target) || e.ctrlKey || e.metaKey) return;
      if (e.key === ']' || e.key === '[') {
        const idx = iterations.findIndex((i) => i.index === selected);
        const next = iterations[idx + (e.key === ']' ? 1 : -1)];
        if (next) setSelected(next.index);
      }
    },
    [iterations, selected],
  );
}

/** The job's title, status and outcome, with its actions: cancel or retry, review, download the fixed notebook. */
function JobHeader({
  job,
  canDownload,
  act,
  download,
  review,
}: {
  job: JobSummary;
  canDownload: boolean;
  act: (what: 'cancel' | 'retry') => void;
  download: () => void;
  review: () => void;
}) {
  return (
    <header className="job-head row">
      <a href="#/queue" aria-label="back to the queue">
        ←
      </a>
      <h1>{job.caseTitle || job.caseId}</h1>
      <Badge kind="status" value={job.status} />
      <Badge kind="outcome" value={job.outcome} />
      {job.stopReason && <span className="muted">stopped: {job.stopReason}</span>}
      <span className="muted">{job.id}</span>
      <span className="spacer" />
      {(job.status === 'running' || job.status === 'queued' || job.status === 'paused') && (
        <button type="button" onClick={() => act('cancel')}>
          Cancel
        </button>
      )}
      {(job.status === 'failed' || job.status === 'cancelled' || job.status === 'paused') && (
        <button type="button" onClick={() => act('retry')}>
          Retry
        </button>
      )}
      <button type="button" onClick={review}>
        Review
      </button>
      <button
        type="button"
        className="primary"
        onClick={download}
        disabled={!canDownload}
        aria-label="download the fixed notebook"
      >
        Download notebook
      </button>
    </header>
  );
}

/** Where a running job is: phase, iteration, cell, message. */
function JobProgress({ progress }: { progress: JobProgressEvent }) {
  return (
    <p className="progress" role="status" data-testid="job-progress">
      {progress.phase}
      {progress.iteration !== null
        ? ` · iteration ` +
          `${progress.iteration}${progress.maxIterations !== null ? ` of ≤ ${progress.maxIterations}` : ''}`
        : ''}
      {progress.cell ? ` · cell ${progress.cell.ordinal} of ${progress.cell.count}` : ''}
      {progress.message ? ` · ${progress.message}` : ''}
    </p>
  );
}

function IterationTimeline({
  job,
  iterations,
  fixes,
  selected,
  select,
}: {
  job: JobSummary;
  iterations: readonly IterationSummary[];
  fixes: Record<number, Fix | null>;
  selected: number | null;
  select: (index: number) => void;
}) {
  return (
    <section className="panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Iterations</h2>
      <ol className="timeline" aria-label="iteration timeline">
        {iterations.map((it) => (
          <TimelineItem
            key={it.index}
            it={it}
            fix={fixes[it.index] ?? null}
            selected={it.index === selected}
            best={it.index === job.bestIteration}
            onSelect={() => select(it.index)}
          />
        ))}
        {job.status === 'running' && <li className="tl-item pending">running…</li>}
        {!iterations.length && job.status !== 'running' && <li className="muted">no iteration yet</li>}
      </ol>
    </section>
  );
}

/** The score of each iteration against the target band (τ). */
function ScorePanel({ job, iterations }: { job: JobSummary; iterations: readonly IterationSummary[] }) {
  const { theme } = useApp();
  const chart = scoreChartSvg(
    iterations.map((i) => ({ index: i.index, score: i.score })),
    job.target ?? null,
    job.settings.tolerance,
    paletteOf(theme),
  );
  return (
    <section className="panel" aria-labelledby="score-title">
      <h2 id="score-title">Score per iteration</h2>
      <SvgView svg={chart} label="score per iteration with the target band" />
      <p className="muted small">
        target {formatScore(job.target)} ± {Math.round(job.settings.tolerance * 100)}% (τ) · best iteration{' '}
        {job.bestIteration ?? '–'} · fidelity {formatFidelity(job.fidelity)}
      </p>
    </section>
  );
}

function CostPanel({ job }: { job: JobSummary }) {
  return (
    <section className="panel" aria-labelledby="cost-title">
      <h2 id="cost-title">Cost</h2>
      <dl className="kv">
        <dt>LLM cost</dt>
        <dd>{formatCost(job.costUsd)}</dd>
        <dt>Prompt tokens</dt>
        <dd>{job.promptTokens ?? 0}</dd>
        <dt>Completion tokens</dt>
        <dd>{job.completionTokens ?? 0}</dd>
        <dt>Started</dt>
        <dd>{formatTime(job.startedAt)}</dd>
        <dt>Finished</dt>
        <dd>{formatTime(job.finishedAt)}</dd>
      </dl>
    </section>
  );
}

/** The diff, the execution report and the live log of the selected iteration, one at a time. */
function JobTabs({
  jobId,
  tab,
  setTab,
  selected,
  fixes,
}: {
  jobId: string;
  tab: Tab | null;
  setTab: (tab: Tab) => void;
  selected: IterationSummary | null;
  fixes: Record<number, Fix | null>;
}) {
  return (
    <>
      <div role="tablist" aria-label="job views" className="tabs">
        {(['diff', 'report', 'logs'] as Tab[]).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`tab-${t}`}
            id={`tabbtn-${t}`}
            onClick={() => setTab(t)}
          >
            {t === 'diff' ? 'Diff' : t === 'report' ? 'Execution report' : 'Live log'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`tab-${tab ?? 'logs'}`} aria-labelledby={`tabbtn-${tab ?? 'logs'}`} className="tabpanel">
        {tab === 'logs' && <LogConsole jobId={jobId} />}
        {tab === 'report' && selected && <ReportView jobId={jobId} it={selected} />}
        {tab === 'report' && !selected && <p className="muted">No iteration has finished yet.</p>}
        {tab === 'diff' && selected && (
          <DiffView jobId={jobId} it={selected} fix={selected.index > 0 ? (fixes[selected.index - 1] ?? null) : null} />
        )}
        {tab === 'diff' && !selected && <p className="muted">No version to compare yet.</p>}
      </div>
    </>
  );
}
