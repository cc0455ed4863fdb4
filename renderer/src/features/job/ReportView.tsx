// The execution report of one iteration: status, verdict, score against the target, time, output fidelity cell by
// cell, and each failing cell with its traceback.
import { useEffect, useState } from 'react';
import type { IterationSummary } from '../../../../shared/contracts/schemas';
import type { ExecutionReport } from '../../../../shared/models/execution';
import type { Fidelity } from '../../../../shared/models/fidelity';
import type { Verdict } from '../../../../shared/models/loop';
import { formatDuration } from '../../../../shared/lib/format';
import { useApp, useNotifyError } from '../../app/context';
import { formatScore } from '../../lib/format';
import { Ansi } from '../../ui/Ansi';
import { Badge } from '../../ui/Badge';
import { FidelityCells } from './FidelityCells';

export function ReportView({ jobId, it }: { jobId: string; it: IterationSummary }) {
  const { api } = useApp();
  const notifyError = useNotifyError();
  const [data, setData] = useState<{
    report: ExecutionReport;
    verdict: Verdict;
    fidelity?: Fidelity | null | undefined;
  } | null>(null);
  useEffect(() => {
    setData(null);
    api.iterationsGetReport({ jobId, index: it.index }).then(setData, notifyError);
  }, [api, jobId, it.index, notifyError]);
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
            {e.preExisting && (
              <span
                className="chip"
                title={
                  e.authorNeverRan
                    ? 'The author never ran this cell, and its text is not Python'
                    : 'The original notebook shows this error too'
                }
              >
                pre-existing
              </span>
            )}
          </h4>
          {e.line && <code className="err-line">{e.line}</code>}
          <Ansi text={e.traceback.join('\n')} className="traceback" />
        </section>
      ))}
    </div>
  );
}
