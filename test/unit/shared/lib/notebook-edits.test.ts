import { describe, expect, it } from 'vitest';
import { cellSource } from '../../../../shared/lib/ipynb';
import {
  applyCellEdits,
  changedLineCount,
  editSimilarity,
  InvalidEditError,
} from '../../../../shared/lib/notebook-edits';
import type { Notebook } from '../../../../shared/models/notebook';
import { notebookOfCells } from '../../../helpers/notebooks';

const nb = notebookOfCells([
  { id: 'a', cell_type: 'markdown', metadata: {}, source: '# title' },
  {
    id: 'b',
    cell_type: 'code',
    metadata: {},
    source: 'x = 1\nprint x',
    outputs: [{ output_type: 'stream', name: 'stdout', text: 'old' }],
    execution_count: 3,
  },
  { id: 'c', cell_type: 'code', metadata: {}, source: 'y = 2', outputs: [], execution_count: 4 },
]);

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
    expect(() =>
      applyCellEdits(nb, [
        { cellIndex: 1, source: 'a' },
        { cellIndex: 1, source: 'b' },
      ]),
    ).toThrow('two edits for cell 1');
  });
});

describe('changedLineCount', () => {
  it('counts changed lines cell by cell', () => {
    expect(changedLineCount(nb, nb)).toBe(0);
    expect(changedLineCount(nb, applyCellEdits(nb, [{ cellIndex: 1, source: 'x = 1\nprint(x)' }]))).toBe(1);
    expect(changedLineCount(nb, applyCellEdits(nb, [{ cellIndex: 2, source: null }]))).toBe(1);
  });
});

describe('editSimilarity', () => {
  const code = (id: string, source: string) => ({
    cell_type: 'code' as const,
    id,
    metadata: {},
    source,
    outputs: [],
    execution_count: null,
  });
  const md = (id: string, source: string) => ({ cell_type: 'markdown' as const, id, metadata: {}, source });
  const nb = (...cells: Notebook['cells']): Notebook => ({ cells, metadata: {}, nbformat: 4, nbformat_minor: 5 });

  it('is 1 for the same code, whatever the markdown and blank lines', () => {
    const a = nb(md('m', '# title'), code('a', 'x = 1\ny = 2'));
    const b = nb(md('m', '# another title'), code('a', 'x = 1\n\ny = 2\n'));
    expect(editSimilarity(a, b)).toBe(1);
  });

  it('is 2·shared / (lines before + lines after), cells matched by id', () => {
    const before = nb(code('a', 'x = np.float(1)\ny = 2'), code('b', 'print(x)'));
    // one of three lines changed: 2·2 / 6
    expect(editSimilarity(before, nb(code('a', 'x = float(1)\ny = 2'), code('b', 'print(x)')))).toBeCloseTo(4 / 6, 12);
    // a line added: 2·3 / 7
    expect(
      editSimilarity(
        before,
        nb(code('a', 'x = np.float(1)\ny = 2'), code('new', 'import numpy'), code('b', 'print(x)')),
      ),
    ).toBeCloseTo(6 / 7, 12);
    // the same line moved to another cell is not shared
    expect(editSimilarity(before, nb(code('a', 'x = np.float(1)\ny = 2\nprint(x)'), code('b', '')))).toBeCloseTo(
      4 / 6,
      12,
    );
  });

  it('is 0 when nothing survived and 1 for two empty notebooks', () => {
    expect(editSimilarity(nb(code('a', 'x = 1')), nb(code('a', 'y = 2')))).toBe(0);
    expect(editSimilarity(nb(), nb(md('m', 'text')))).toBe(1);
  });

  it('counts repeated lines only as often as both sides have them', () => {
    const before = nb(code('a', 'f()\nf()\nf()'));
    expect(editSimilarity(before, nb(code('a', 'f()')))).toBeCloseTo(2 / 4, 12);
  });
});
