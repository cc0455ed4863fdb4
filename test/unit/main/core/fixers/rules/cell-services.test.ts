// The services the engine gives a rule application (cell-services.ts): in-scope nodes, calls with their callee
// resolved through the notebook's imports, and the import service, on real trees from the Python parser.
import type { Node } from 'web-tree-sitter';
import { beforeAll, describe, expect, it } from 'vitest';
import { cellServices } from '../../../../../../main/core/fixers/rules/cell-services';
import { ImportTable } from '../../../../../../main/core/fixers/rules/imports';
import type { NotebookView } from '../../../../../../main/core/fixers/rules/rule';
import { applyEdits } from '../../../../../../main/core/fixers/rules/source-edit';
import { loadPythonParser, type PythonParser } from '../../../../../../main/core/python/python-parser';

let parser: PythonParser;
beforeAll(async () => {
  parser = await loadPythonParser();
});

function services(source: string, lines?: number[]) {
  const parsed = parser.parse(source);
  const imports = ImportTable.fromCells([parsed]);
  const starts = lines ? new Set(lines) : null;
  const inScope = (node: Node): boolean => !starts || starts.has(node.startPosition.row);
  const base = { imports, notebook: undefined as unknown as NotebookView, cellIndex: 0, inScope };
  return { parsed, ...cellServices(parsed, base) };
}

const SOURCE = [
  'import numpy as np',
  'from sklearn import model_selection as ms',
  'from pylab import *',
  'a = np.zeros(3)',
  'ms.train_test_split(a)',
  'hist(a)',
  'len(a)',
].join('\n');

describe('cell services', () => {
  it('nodes() keeps to the scope: the failing lines only, or the whole cell', () => {
    const all = services(SOURCE);
    expect(all.nodes('call').map((n) => all.parsed.text(n))).toEqual([
      'np.zeros(3)',
      'ms.train_test_split(a)',
      'hist(a)',
      'len(a)',
    ]);
    const scoped = services(SOURCE, [4]);
    expect(scoped.nodes('call').map((n) => scoped.parsed.text(n))).toEqual(['ms.train_test_split(a)']);
  });

  it('calls() resolves callees through aliases and star imports, and narrows by module and names', () => {
    const s = services(SOURCE);
    expect(s.calls().map((c) => [c.callee, c.name])).toEqual([
      ['numpy.zeros', 'zeros'],
      ['sklearn.model_selection.train_test_split', 'train_test_split'],
      [null, null],
      [null, null],
    ]);
    expect(s.calls({ module: 'sklearn' }).map((c) => c.name)).toEqual(['train_test_split']);
    expect(s.calls({ module: 'numpy', names: ['ones'] })).toEqual([]);
    // `hist` reaches pylab only through the star import: a bare name counts under the module only when the rule
    // names it, since which names a star import binds is not known (`len` is a builtin, no pylab call)
    expect(s.calls({ module: 'pylab' })).toEqual([]);
    expect(s.calls({ module: 'pylab', names: ['hist'] }).map((c) => c.name)).toEqual(['hist']);
    expect(s.calls({ module: 'numpy' }).map((c) => c.name)).toEqual(['zeros']);
    const hist = { module: 'pylab', names: ['hist'] };
    expect(
      services(SOURCE, [5])
        .calls(hist)
        .map((c) => c.name),
    ).toEqual(['hist']);
    expect(services(SOURCE, [4]).calls(hist)).toEqual([]);
  });

  it("requireImport() uses the notebook's alias, adds the conventional one, and refuses when no name is free", () => {
    expect(services(SOURCE).requireImport('numpy', 'np')).toEqual({ name: 'np', edits: [] });
    const fresh = services('x = [1, 2]\n');
    const added = fresh.requireImport('numpy', 'np');
    expect(added?.name).toBe('np');
    expect(applyEdits(fresh.parsed, added!.edits).source).toBe('import numpy as np\nx = [1, 2]\n');
    // the notebook's own `np` and `numpy` are variables: no name reaches the module, so the rule leaves the code
    expect(services('np = 3\nnumpy = 4\n').requireImport('numpy', 'np')).toBeNull();
  });
});
