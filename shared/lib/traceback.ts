// Where a traceback points: the notebook line an error was raised at, read from IPython's traceback frames of every
// version the kernels of 2015 to today print. The execution report names each error's line with it, and the judge
// compares the author's saved error with today's by it.
import type { Notebook } from '../models/notebook';
import { cellSource } from './ipynb';
import { stripAnsi } from './text';

function sourceOf(notebook: Notebook, cellIndex: number): string {
  const cell = notebook.cells[cellIndex];
  return cell ? cellSource(cell) : '';
}

/**
 * The source line an error points at: the last traceback frame inside a notebook cell ("Cell In [4], line 2",
 * "Input In [4] ... line 2", "<ipython-input-4-…>" with an arrow), read from that cell's source; otherwise the
 * last "---->" arrow line of the traceback. `cellForExecutionCount` maps IPython's In[n] to a cell index.
 */
export function offendingLine(
  traceback: string[],
  notebook: Notebook,
  cellIndex: number,
  cellForExecutionCount: (count: number) => number | undefined = () => undefined,
): string | null {
  const text = stripAnsi(traceback.join('\n'));
  const lines = text.split('\n');
  let found: { cell: number; line: number } | null = null;
  let arrow: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const row = lines[i] ?? '';
    const frame =
      /Cell In ?\[(\d+)\], line (\d+)/.exec(row) ??
      /Input In ?\[(\d+)\].*?line:? ?(\d+)/.exec(row) ??
      /<ipython-input-(\d+)-[0-9a-f]+>.*?line (\d+)/.exec(row);
    if (frame) {
      const cell = cellForExecutionCount(Number(frame[1])) ?? cellIndex;
      found = { cell, line: Number(frame[2]) };
      continue;
    }
    const legacy = /<ipython-input-(\d+)-[0-9a-f]+>/.exec(row);
    if (legacy) {
      // IPython 7 names the cell, then shows the line as an arrow ("----> 3 code") a few lines below
      const cell = cellForExecutionCount(Number(legacy[1])) ?? cellIndex;
      for (let j = i + 1; j < lines.length && /^(\s|-+>)/.test(lines[j] ?? ''); j++) {
        const a = /^-+> ?\s*(\d+)\s/.exec(lines[j] ?? '');
        if (a) {
          found = { cell, line: Number(a[1]) };
          break;
        }
      }
      continue;
    }
    const a = /^-+> ?\s*\d+\s(.*)$/.exec(row);
    if (a) arrow = (a[1] ?? '').trim();
  }
  if (found) {
    const source = sourceOf(notebook, found.cell).split('\n');
    const line = source[found.line - 1];
    if (line !== undefined && line.trim() !== '') return line.trim();
  }
  return arrow && arrow !== '' ? arrow : null;
}
