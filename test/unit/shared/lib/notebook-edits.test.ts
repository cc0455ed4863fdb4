import { describe, expect, it } from 'vitest';
import { cellSource } from '../../../../shared/lib/ipynb';
import { applyCellEdits, changedLineCount, InvalidEditError } from '../../../../shared/lib/notebook-edits';
import type { Notebook } from '../../../../shared/models/notebook';

const nb: Notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {},
  cells: [
    { id: 'a', cell_type: 'markdown', metadata: {}, source: '# title' },
    { id: 'b', cell_type: 'code', metadata: {}, source: 'x = 1\nprint x', outputs: [{ output_type: 'stream', name: 'stdout', text: 'old' }], execution_count: 3 },
    { id: 'c', cell_type: 'code', metadata: {}, source: 'y = 2', outputs: [], execution_count: 4 },
  ],
};

describe('applyCellEdits', () => {
  it('replaces a cell source, keeps its id and drops its stale outputs', () => {
    const out = applyCellEdits(nb, [{ cellIndex: 1, source: 'x = 1\nprint(x)' }]);
    expect(out.cells[1]).toMatchObject({ id: 'b', outputs: [], execution_count: null });
    expect(cellSource(out.cells[1]!)).toBe('x = 1\nprint(x)');
    expect(out.cells[2]).toBe(nb.cells[2]);
    expect(cellSource(nb.cells[1]!)).toBe('x = 1\nprint x'); // the input is not changed
  });
  it('applies deletions back to front so indices refer to the version the fix was made for', () => {
    const out = applyCellEdits(nb, [
      { cellIndex: 0, source: null },
      { cellIndex: 2, source: 'y = 3' },
    ]);
    expect(out.cells.map((c) => c.id)).toEqual(['b', 'c']);
    expect(cellSource(out.cells[1]!)).toBe('y = 3');
  });
  it('refuses edits of cells that do not exist and duplicate edits', () => {
    expect(() => applyCellEdits(nb, [{ cellIndex: 7, source: '' }])).toThrow(InvalidEditError);
    expect(() => applyCellEdits(nb, [{ cellIndex: 1, source: 'a' }, { cellIndex: 1, source: 'b' }])).toThrow('two edits for cell 1');
  });
});

describe('changedLineCount', () => {
  it('counts changed lines cell by cell', () => {
    expect(changedLineCount(nb, nb)).toBe(0);
    expect(changedLineCount(nb, applyCellEdits(nb, [{ cellIndex: 1, source: 'x = 1\nprint(x)' }]))).toBe(1);
    expect(changedLineCount(nb, applyCellEdits(nb, [{ cellIndex: 2, source: null }]))).toBe(1);
  });
});
