// Cells the author never ran and that are not Python in any version: prose typed into a code cell, a half-written
// line. Their SyntaxError is the author's, not the libraries' erosion (the judge counts it as pre-existing).
import { authorNeverRan, cellSource } from '../../../shared/lib/ipynb';
import type { Notebook } from '../../../shared/models/notebook';
import { loadPythonParser } from '../python/python-parser';

/**
 * Ids of the code cells with no execution count and no outputs whose text does not parse. The grammar is
 * tree-sitter's, which also reads Python 2 (print statements, backticks, `except E, e`, `0777`), so a cell that
 * only needs a Python 2 rule is not in the set; IPython magics and shell lines are masked before parsing.
 */
export async function neverRanUnparsableCells(notebook: Notebook): Promise<ReadonlySet<string>> {
  const candidates = notebook.cells.filter((cell) => cell.id && authorNeverRan(cell) && cellSource(cell).trim() !== '');
  const ids = new Set<string>();
  if (candidates.length === 0) return ids;
  const parser = await loadPythonParser();
  for (const cell of candidates) {
    const parsed = parser.parse(cellSource(cell));
    if (parsed.hasError) ids.add(cell.id as string);
    parsed.delete();
  }
  return ids;
}
