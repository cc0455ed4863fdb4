// Job detail: the iteration timeline (problem → fix), the live log console, the execution report, the cell-aware
// Monaco diff with the fix's plan beside it, the score chart with the target band, cost and tokens, and exports.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { IterationSummary, JobProgressEvent, JobSummary, LogLine } from '../../../../shared/contracts/schemas';
import type { ExecutionReport } from '../../../../shared/models/execution';
import type { Fix, Verdict } from '../../../../shared/models/loop';
import type { Fidelity } from '../../../../shared/models/fidelity';
import { useApp, useNotifyError } from '../../app/context';
import { cellsFromNotebookText, DiffCell } from '../../lib/cell-align';
import { downloadText } from '../../lib/download';
import { errorMessage, formatCost, formatScore, formatTime } from '../../lib/format';
import { formatDuration } from '../../../../shared/lib/format';
import { paletteOf } from '../../lib/theme';
import { scoreChartSvg } from '../../lib/svg-charts';
import { Ansi } from '../../ui/Ansi';
import { Badge } from '../../ui/Badge';
import { isTypingTarget } from '../../ui/keys';
import { SvgView } from '../../ui/Svg';
import { FidelityCells, formatFidelity } from './FidelityCells';
import type { DiffSides } from './NotebookDiff';

// Monaco is a few MB: loaded only when a diff is first shown, so the corpus table renders without it
const NotebookDiff = lazy(() => import('./NotebookDiff').then((m) => ({ default: m.NotebookDiff })));

type Tab = 'diff' | 'report' | 'logs';
const MAX_LOG_LINES = 5000;

