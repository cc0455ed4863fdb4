// The fidelity regression check (issue 16, item 3): a fix that makes a cell it did not edit stop reproducing the
// author's output changed what the notebook computes — the run may be error-free and still be wrong. The loop flags
// such a fix ('fidelity-regression', with the cells) and fails it while another candidate may exist.
//
// It is conservative on purpose: only a cell that was `same` before the fix and is `different`, `new-error` or
// `output-missing` after it counts, or `numbers-drifted` by more than the job's score tolerance τ. A cell that
// became not comparable (random without a seed, a progress bar) or whose numbers moved within τ never does: the
// author's own rerun could have shown that.
import type { Fidelity, FidelityVerdict } from '../../../shared/models/fidelity';
import type { Fix, Iteration, RegressedCell } from '../../../shared/models/loop';
import type { Notebook } from '../../../shared/models/notebook';

export const FIDELITY_REGRESSION_FLAG = 'fidelity-regression';

const LOST: ReadonlySet<FidelityVerdict> = new Set(['different', 'new-error', 'output-missing']);

/**
 * The cells (of the original notebook) whose output the fix broke without editing them. `base` is the version the
 * fix was applied to (its edits address that version's cells), `before`/`after` the fidelity of the base's run and
 * of the fixed version's run; [] when either was not measured.
 */
export function fidelityRegression(
  before: Fidelity | null,
  after: Fidelity | null,
  fix: Pick<Fix, 'edits'>,
  base: Pick<Notebook, 'cells'>,
  tolerance: number,
): RegressedCell[] {
  if (!before || !after) return [];
  const editedIndices = new Set(fix.edits.map((e) => e.cellIndex));
  const editedIds = new Set(fix.edits.map((e) => base.cells[e.cellIndex]?.id).filter((id): id is string => !!id));
  const now = new Map(after.cells.map((c) => [c.cellIndex, c]));
  const regressed: RegressedCell[] = [];
  for (const cell of before.cells) {
    if (cell.verdict !== 'same') continue;
    const touched =
      (cell.executedIndex !== null && editedIndices.has(cell.executedIndex)) ||
      (cell.cellId !== null && editedIds.has(cell.cellId));
    if (touched) continue;
    const later = now.get(cell.cellIndex);
    if (!later) continue;
    const drifted =
      later.verdict === 'numbers-drifted' && later.maxRelativeChange !== null && later.maxRelativeChange > tolerance;
    if (!LOST.has(later.verdict) && !drifted) continue;
    regressed.push({
      cellIndex: cell.cellIndex,
      cellId: cell.cellId,
      before: cell.verdict,
      after: later.verdict,
      reason: later.reason,
    });
  }
  return regressed;
}

/** "cells 7 and 9" / "cell 7": the regressed cells for a log line or a reason. */
export function describeRegression(cells: readonly Pick<RegressedCell, 'cellIndex' | 'after'>[]): string {
  const listed = cells.slice(0, 5).map((c) => `${c.cellIndex} (${c.after})`);
  const more = cells.length > 5 ? ` and ${cells.length - 5} more` : '';
  return `cell${cells.length > 1 ? 's' : ''} ${listed.join(', ')}${more}`;
}

/**
 * Iterations whose version came from a fix failed for a fidelity regression are set aside: the next fix builds on
 * the version before it, and the job's best version is chosen without it — until the loop takes the fix back because
 * no candidate without a regression was found (its fixFailed is cleared then). Iterations are in index order.
 */
export function acceptedIterations<T extends Pick<Iteration, 'fix' | 'fixFailed'>>(iterations: readonly T[]): T[] {
  return iterations.filter((_, i) => !producedByRejectedFix(iterations[i - 1]));
}

export function producedByRejectedFix(previous: Pick<Iteration, 'fix' | 'fixFailed'> | undefined): boolean {
  return !!previous && previous.fixFailed && (previous.fix?.fidelityRegression?.cells.length ?? 0) > 0;
}
