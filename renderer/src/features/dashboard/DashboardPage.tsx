// Dashboard: the corpus tables as charts (outcomes, fixes by type and source, error types before/after, fixes to
// success, cost per job, edit similarity, output fidelity), each exportable as PNG and CSV; filtered by competition,
// and by "reproducible but drifted" (reproducible jobs whose outputs did not all come back: the ones to review).
import { useEffect, useMemo, useState } from 'react';
import type { JobSummary, Stats } from '../../../../shared/contracts/schemas';
import { FixTypeSchema } from '../../../../shared/models/loop';
import { useApp, useNotifyError } from '../../app/context';
import { ChartData, countsChart, pairedChart } from '../../lib/chart-data';
import { fidelityDistribution, FIDELITY_BUCKETS, NOT_MEASURED, reproducibleButDrifted } from '../../lib/fidelity-stats';
import { formatCost } from '../../lib/format';
import { paletteOf } from '../../lib/theme';
import { barChartSvg } from '../../lib/svg-charts';
import { ChartCard } from '../../ui/Svg';
import { TableHead } from '../../ui/TableHead';

const COST_BUCKETS: [string, number][] = [
  ['$0', 0],
  ['< $0.01', 0.01],
  ['< $0.10', 0.1],
  ['< $1', 1],
  ['≥ $1', Infinity],
];

export function DashboardPage() {
  const { jobs, theme } = useApp();
  const [competition, setCompetition] = useState('');
  const [driftedOnly, setDriftedOnly] = useState(false);
  const competitions = useMemo(
    () => [...new Set((jobs ?? []).flatMap((j) => (j.competition ? [j.competition] : [])))].sort(),
    [jobs],
  );
  const stats = useCorpusStats(competition);
  const charts = useMemo<ChartData[]>(() => (stats ? corpusCharts(stats, jobs ?? []) : []), [stats, jobs]);
  const drifted = useMemo(() => (stats ? stats.rows.filter(reproducibleButDrifted) : []), [stats]);
  const palette = paletteOf(theme);
  return (
    <div className="page dashboard-page">
      <div className="row toolbar">
        <h1>Dashboard</h1>
        <select aria-label="competition" value={competition} onChange={(e) => setCompetition(e.target.value)}>
          <option value="">all competitions</option>
          {competitions.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
      {!stats ? (
        <p className="muted" role="status">
          Computing…
        </p>
      ) : (
        <>
          <KeyFigures stats={stats} drifted={drifted.length} />
          <label className="row">
            <input type="checkbox" checked={driftedOnly} onChange={(e) => setDriftedOnly(e.target.checked)} /> only
            reproducible but drifted (fidelity below 100%)
          </label>
          {driftedOnly && <DriftedJobs drifted={drifted} />}
          <div className="charts">
            {charts.map((c) => (
              <ChartCard key={c.title} chart={c} svg={barChartSvg(c, palette)} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** the corpus statistics of one competition (all: ''), computed again when a job is added or removed */
function useCorpusStats(competition: string): Stats | null {
  const { api, jobs, notify } = useApp();
  const notifyError = useNotifyError();
  const [stats, setStats] = useState<Stats | null>(null);
  useEffect(() => {
    setStats(null);
    api.statsCorpus(competition ? { competition } : {}).then(setStats, notifyError);
  }, [api, competition, notify, jobs?.length]);
  return stats;
}

/** the dashboard's charts, in display order */
function corpusCharts(stats: Stats, jobs: readonly JobSummary[]): ChartData[] {
  const total = stats.jobs || 1;
  const rates = Object.fromEntries(
    Object.entries(stats.outcomes).map(([k, v]) => [k, Math.round((v / total) * 1000) / 10]),
  );
  return [
    countsChart('Outcome rates (%)', rates, [
      'reproducible',
      'reproducible-with-errors',
      'not-reproducible',
      'unfinished',
    ]),
    countsChart('Fixes by type', stats.fixes.byType, FixTypeSchema.options),
    countsChart('Fixes by source', stats.fixes.bySource, ['rules', 'memory', 'llm']),
    pairedChart(
      'Error types before / after',
      { name: 'first run', counts: stats.errorTypes.before },
      { name: 'best run', counts: stats.errorTypes.after },
    ),
    countsChart(
      'Fixes needed to succeed',
      stats.fixesToSuccess,
      Object.keys(stats.fixesToSuccess).sort((a, b) => Number(a) - Number(b)),
    ),
    countsChart(
      'Jobs by LLM cost',
      costBuckets(stats, jobs),
      COST_BUCKETS.map(([l]) => l),
    ),
    // buckets come from the host in display order (low similarity first)
    countsChart(
      'Edit similarity to the original (jobs)',
      stats.editSimilarity.buckets,
      Object.keys(stats.editSimilarity.buckets),
    ),
    countsChart('Output fidelity of the best version (jobs)', fidelityDistribution(stats.rows), [
      ...FIDELITY_BUCKETS.map((b) => b.label),
      NOT_MEASURED,
    ]),
  ];
}

/** how many of the statistics' jobs fall in each LLM cost bucket */
function costBuckets(stats: Stats, jobs: readonly JobSummary[]): Record<string, number> {
  const ids = new Set(stats.rows.map((r) => r.jobId));
  const costs: Record<string, number> = {};
  for (const j of jobs) {
    if (!ids.has(j.id)) continue;
    const bucket = j.costUsd === 0 ? '$0' : (COST_BUCKETS.find(([, max]) => j.costUsd < max)?.[0] ?? '≥ $1');
    costs[bucket] = (costs[bucket] ?? 0) + 1;
  }
  return costs;
}

function KeyFigures({ stats, drifted }: { stats: Stats; drifted: number }) {
  const { reproducible } = stats.meanFixesToSuccess;
  const { median } = stats.editSimilarity;
  return (
    <div className="kpis" aria-label="key figures">
      <Kpi label="finished jobs" value={String(stats.jobs)} />
      <Kpi label="reproducible" value={`${stats.outcomes['reproducible'] ?? 0}`} />
      <Kpi label="with errors" value={`${stats.outcomes['reproducible-with-errors'] ?? 0}`} />
      <Kpi label="not reproducible" value={`${stats.outcomes['not-reproducible'] ?? 0}`} />
      <Kpi label="fixes (failed)" value={`${stats.fixes.total} (${stats.fixes.failed})`} />
      <Kpi label="mean fixes to success" value={reproducible === null ? '–' : reproducible.toFixed(2)} />
      <Kpi label="LLM cost" value={formatCost(stats.usage.costUsd)} />
      <Kpi label="median edit similarity" value={median === null ? '–' : median.toFixed(3)} />
      <Kpi label="tokens" value={String(stats.usage.promptTokens + stats.usage.completionTokens)} />
      <Kpi label="reproducible but drifted" value={String(drifted)} />
    </div>
  );
}

function DriftedJobs({ drifted }: { drifted: Stats['rows'] }) {
  return (
    <section className="panel" aria-label="reproducible but drifted jobs">
      {drifted.length === 0 ? (
        <p className="muted">No reproducible job drifted from the author's outputs.</p>
      ) : (
        <table>
          <TableHead columns={['case', 'outcome', 'fidelity', 'score']} />
          <tbody>
            {drifted.map((r) => (
              <tr key={r.jobId}>
                <td>{r.caseId}</td>
                <td>{r.outcome}</td>
                <td>{r.fidelity === null ? '–' : `${(r.fidelity * 100).toFixed(1)}%`}</td>
                <td>{r.score ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <div className="kpi panel">
      <b>{value}</b>
      <span className="muted">{label}</span>
    </div>
  );
}
