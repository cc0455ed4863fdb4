// The API-change extractor (tools/extract-api-changes.ts and its modules in tools/api-changes/) on real changelog
// sentences and on a small package whose deprecation code is mined by the extractor's own Python program.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowsOfEntry } from '../../../tools/api-changes/entry-rows';
import { isCApiName, withoutReferences } from '../../../tools/api-changes/heuristics';
import { warnedRows } from '../../../tools/api-changes/mined';
import { MINER } from '../../../tools/api-changes/miner-program';
import { SPECS } from '../../../tools/api-changes/names';

const entry = (text: string, version = '2.0.0') => ({ text, line: 1, version, date: null, anchor: null });
const rows = (library: keyof typeof SPECS, text: string) =>
  rowsOfEntry(SPECS[library], entry(text), 'https://example.invalid/changelog#L1').map((r) => ({
    kind: r.kind,
    old: r.old,
    new: r.new,
    pure: r.pure,
  }));

describe('changelog sentences', () => {
  it('an issue reference after the replacement no longer hides it (pandas 0.20)', () => {
    expect(withoutReferences('removed in favor of ``DataFrame.iteritems()`` (:issue:`10711`)')).toBe(
      'removed in favor of ``DataFrame.iteritems()``',
    );
    expect(
      rows(
        'pandas',
        'The deprecated ``DataFrame.iterkv()`` has been removed in favor of ``DataFrame.iteritems()`` (:issue:`10711`)',
      ),
    ).toEqual([{ kind: 'renamed', old: 'pandas.DataFrame.iterkv', new: 'pandas.DataFrame.iteritems', pure: false }]);
  });

  it('pairs a list of deprecated names with a list of replacements of the same length (pandas 1.5)', () => {
    expect(
      rows(
        'pandas',
        'Deprecated :meth:`DataFrame.iteritems`, :meth:`Series.iteritems` in favor of :meth:`DataFrame.items`, :meth:`Series.items` (:issue:`45321`)',
      ),
    ).toEqual([
      { kind: 'deprecated', old: 'pandas.DataFrame.iteritems', new: 'pandas.DataFrame.items', pure: false },
      { kind: 'deprecated', old: 'pandas.Series.iteritems', new: 'pandas.Series.items', pure: false },
    ]);
  });

  it("reads pandas' ``obj.x`` as a member of the same class", () => {
    expect(
      rows('pandas', 'Removed deprecated :meth:`Index.is_monotonic`; use ``obj.is_monotonic_increasing`` instead'),
    ).toEqual([
      { kind: 'renamed', old: 'pandas.Index.is_monotonic', new: 'pandas.Index.is_monotonic_increasing', pure: false },
    ]);
  });

  it('"now available in ``m``" names where the name lives, not its new name', () => {
    expect(rows('numpy', '``tracemalloc_domain`` is now available in ``numpy.lib``.')).toEqual([
      { kind: 'moved', old: 'numpy.tracemalloc_domain', new: 'numpy.lib.tracemalloc_domain', pure: true },
    ]);
  });

  it('gives no row for a new feature, a parameter of a function, or a C-API name', () => {
    expect(rows('numpy', 'A basic ``parametrize`` decorator is now available in ``numpy.testing``.')).toEqual([]);
    expect(rows('scipy', 'The second argument of `scipy.stats.moment` has been renamed to ``order``.')).toEqual([]);
    expect(rows('numpy', '``PyArray_CastTo`` and ``NPY_REFCOUNT`` have been removed.')).toEqual([]);
    expect(isCApiName('numpy.PyArray_FieldNames')).toBe(true);
    expect(isCApiName('numpy.float_')).toBe(false);
  });
});

describe('deprecation warnings mined from a release', () => {
  const base = { module: 'pandas.core.generic', owners: ['pandas.DataFrame.iteritems', 'pandas.Series.iteritems'] };
  /** the rows a pandas 1.5.3 warning gives, its source line at `link` */
  const pandasRows = (warning: Parameters<typeof warnedRows>[0], link = '') =>
    warnedRows(warning, 'pandas', SPECS.pandas.qualify, '1.5.3', link, 'pandas 1.5.3');

  it('a member that only warns and delegates to the replacement is an alias (pure)', () => {
    const out = pandasRows(
      {
        ...base,
        name: 'NDFrame.iteritems',
        message: 'iteritems is deprecated and will be removed in a future version. Use .items instead.',
        params: ['self'],
        delegate: 'self.items',
      },
      'https://example.invalid/generic.py#L1',
    );
    expect(out.map((r) => [r.old, r.new, r.pure])).toEqual([
      ['pandas.DataFrame.iteritems', 'pandas.DataFrame.items', true],
      ['pandas.Series.iteritems', 'pandas.Series.items', true],
    ]);
  });

  it('"use X instead" without delegation is not pure; "Passing method to get_loc" is about the parameter', () => {
    const append = pandasRows({
      module: 'pandas.core.frame',
      name: 'DataFrame.append',
      owners: ['pandas.DataFrame.append'],
      message:
        'The frame.append method is deprecated and will be removed from pandas in a future version. Use pandas.concat instead.',
      params: ['self', 'other', 'ignore_index'],
      delegate: null,
    });
    expect(append.map((r) => [r.old, r.new, r.pure])).toEqual([['pandas.DataFrame.append', 'pandas.concat', false]]);
    expect(
      pandasRows({
        module: 'pandas.core.indexes.base',
        name: 'Index.get_loc',
        owners: ['pandas.Index.get_loc'],
        message:
          'Passing method to Index.get_loc is deprecated and will raise in a future version. Use index.get_indexer([item], method=...) instead.',
        params: ['self', 'key', 'method'],
        delegate: null,
      }).map((r) => [r.kind, r.old, r.new]),
    ).toEqual([['signature-changed', 'pandas.Index.get_loc(method)', null]]);
  });

  it('the miner finds the warning, the delegation and the public subclasses that inherit the member', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-miner-'));
    const pkg = path.join(root, 'frames');
    fs.mkdirSync(path.join(pkg, 'core'), { recursive: true });
    fs.writeFileSync(path.join(pkg, '__init__.py'), 'from frames.core.frame import DataFrame\n');
    fs.writeFileSync(path.join(pkg, 'core', '__init__.py'), '');
    fs.writeFileSync(
      path.join(pkg, 'core', 'generic.py'),
      'import warnings\nclass NDFrame:\n    def items(self):\n        yield from ()\n' +
        '    def iteritems(self):\n        warnings.warn("iteritems is deprecated. Use .items instead.", FutureWarning)\n' +
        '        yield from self.items()\n',
    );
    fs.writeFileSync(
      path.join(pkg, 'core', 'frame.py'),
      'from frames.core.generic import NDFrame\nclass DataFrame(NDFrame):\n    pass\n',
    );
    const mined = JSON.parse(execFileSync('python3', ['-c', MINER, root, 'frames'], { encoding: 'utf8' })) as {
      kind: string;
      name: string;
      owners: string[];
      delegate: string | null;
    }[];
    fs.rmSync(root, { recursive: true, force: true });
    expect(mined).toEqual([
      expect.objectContaining({
        kind: 'warn',
        name: 'NDFrame.iteritems',
        owners: ['frames.DataFrame.iteritems'],
        delegate: 'self.items',
      }),
    ]);
  });
});
