// The self-contained HTML report of a set of jobs: tables and SVG charts inline, no script, no external resource,
// so it opens anywhere and can be mailed or archived.
import type { JobSummary, Stats } from '../../../shared/contracts/schemas';
import { countsChart, pairedChart } from './chart-data';
import { barChartSvg, escapeXml, LIGHT_PALETTE } from './svg-charts';

export function htmlReport(stats: Stats, jobs: readonly JobSummary[], generatedAt: string): string {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const charts = [
    countsChart('Outcomes', stats.outcomes, [
      'reproducible',
      'reproducible-with-errors',
      'not-reproducible',
      'unfinished',
    ]),
    countsChart('Fixes by type', stats.fixes.byType),
    countsChart('Fixes by source', stats.fixes.bySource),
    pairedChart(
      'Error types before / after',
      { name: 'before', counts: stats.errorTypes.before },
      { name: 'after', counts: stats.errorTypes.after },
    ),
    countsChart('Fixes needed to succeed', stats.fixesToSuccess),
  ];
  const rows = stats.rows
    .map((r) => {
      const j = byId.get(r.jobId);
      const cells = [
        r.caseId,
        j?.competition ?? '',
        r.outcome ?? 'unfinished',
        String(r.iterations),
        r.score === null ? '' : String(r.score),
        r.target === null ? '' : String(r.target),
        r.fidelity === null ? '' : `${(r.fidelity * 100).toFixed(1)}%`,
        r.fixes.join(', '),
        r.firstErrorBefore ?? '',
        j?.reviewVerdict ?? '',
      ];
      return `<tr>${cells.map((c) => `<td>${escapeXml(c)}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const head = [
    'case',
    'competition',
    'outcome',
    'iterations',
    'score',
    'target',
    'fidelity',
    'fixes',
    'first error',
    'review',
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>nbrevive report</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#1f2328}
h1{font-size:20px}table{border-collapse:collapse;font-size:12px;margin-top:16px}
td,th{border:1px solid #d1d9e0;padding:3px 8px;text-align:left}th{background:#f6f8fa}
.charts{display:flex;flex-wrap:wrap;gap:16px}.kpi{display:flex;gap:24px;margin:12px 0}.kpi div{font-size:13px}
.kpi b{display:block;font-size:20px}
</style></head><body>
<h1>nbrevive report</h1>
<p>Generated ${escapeXml(generatedAt)} · ${stats.jobs} jobs</p>
<div class="kpi">
<div><b>${stats.outcomes['reproducible'] ?? 0}</b>reproducible</div>
<div><b>${stats.outcomes['reproducible-with-errors'] ?? 0}</b>with errors</div>
<div><b>${stats.outcomes['not-reproducible'] ?? 0}</b>not reproducible</div>
<div><b>${stats.fixes.total}</b>fixes (${stats.fixes.failed} failed)</div>
<div><b>$${stats.usage.costUsd.toFixed(2)}</b>LLM cost (${stats.usage.promptTokens + stats.usage.completionTokens} tokens)</div>
</div>
<div class="charts">${charts.map((c) => barChartSvg(c, LIGHT_PALETTE)).join('\n')}</div>
<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>
${rows}
</tbody></table>
</body></html>
`;
}
