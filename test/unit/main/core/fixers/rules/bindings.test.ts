// Where a notebook binds names (bindings.ts): the one walk the rules share through ctx.bindings(…), and
// definesName's `imports: false`, on real trees from the Python parser.
import { beforeAll, describe, expect, it } from 'vitest';
import { cellBindings, notebookBindings } from '../../../../../../main/core/fixers/rules/bindings';
import { definesName } from '../../../../../../main/core/fixers/rules/syntax';
import { oneCellNotebook, WorkingNotebook } from '../../../../../../main/core/fixers/rules/working-notebook';
import { loadPythonParser, type PythonParser } from '../../../../../../main/core/python/python-parser';

let parser: PythonParser;
beforeAll(async () => {
  parser = await loadPythonParser();
});

const CELL = `a, (b, c) = f()
d: int
n += 1
for i, j in pairs:
    squares = [k * k for k in range(i)]
with open(path) as fh:
    pass
try:
    pass
except ValueError as e:
    pass
def g(x, y=z):
    return x
class C:
    pass`;

describe('binding sites', () => {
  it('lists each kind with its target and an assignment its value, kind by kind in source order', () => {
    const parsed = parser.parse(CELL);
    const sites = cellBindings(parsed).map((s) => [s.kind, parsed.text(s.target), s.value && parsed.text(s.value)]);
    expect(sites).toEqual([
      ['assignment', 'a, (b, c)', 'f()'],
      ['assignment', 'd', null],
      ['assignment', 'squares', '[k * k for k in range(i)]'],
      ['augmented-assignment', 'n', null],
      ['for', 'i, j', null],
      ['comprehension', 'k', null],
      ['with', 'open(path) as fh', null],
      ['as', 'fh', null],
      ['as', 'e', null],
      ['parameters', '(x, y=z)', null],
      ['definition', 'g', null],
      ['definition', 'C', null],
    ]);
    expect(cellBindings(parsed, ['definition']).map((s) => parsed.text(s.target))).toEqual(['g', 'C']);
    // the same tree gives the same list without a second walk
    expect(cellBindings(parsed)).toBe(cellBindings(parsed));
    parsed.delete();
  });

  it('across the notebook: every code cell in order, with its index; `cells` skips cells before parsing them', () => {
    const notebook = oneCellNotebook('model = XGBClassifier()');
    notebook.cells.push(
      { cell_type: 'markdown', metadata: {}, source: 'x = 1' },
      { cell_type: 'code', metadata: {}, source: 'y = 2\nfor t in s: pass', outputs: [], execution_count: null },
    );
    const view = new WorkingNotebook(notebook, parser);
    const all = notebookBindings(view).map((s) => [s.cellIndex, s.kind, s.parsed.text(s.target)]);
    expect(all).toEqual([
      [0, 'assignment', 'model'],
      [2, 'assignment', 'y'],
      [2, 'for', 't'],
    ]);
    const xgb = notebookBindings(view, { kinds: ['assignment'], cells: /XGB/ });
    expect(xgb.map((s) => s.parsed.text(s.target))).toEqual(['model']);
    const loops = notebookBindings(view, { kinds: ['for'], cells: (source) => source.includes('for') });
    expect(loops.map((s) => s.cellIndex)).toEqual([2]);
    view.dispose();
  });

  it('definesName counts imports unless told not to; assignments, definitions and parameters either way', () => {
    const parsed = parser.parse(
      'from sklearn.datasets import load_boston\nimport numpy as np\ndef f(sum=0):\n    pass',
    );
    expect(definesName(parsed, 'load_boston')).toBe(true);
    expect(definesName(parsed, 'load_boston', { imports: false })).toBe(false);
    expect(definesName(parsed, 'np', { imports: false })).toBe(false);
    expect(definesName(parsed, 'f', { imports: false })).toBe(true);
    expect(definesName(parsed, 'sum', { imports: false })).toBe(true);
    parsed.delete();
    const own = parser.parse('load_boston = my_loader\n');
    expect(definesName(own, 'load_boston', { imports: false })).toBe(true);
    own.delete();
  });
});
