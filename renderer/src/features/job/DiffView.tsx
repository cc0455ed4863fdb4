// The diff of a version against the previous one or the original: the cell-aware Monaco diff (outputs optional),
// the fix's plan and flags beside it, and the outputs of cells that no longer print what the author saw, original
// and new side by side (OutputCompare).
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { IterationSummary } from '../../../../shared/contracts/schemas';
import type { Fix } from '../../../../shared/models/loop';
import { useApp, useNotifyError } from '../../app/context';
import { cellsFromNotebookText, DiffCell } from '../../lib/cell-align';
import { formatCost } from '../../lib/format';
import type { DiffSides } from './NotebookDiff';
import { OutputCompare } from './OutputCompare';
import { FixChip } from './Timeline';

// Monaco is a few MB: loaded only when a diff is first shown, so the corpus table renders without it
const NotebookDiff = lazy(() => import('./NotebookDiff').then((m) => ({ default: m.NotebookDiff })));

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
  const [against, setAgainst] = useState<Against>(initialAgainst);
  const [markdown, setMarkdown] = useState(false);
  const [outputs, setOutputs] = useState(false);
  const sides = useDiffSides(jobId, it.index, against, outputs);

  return (
    <div className="diff-view">
      <div className="row toolbar">
        <label>
          Compare with{' '}
          <select aria-label="compare with" value={against} onChange={(e) => setAgainst(e.target.value as Against)}>
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
        <FixPlan fix={fix} index={it.index} />
      </div>
      <OutputCompare jobId={jobId} index={it.index} />
    </div>
  );
}

type Against = 'original' | 'previous';

/** the two sides of iteration `index`'s diff, with the executed outputs when `outputs` is set (null while loading) */
function useDiffSides(jobId: string, index: number, against: Against, outputs: boolean): DiffSides | null {
  const { api } = useApp();
  const notifyError = useNotifyError();
  const [sides, setSides] = useState<DiffSides | null>(null);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { before, after } = await api.iterationsDiff({ jobId, index, against });
      let beforeCells: DiffCell[] = before.cells;
      let afterCells: DiffCell[] = after.cells;
      if (outputs) {
        // outputs live in the executed notebooks: iteration i's run of version i, and i−1's; the original's are the
        // outputs its author saved (in the notebook as imported), not those of its run here
        const beforeIsOriginal = against === 'original' || index === 0;
        const [b, a] = await Promise.all([
          beforeIsOriginal
            ? { notebook: JSON.parse(before.text) as unknown }
            : api.iterationsGetVersion({ jobId, index: index - 1, executed: true }).catch(() => null),
          api.iterationsGetVersion({ jobId, index, executed: true }).catch(() => null),
        ]);
        beforeCells = withExecutedOutputs(beforeCells, b?.notebook);
        afterCells = withExecutedOutputs(afterCells, a?.notebook);
      }
      if (!cancelled)
        setSides({ beforeLabel: before.label, afterLabel: after.label, before: beforeCells, after: afterCells });
    })().catch(notifyError);
    return () => {
      cancelled = true;
    };
  }, [api, jobId, index, against, outputs, notifyError]);
  return sides;
}

/** the cells with the outputs of an executed notebook's cells of the same source (none: the cells as they were) */
function withExecutedOutputs(cells: DiffCell[], nb: unknown): DiffCell[] {
  if (!nb) return cells;
  const executed = cellsFromNotebookText(JSON.stringify(nb));
  return cells.map((c, i) => ({
    ...c,
    outputs: executed[i]?.source === c.source ? executed[i]?.outputs : c.outputs,
  }));
}

/** beside the diff: the fix that produced this version, its plan, its semantic-change flags and its cost */
function FixPlan({ fix, index }: { fix: Fix | null; index: number }) {
  const flags = fix?.flags ?? [];
  const planned = useMemo(
    () =>
      fix?.plan ??
      (index === 0
        ? 'Iteration 0 runs the notebook as it was given (normalized): there is no fix to show yet.'
        : 'Loading the fix…'),
    [fix, index],
  );
  return (
    <aside className="plan panel" aria-label="the fix's plan">
      <h3>Fix that produced version {index}</h3>
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
  );
}
