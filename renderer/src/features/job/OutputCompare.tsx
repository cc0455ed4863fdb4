// Original vs new outputs, side by side, for the cells whose run no longer shows what the author saw (issue 16):
// numbers that drifted, a different output, a new error, an output gone. The author's outputs come from the
// notebook as imported, the new ones from this iteration's executed notebook; lines that differ are marked.
import { useEffect, useState } from 'react';
import type { CellFidelity, FidelityVerdict } from '../../../../shared/models/fidelity';
import { useApp, useNotifyError } from '../../app/context';
import { cellsFromNotebookText, type DiffCell } from '../../lib/cell-align';
import { FIDELITY_LABELS } from './FidelityCells';

const SHOWN: ReadonlySet<FidelityVerdict> = new Set(['numbers-drifted', 'different', 'new-error', 'output-missing']);

interface Compared {
  cells: CellFidelity[];
  original: DiffCell[];
  executed: DiffCell[];
}

/** Per line of a and of b: whether it is outside their longest common subsequence (changed). */
export function changedLines(a: readonly string[], b: readonly string[]): { a: boolean[]; b: boolean[] } {
  const n = a.length;
  const m = b.length;
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const ca = new Array<boolean>(n).fill(true);
  const cb = new Array<boolean>(m).fill(true);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ca[i++] = false;
      cb[j++] = false;
    } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
    else j++;
  }
  return { a: ca, b: cb };
}

function linesOf(cell: DiffCell | undefined): string[] {
  return (cell?.outputs ?? []).flatMap((o) => o.replace(/\n$/, '').split('\n'));
}

function useCompared(jobId: string, index: number): Compared | null {
  const { api } = useApp();
  const notifyError = useNotifyError();
  const [data, setData] = useState<Compared | null>(null);
  useEffect(() => {
    let cancelled = false;
    setData(null);
    (async () => {
      const { fidelity } = await api.iterationsGetReport({ jobId, index });
      const cells = (fidelity?.cells ?? []).filter((c) => SHOWN.has(c.verdict));
      if (!cells.length) {
        if (!cancelled) setData({ cells, original: [], executed: [] });
        return;
      }
      const [{ before }, executed] = await Promise.all([
        api.iterationsDiff({ jobId, index, against: 'original' }),
        api.iterationsGetVersion({ jobId, index, executed: true }),
      ]);
      if (!cancelled)
        setData({
          cells,
          original: cellsFromNotebookText(before.text),
          executed: cellsFromNotebookText(JSON.stringify(executed.notebook)),
        });
    })().catch(notifyError);
    return () => {
      cancelled = true;
    };
  }, [api, jobId, index, notifyError]);
  return data;
}

function OutputLines({ lines, changed, label }: { lines: string[]; changed: boolean[]; label: string }) {
  return (
    <pre aria-label={label}>
      {lines.length === 0 ? (
        <span className="muted">(no output)</span>
      ) : (
        lines.map((l, i) => (
          <span key={i} className={changed[i] ? 'line-changed' : 'line-same'}>
            {l || ' '}
          </span>
        ))
      )}
    </pre>
  );
}

export function OutputCompare({ jobId, index }: { jobId: string; index: number }) {
  const data = useCompared(jobId, index);
  const [chosen, setChosen] = useState<number | null>(null);
  if (!data || !data.cells.length) return null;
  const cell = data.cells.find((c) => c.cellIndex === chosen) ?? (data.cells[0] as CellFidelity);
  const before = linesOf(data.original[cell.cellIndex]);
  const after = cell.executedIndex === null ? [] : linesOf(data.executed[cell.executedIndex]);
  const changed = changedLines(before, after);
  return (
    <section
      className={`output-compare panel fidelity-${cell.verdict}`}
      aria-label="original and new outputs side by side"
    >
      <div className="row">
        <h3>Outputs that changed</h3>
        <label>
          Cell{' '}
          <select
            aria-label="cell to compare"
            value={cell.cellIndex}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {data.cells.map((c) => (
              <option key={c.cellIndex} value={c.cellIndex}>
                cell {c.cellIndex + 1}: {FIDELITY_LABELS[c.verdict]}
                {c.verdict === 'numbers-drifted' && c.maxRelativeChange !== null
                  ? ` (largest change ${(c.maxRelativeChange * 100).toPrecision(3)}%)`
                  : ''}
              </option>
            ))}
          </select>
        </label>
        <span className="muted small">{cell.reason}</span>
      </div>
      <div className="output-compare-grid">
        <div>
          <h4>Original (the author's saved output)</h4>
          <OutputLines lines={before} changed={changed.a} label={`original output of cell ${cell.cellIndex + 1}`} />
        </div>
        <div>
          <h4>New (version {index})</h4>
          <OutputLines lines={after} changed={changed.b} label={`new output of cell ${cell.cellIndex + 1}`} />
        </div>
      </div>
    </section>
  );
}
