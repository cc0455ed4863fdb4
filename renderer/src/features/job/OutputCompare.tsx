// Original vs new outputs, side by side, for the cells whose run no longer shows what the author saw (issue 16):
// numbers that drifted, a different output, a new error, an output gone. The author's outputs come from the
// notebook as imported, the new ones from this iteration's executed notebook; lines that differ are marked.
import { useEffect, useState } from 'react';
import type { CellFidelity, FidelityVerdict } from '../../../../shared/models/fidelity';
import { useApp, useNotifyError } from '../../app/context';
import { cellsFromNotebookText, type DiffCell } from '../../lib/cell-align';
import { changedLines } from '../../lib/line-diff';
import { FIDELITY_LABELS } from './FidelityCells';

const SHOWN: ReadonlySet<FidelityVerdict> = new Set(['numbers-drifted', 'different', 'new-error', 'output-missing']);

interface Compared {
  cells: CellFidelity[];
  original: DiffCell[];
  executed: DiffCell[];
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
