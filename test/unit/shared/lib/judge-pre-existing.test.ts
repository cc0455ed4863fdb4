// Errors the original notebook's saved outputs already show are pre-existing (docs/architecture.md, "The judge"):
// markPreExisting, by cell and error name or by the line the saved traceback points at.
import { describe, expect, it } from 'vitest';
import { markPreExisting } from '../../../../shared/lib/judge';
import type { Notebook } from '../../../../shared/models/notebook';
import { notebookOfCells } from '../../../helpers/notebooks';
import { cellError } from './judge-inputs';

describe('markPreExisting', () => {
  const original = notebookOfCells([
    { id: 'md', cell_type: 'markdown', source: '# t', metadata: {} },
    {
      id: 'load',
      cell_type: 'code',
      source: 'import foo',
      metadata: {},
      outputs: [{ output_type: 'error', ename: 'ModuleNotFoundError', evalue: "No module named 'foo'", traceback: [] }],
    },
    {
      id: 'fit',
      cell_type: 'code',
      source: 'fit()',
      metadata: {},
      outputs: [{ output_type: 'stream', name: 'stdout', text: 'ok\n' }],
    },
  ]);

  it('marks the same error name in the same cell (by id, even when a fix shifted the index)', () => {
    // a fix inserted a cell at the top: 'load' is now index 2
    const versionIds = ['new', 'md', 'load', 'fit'];
    const errors = [
      cellError(2, 'ModuleNotFoundError', { cellId: null }),
      cellError(2, 'ImportError', { cellId: 'load' }),
      cellError(3, 'NameError', { cellId: 'fit' }),
      cellError(1, 'ModuleNotFoundError', { cellId: 'md' }),
    ];
    const marked = markPreExisting(errors, original, versionIds);
    expect(marked.map((e) => e.preExisting)).toEqual([true, false, false, false]);
    expect(errors[0]?.preExisting).toBe(false); // input not mutated
  });

  it("marks another exception raised by the line the author's saved traceback points at, not by another line", () => {
    // Pandas Cookbook (2017, IPython 5): the cell shows that .loc fails; pandas 0.20 raised IndexingError there,
    // today's pandas raises KeyError on the same line
    const esc = '\u001b';
    const shown: Notebook = {
      ...original,
      cells: [
        {
          id: 'demo',
          cell_type: 'code',
          source: "s = college['UGDS']\ns.loc['a', 'b']\nprint(s.sum())",
          metadata: {},
          outputs: [
            {
              output_type: 'error',
              ename: 'IndexingError',
              evalue: 'Too many indexers',
              traceback: [
                `${esc}[0;31m---------------------------------------------------------------------------${esc}[0m`,
                `${esc}[0;31mIndexingError${esc}[0m                             Traceback (most recent call last)`,
                `${esc}[0;32m<ipython-input-7-3f2a>${esc}[0m in ${esc}[0;36m<module>${esc}[0;34m()${esc}[0m`,
                `${esc}[1;32m      1${esc}[0m s ${esc}[0;34m=${esc}[0m college${esc}[0;34m[${esc}[0m'UGDS'${esc}[0;34m]${esc}[0m`,
                `${esc}[0;32m----> 2${esc}[0;31m s${esc}[0;34m.${esc}[0mloc${esc}[0;34m[${esc}[0m'a', 'b'${esc}[0;34m]${esc}[0m`,
                `${esc}[0;32m/lib/python3.6/site-packages/pandas/core/indexing.py${esc}[0m in ${esc}[0;36m__getitem__${esc}[0m`,
                `${esc}[0;32m-> 1325${esc}[0;31m             return self._getitem_tuple(key)${esc}[0m`,
                `${esc}[0;31mIndexingError${esc}[0m: Too many indexers`,
              ],
            },
          ],
        },
        {
          id: 'modern',
          cell_type: 'code',
          source: 'x = 1\nf(x)',
          metadata: {},
          outputs: [
            {
              output_type: 'error',
              ename: 'ValueError',
              evalue: 'bad',
              traceback: ['Cell In[3], line 2', '----> 2 f(x)', 'ValueError: bad'],
            },
          ],
        },
      ],
    };
    const errors = [
      cellError(0, 'KeyError', { cellId: 'demo', line: "s.loc['a', 'b']" }),
      cellError(0, 'KeyError', { cellId: 'demo', line: "s = college['UGDS']" }),
      cellError(1, 'TypeError', { cellId: 'modern', line: 'f(x)' }),
      cellError(1, 'TypeError', { cellId: 'modern', line: null }),
    ];
    expect(markPreExisting(errors, shown).map((e) => e.preExisting)).toEqual([true, false, true, false]);
  });

  it('clears a stale mark', () => {
    const marked = markPreExisting([cellError(3, 'NameError', { cellId: 'fit', preExisting: true })], original);
    expect(marked[0]?.preExisting).toBe(false);
  });

  it('marks only a syntax error in a cell the author never ran that is not Python', () => {
    const neverRan = new Set(['fit']);
    const errors = [
      cellError(2, 'SyntaxError', { cellId: 'fit' }),
      cellError(2, 'NameError', { cellId: 'fit' }),
      cellError(1, 'SyntaxError', { cellId: 'load' }),
    ];
    const marked = markPreExisting(errors, original, [], neverRan);
    expect(marked.map((e) => [e.preExisting, e.authorNeverRan ?? false])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    // once the set no longer names the cell, both marks go
    expect(markPreExisting(marked, original)[0]).toMatchObject({ preExisting: false });
    expect(markPreExisting(marked, original)[0]?.authorNeverRan).toBeUndefined();
  });
});