export function JobPage({ jobId }: { jobId: string }) {
  const { api, notify, theme, navigate } = useApp();
  const notifyError = useNotifyError();
  const [job, setJob] = useState<JobSummary | null>(null);
  const [iterations, setIterations] = useState<IterationSummary[]>([]);
  const [fixes, setFixes] = useState<Record<number, Fix | null>>({});
  const [selected, setSelected] = useState<number | null>(null);
  const [progress, setProgress] = useState<JobProgressEvent | null>(null);
  const [tab, setTab] = useState<Tab | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const [{ job: j }, { items }] = await Promise.all([api.jobsGet({ jobId }), api.iterationsList({ jobId })]);
      setJob(j);
      setIterations(items);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [api, jobId]);

  useEffect(() => {
    void refresh();
    const offProgress = api.onJobsProgress((e) => {
      if (e.jobId !== jobId) return;
      setProgress(e);
      setJob((j) => (j && j.status !== e.status ? { ...j, status: e.status } : j));
      if (e.phase === 'finished') void refresh();
    });
    const offIteration = api.onIterationsFinished((it) => {
      if (it.jobId !== jobId) return;
      setIterations((list) =>
        list.some((x) => x.index === it.index) ? list : [...list, it].sort((a, b) => a.index - b.index),
      );
      void refresh();
    });
    return () => {
      offProgress();
      offIteration();
    };
  }, [api, jobId, refresh]);

  // fixes carry rule ids / model names the summaries leave out
  useEffect(() => {
    for (const it of iterations) {
      if (it.fix && !(it.index in fixes)) {
        api.iterationsGetFix({ jobId, index: it.index }).then(
          ({ fix }) => setFixes((f) => ({ ...f, [it.index]: fix })),
          () => {},
        );
      }
    }
  }, [api, jobId, iterations, fixes]);

  // default selection: the best iteration, else the newest
  useEffect(() => {
    if (selected === null && iterations.length)
      setSelected(job?.bestIteration ?? iterations[iterations.length - 1]?.index ?? 0);
  }, [iterations, job, selected]);
  useEffect(() => {
    if (tab === null && job)
      setTab(job.status === 'running' || job.status === 'queued' ? 'logs' : iterations.length > 1 ? 'diff' : 'report');
  }, [job, tab, iterations.length]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target) || e.ctrlKey || e.metaKey) return;
      if (e.key === ']' || e.key === '[') {
        const idx = iterations.findIndex((i) => i.index === selected);
        const next = iterations[idx + (e.key === ']' ? 1 : -1)];
        if (next) setSelected(next.index);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [iterations, selected]);

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

  const chart = scoreChartSvg(
    iterations.map((i) => ({ index: i.index, score: i.score })),
    job.target ?? null,
    job.settings.tolerance,
    paletteOf(theme),
  );
  const selectedIt = iterations.find((i) => i.index === selected) ?? null;

  return (
    <div className="page job-page">
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
          <button type="button" onClick={() => void act('cancel')}>
            Cancel
          </button>
        )}
        {(job.status === 'failed' || job.status === 'cancelled' || job.status === 'paused') && (
          <button type="button" onClick={() => void act('retry')}>
            Retry
          </button>
        )}
        <button type="button" onClick={() => navigate({ screen: 'review', jobId })}>
          Review
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void download()}
          disabled={!iterations.length}
          aria-label="download the fixed notebook"
        >
          Download notebook
        </button>
      </header>
      {progress && progress.phase !== 'finished' && (
        <p className="progress" role="status" data-testid="job-progress">
          {progress.phase}
          {progress.iteration !== null
            ? ` · iteration ${progress.iteration}${progress.maxIterations !== null ? ` of ≤ ${progress.maxIterations}` : ''}`
            : ''}
          {progress.cell ? ` · cell ${progress.cell.ordinal} of ${progress.cell.count}` : ''}
          {progress.message ? ` · ${progress.message}` : ''}
        </p>
      )}
      {job.error && (
        <p className="error" role="alert">
          {job.error.code}: {job.error.message}
        </p>
      )}
      <div className="job-grid">
        <aside className="timeline-col">
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
                  onSelect={() => setSelected(it.index)}
                />
              ))}
              {job.status === 'running' && <li className="tl-item pending">running…</li>}
              {!iterations.length && job.status !== 'running' && <li className="muted">no iteration yet</li>}
            </ol>
          </section>
          <section className="panel" aria-labelledby="score-title">
            <h2 id="score-title">Score per iteration</h2>
            <SvgView svg={chart} label="score per iteration with the target band" />
            <p className="muted small">
              target {formatScore(job.target)} ± {Math.round(job.settings.tolerance * 100)}% (τ) · best iteration{' '}
              {job.bestIteration ?? '–'} · fidelity {formatFidelity(job.fidelity)}
            </p>
          </section>
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
        </aside>
        <section className="main-col">
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
          <div
            role="tabpanel"
            id={`tab-${tab ?? 'logs'}`}
            aria-labelledby={`tabbtn-${tab ?? 'logs'}`}
            className="tabpanel"
          >
            {tab === 'logs' && <LogConsole jobId={jobId} />}
            {tab === 'report' && selectedIt && <ReportView jobId={jobId} it={selectedIt} />}
            {tab === 'report' && !selectedIt && <p className="muted">No iteration has finished yet.</p>}
            {tab === 'diff' && selectedIt && (
              <DiffView
                jobId={jobId}
                it={selectedIt}
                fix={selectedIt.index > 0 ? (fixes[selectedIt.index - 1] ?? null) : null}
              />
            )}
            {tab === 'diff' && !selectedIt && <p className="muted">No version to compare yet.</p>}
          </div>
        </section>
      </div>
    </div>
  );
}

export function FixChip({ fix, summary }: { fix: Fix | null; summary: IterationSummary['fix'] }) {
  const f = fix ?? summary;
  if (!f) return null;
  const origin = fix ? (fix.source === 'llm' ? (fix.model ?? 'model') : fix.ruleIds.join(', ')) : '';
  return (
    <span className="chip" title={f.plan}>
      <b>{f.type}</b> · {f.source}
      {origin ? ` · ${origin}` : ''}
    </span>
  );
}

function TimelineItem({
  it,
  fix,
  selected,
  best,
  onSelect,
}: {
  it: IterationSummary;
  fix: Fix | null;
  selected: boolean;
  best: boolean;
  onSelect(): void;
}) {
  return (
    <li className={`tl-item ${selected ? 'selected' : ''}`}>
      <button type="button" onClick={onSelect} aria-pressed={selected} aria-label={`iteration ${it.index}`}>
        <span className="row">
          <b>#{it.index}</b>
          <Badge kind="status" value={it.status} />
          {best && <span className="chip best">best</span>}
          <span className="spacer" />
          <span className="muted small">{formatDuration(it.wallTimeMs)}</span>
        </span>
        <span className="row small">
          {it.verdict.problem ? (
            <span className="problem">{it.verdict.problem}</span>
          ) : (
            <span className="ok">no problem</span>
          )}
          <span className="muted">
            {it.errorCount} error{it.errorCount === 1 ? '' : 's'} · score {formatScore(it.score)} · fidelity{' '}
            {formatFidelity(it.fidelity)}
          </span>
        </span>
        {it.fix && (
          <span className="row small">
            → <FixChip fix={fix} summary={it.fix} />
            {it.fixFailed && <span className="bad">did not help</span>}
            {it.fix.flags?.includes('fidelity-regression') && (
              <span className="bad">changed outputs of cells it did not edit</span>
            )}
          </span>
        )}
      </button>
    </li>
  );
}

