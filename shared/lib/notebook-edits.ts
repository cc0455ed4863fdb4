// Applying a fix's cell edits to a notebook version. Edits address cells by index in the version they were made
// for; an edited cell keeps its id (so a score cell is still found) and loses its stale outputs.
import type { CellEdit } from '../models/loop';
import type { Notebook } from '../models/notebook';
import { cellSource, withCellSource } from './ipynb';

export class InvalidEditError extends Error {}

export function applyCellEdits(notebook: Notebook, edits: readonly CellEdit[]): Notebook {
  const cells = [...notebook.cells];
  const seen = new Set<number>();
  // back to front so a deletion does not shift the indices of the edits still to apply
  for (const edit of [...edits].sort((a, b) => b.cellIndex - a.cellIndex)) {
    if (seen.has(edit.cellIndex)) throw new InvalidEditError(`two edits for cell ${edit.cellIndex}`);
    seen.add(edit.cellIndex);
    const cell = cells[edit.cellIndex];
    if (!cell)
      throw new InvalidEditError(`cell ${edit.cellIndex} does not exist (the notebook has ${cells.length} cells)`);
    if (edit.source === null) {
      cells.splice(edit.cellIndex, 1);
      continue;
    }
    if (cellSource(cell) === edit.source) continue;
    const edited = withCellSource(cell, edit.source);
    cells[edit.cellIndex] = cell.cell_type === 'code' ? { ...edited, outputs: [], execution_count: null } : edited;
  }
  return { ...notebook, cells };
}

/** Number of source lines that differ between two versions, cell by cell (for the "lines changed" summary). */
export function changedLineCount(before: Notebook, after: Notebook): number {
  const byId = new Map(after.cells.map((c, i) => [c.id ?? `#${i}`, c]));
  let changed = 0;
  before.cells.forEach((cell, i) => {
    const other = byId.get(cell.id ?? `#${i}`);
    const a = cellSource(cell).split('\n');
    if (!other) {
      changed += a.length;
      return;
    }
    const b = cellSource(other).split('\n');
    const bSet = new Map<string, number>();
    for (const line of b) bSet.set(line, (bSet.get(line) ?? 0) + 1);
    let common = 0;
    for (const line of a) {
      const n = bSet.get(line) ?? 0;
      if (n > 0) {
        common++;
        bSet.set(line, n - 1);
      }
    }
    changed += Math.max(a.length, b.length) - common;
  });
  return changed;
}

/**
 * How much of the code survived between two versions, from 0 (nothing in common) to 1 (the same code):
 * 2·M / (A + B) over code-cell lines, where A and B count the non-blank lines of each side and M the lines the
 * two sides share within the same cell (cells matched by id, else by position). Insertions, deletions and edits
 * all lower it, which makes it the "edit similarity" of the corpus statistics: how invasive a modernization was.
 */
export function editSimilarity(before: Notebook, after: Notebook): number {
  const codeLines = (source: string) => source.split('\n').filter((line) => line.trim() !== '');
  const cellsOf = (nb: Notebook) =>
    nb.cells.flatMap((c, i) =>
      c.cell_type === 'code' ? [{ key: c.id ?? `#${i}`, lines: codeLines(cellSource(c)) }] : [],
    );
  const a = cellsOf(before);
  const b = cellsOf(after);
  const total = a.reduce((n, c) => n + c.lines.length, 0) + b.reduce((n, c) => n + c.lines.length, 0);
  if (total === 0) return 1;
  const byKey = new Map(b.map((c) => [c.key, c.lines]));
  let shared = 0;
  for (const cell of a) {
    const other = byKey.get(cell.key);
    if (!other) continue;
    const counts = new Map<string, number>();
    for (const line of other) counts.set(line, (counts.get(line) ?? 0) + 1);
    for (const line of cell.lines) {
      const n = counts.get(line) ?? 0;
      if (n > 0) {
        shared++;
        counts.set(line, n - 1);
      }
    }
  }
  return (2 * shared) / total;
}
