// Notebook ↔ text for prompts and answers: cell sources, ANSI stripping, IPython line detection, and the percent
// format (jupytext's `# %%` convention) used by the whole-notebook answer format.
import { cellSource } from '../../../../shared/lib/ipynb';
import type { Cell, Notebook } from '../../../../shared/models/notebook';

/** A line IPython handles itself: `%magic`, `%%cell magic`, `!shell`, `?help` — never valid Python. */
export function isIPythonLine(line: string): boolean {
  return /^\s*(%|!|\?)/.test(line) || /^\s*[A-Za-z_][\w.]*\?\??\s*$/.test(line);
}

export function ipythonLines(source: string): string[] {
  return source
    .split('\n')
    .filter(isIPythonLine)
    .map((line) => line.trim());
}

export interface PercentCell {
  type: 'code' | 'markdown' | 'raw';
  source: string;
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]?.trim() === '') start++;
  while (end > start && lines[end - 1]?.trim() === '') end--;
  return lines.slice(start, end);
}

/** The whole notebook in the percent format: code as is (magics too), markdown lines commented with `# `. */
export function toPercent(
  notebook: Notebook,
  markdown: (cell: Cell, index: number) => string = (c) => cellSource(c),
): string {
  return notebook.cells
    .map((cell, index) => {
      if (cell.cell_type === 'code') return `# %%\n${cellSource(cell)}`;
      const text = cell.cell_type === 'markdown' ? markdown(cell, index) : cellSource(cell);
      const body = text
        .split('\n')
        .map((line) => (line === '' ? '#' : `# ${line}`))
        .join('\n');
      return `# %% [${cell.cell_type}]\n${body}`;
    })
    .join('\n\n');
}

const CELL_MARKER = /^# %%(?:\s*\[(markdown|md|raw)\])?.*$/;

/** Parses percent-format text into cells; throws with a reason when there is no `# %%` marker at all. */
export function parsePercent(text: string): PercentCell[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const cells: PercentCell[] = [];
  let current: { type: PercentCell['type']; lines: string[] } | null = null;
  const flush = (): void => {
    if (!current) return;
    const body = trimBlankLines(current.lines);
    const source = current.type === 'code' ? body.join('\n') : body.map((line) => line.replace(/^# ?/, '')).join('\n');
    cells.push({ type: current.type, source });
  };
  for (const line of lines) {
    const marker = CELL_MARKER.exec(line);
    if (marker) {
      flush();
      const kind = marker[1];
      current = { type: kind === 'raw' ? 'raw' : kind ? 'markdown' : 'code', lines: [] };
    } else if (current) {
      current.lines.push(line);
    } else if (line.trim() !== '') {
      // code before the first marker is an implicit first code cell (jupytext does the same)
      current = { type: 'code', lines: [line] };
    }
  }
  flush();
  if (!lines.some((line) => CELL_MARKER.test(line))) {
    throw new Error('the notebook block has no "# %%" cell markers');
  }
  return cells;
}