function LogConsole({ jobId }: { jobId: string }) {
  const { api } = useApp();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [follow, setFollow] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let seen = -1;
    const buffer: LogLine[] = [];
    const add = (incoming: LogLine[]) => {
      const fresh = incoming.filter((l) => l.seq > seen);
      if (!fresh.length) return;
      seen = fresh[fresh.length - 1]?.seq ?? seen;
      setLines((prev) => {
        const next = prev.concat(fresh);
        return next.length > MAX_LOG_LINES ? next.slice(next.length - MAX_LOG_LINES) : next;
      });
    };
    // subscribe first so nothing between the tail and the stream is lost, then merge by sequence number
    let loaded = false;
    const off = api.onLogsLine((l) => {
      if (l.jobId !== jobId) return;
      if (loaded) add([l]);
      else buffer.push(l);
    });
    api.logsTail({ jobId, limit: 2000 }).then(
      ({ lines: tail }) => {
        loaded = true;
        add([...tail, ...buffer].sort((a, b) => a.seq - b.seq));
      },
      () => {
        loaded = true;
      },
    );
    return off;
  }, [api, jobId]);
  useEffect(() => {
    if (follow && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines, follow]);
  return (
    <div className="logs-wrap">
      <div className="row small">
        <span className="muted" data-testid="log-count">
          {lines.length} line{lines.length === 1 ? '' : 's'}
        </span>
        <span className="spacer" />
        <label>
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> follow
        </label>
      </div>
      <div ref={box} className="logs" role="log" aria-label="live log" aria-live="off" tabIndex={0}>
        {lines.length === 0 && <span className="muted">waiting for output…</span>}
        {lines.map((l) => (
          <div key={l.seq} className={`log-line ${l.stream}`} data-seq={l.seq}>
            <span className="log-it">{l.iteration ?? '·'}</span>
            <Ansi text={l.text} />
          </div>
        ))}
      </div>
    </div>
  );
}

function ReportView({ jobId, it }: { jobId: string; it: IterationSummary }) {
  const { api, notify } = useApp();
  const [data, setData] = useState<{
    report: ExecutionReport;
    verdict: Verdict;
    fidelity?: Fidelity | null | undefined;
  } | null>(null);
  useEffect(() => {
    setData(null);
    api.iterationsGetReport({ jobId, index: it.index }).then(setData, (e: Error) => notify(e.message, 'error'));
  }, [api, jobId, it.index, notify]);
  if (!data) return <p className="muted">Loading report…</p>;
  const { report, verdict } = data;
  return (
    <div className="report" aria-label={`execution report of iteration ${it.index}`}>
      <dl className="kv wide">
        <dt>Status</dt>
        <dd>
          <Badge kind="status" value={report.status} /> {report.message}
        </dd>
        <dt>Verdict</dt>
        <dd>
          {verdict.reproducible ? 'reproducible' : 'not reproducible'} ·{' '}
          {verdict.errorFree ? 'error-free' : 'with errors'} — {verdict.reason}
        </dd>
        <dt>Score</dt>
        <dd>
          {formatScore(report.score)} (target {formatScore(verdict.target)}
          {verdict.relativeDeviation !== null ? `, deviation ${(verdict.relativeDeviation * 100).toFixed(2)}%` : ''}
          {verdict.pValue !== null ? `, p = ${verdict.pValue.toPrecision(3)}` : ''}, {verdict.method})
          {report.scoreNote ? ` — ${report.scoreNote}` : ''}
        </dd>
        <dt>Time</dt>
        <dd>
          {formatDuration(report.wallTimeMs)} of {formatDuration(report.timeoutMs)} · {report.cells.length} cells run
        </dd>
        {report.filesWritten.length > 0 && (
          <>
            <dt>Files written</dt>
            <dd>{report.filesWritten.join(', ')}</dd>
          </>
        )}
      </dl>
      <FidelityCells fidelity={data.fidelity ?? null} />
      <h3>{report.errors.length ? `Failing cells (${report.errors.length})` : 'No failing cell'}</h3>
      {report.errors.map((e, i) => (
        <section key={i} className="cell-error" aria-label={`error in cell ${e.cellIndex + 1}`}>
          <h4>
            Cell {e.cellIndex + 1}: <span className="bad">{e.ename}</span>: {e.evalue}
            {e.preExisting && <span className="chip">pre-existing</span>}
          </h4>
          {e.line && <code className="err-line">{e.line}</code>}
          <Ansi text={e.traceback.join('\n')} className="traceback" />
        </section>
      ))}
    </div>
  );
}

export function DiffView({
  jobId,
  it,
  fix,
  initialAgainst = 'previous',
}: {
  jobId: string;
  it: IterationSummary;
  fix: Fix | null;
  initialAgainst?: 'original' | 'previous';
}) {
  const { api, notify } = useApp();
  const [against, setAgainst] = useState<'original' | 'previous'>(initialAgainst);
  const [markdown, setMarkdown] = useState(false);
  const [outputs, setOutputs] = useState(false);
  const [sides, setSides] = useState<DiffSides | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { before, after } = await api.iterationsDiff({ jobId, index: it.index, against });
      let beforeCells: DiffCell[] = before.cells;
      let afterCells: DiffCell[] = after.cells;
      if (outputs) {
        // outputs live in the executed notebooks: iteration i's run of version i (and i−1's, or 0's for the original)
        const beforeIndex = against === 'previous' && it.index > 0 ? it.index - 1 : 0;
        const [b, a] = await Promise.all([
          api.iterationsGetVersion({ jobId, index: beforeIndex, executed: true }).catch(() => null),
          api.iterationsGetVersion({ jobId, index: it.index, executed: true }).catch(() => null),
        ]);
        const withOutputs = (cells: DiffCell[], nb: unknown) => {
          if (!nb) return cells;
          const executed = cellsFromNotebookText(JSON.stringify(nb));
          return cells.map((c, i) => ({
            ...c,
            outputs: executed[i]?.source === c.source ? executed[i]?.outputs : c.outputs,
          }));
        };
        beforeCells = withOutputs(beforeCells, b?.notebook);
        afterCells = withOutputs(afterCells, a?.notebook);
      }
      if (!cancelled)
        setSides({ beforeLabel: before.label, afterLabel: after.label, before: beforeCells, after: afterCells });
    })().catch((e: Error) => notify(e.message, 'error'));
    return () => {
      cancelled = true;
    };
  }, [api, jobId, it.index, against, outputs, notify]);

  const flags = fix?.flags ?? [];
  const planned = useMemo(
    () =>
      fix?.plan ??
      (it.index === 0
        ? 'Iteration 0 runs the notebook as it was given (normalized): there is no fix to show yet.'
        : 'Loading the fix…'),
    [fix, it.index],
  );

  return (
    <div className="diff-view">
      <div className="row toolbar">
        <label>
          Compare with{' '}
          <select
            aria-label="compare with"
            value={against}
            onChange={(e) => setAgainst(e.target.value as typeof against)}
          >
            <option value="previous">previous version</option>
            <option value="original">original notebook</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={markdown} onChange={(e) => setMarkdown(e.target.checked)} /> markdown cells
        </label>
        <label>
          <input type="checkbox" checked={outputs} onChange={(e) => setOutputs(e.target.checked)} /> outputs
        </label>
      </div>
      <div className="diff-grid">
        {sides ? (
          <Suspense fallback={<p className="muted">Loading the diff editor…</p>}>
            <NotebookDiff sides={sides} markdown={markdown} outputs={outputs} />
          </Suspense>
        ) : (
          <p className="muted">Loading versions…</p>
        )}
        <aside className="plan panel" aria-label="the fix's plan">
          <h3>Fix that produced version {it.index}</h3>
          {fix && (
            <p>
              <FixChip fix={fix} summary={null} />
            </p>
          )}
          <p className="plan-text">{planned}</p>
          {flags.length > 0 && (
            <>
              <h4>Semantic-change flags</h4>
              <ul className="flags">
                {flags.map((f) => (
                  <li key={f} className="bad">
                    {f}
                  </li>
                ))}
              </ul>
            </>
          )}
          {fix?.usage && (
            <p className="muted small">
              {fix.usage.promptTokens + fix.usage.completionTokens} tokens · {formatCost(fix.usage.costUsd)}
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}
