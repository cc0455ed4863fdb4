// Issue 18, second round of probes (python-modernize / futurize / pyupgrade test idioms, ruff's NPY201 fixtures and
// NumPy's 2.0 migration guide): what the rules left failing or changed in meaning, fixed and checked in today's stack
// (Python 3.14, NumPy 2.4): the old snippet fails or prints something else there, the rewritten one prints what the
// old code printed (Python 2.7 / NumPy 1.x).
import { expect, it } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("modernize / futurize / NPY201 probe cases run in today's stack", (run) => {
  it('NumPy gets lists from map/filter/zip/dict views; integer /=, sums and dict items divide as integers', async () => {
    const before = py`
      import numpy as np
      v = np.array(map(float, '1.5 2.5 3.0'.split()))
      pts = np.array(zip([1, 2, 3], [4, 5, 6]))
      counts = {'a': 3, 'b': 5}
      print v.sum(), v.shape, pts[:, 1].tolist(), np.asarray(counts.values()).sum()
      total = 17
      total /= 4
      scores = [3, 4, 4, 5]
      output = {'SUCCESS': 5, 'TOTAL': 8}
      print total, sum(scores) / len(scores), output['SUCCESS'] * 100 / output['TOTAL']
    `;
    const printsOnly = await fix(before, ['python2.print-statement'], TODAY);
    expect(run(printsOnly).ok).toBe(false); // pts is a 0-d object array: too many indices
    const rules = ['python2.print-statement', 'python2.iterator-array-arguments', 'python2.integer-division-sizes'];
    expect(run(await fix(before, rules, TODAY))).toEqual({ ok: true, out: '7.0 (3,) [4, 5, 6] 8\n4 4 62' });
  });

  it("string.joinfields and string functions as values; open(…, 'rU'); assertItemsEqual", async () => {
    const before = py`
      import string, unittest, os
      open('d26-words.txt', 'w').write('spam\neggs\n')
      with open('d26-words.txt', 'rU') as f:
          n = len(f.readlines())
      print(string.joinfields(['x', 'y'], '-'), list(map(string.capitalize, ['ab', 'cD'])), n)
      class T(unittest.TestCase):
          def runTest(self):
              self.assertItemsEqual([1, 2], [2, 1])
      print(unittest.TextTestRunner(stream=open(os.devnull, 'w')).run(T()).wasSuccessful())
    `;
    expect(run(before).ok).toBe(false);
    const rules = ['python2.string-module', 'python.open-universal-mode', 'python.unittest-aliases'];
    expect(run(await fix(before, rules, TODAY))).toEqual({ ok: true, out: "x-y ['Ab', 'Cd'] 2\nTrue" });
  });

  it('NPY201: np.compat attributes, numpy.lib.npyio.loadtxt, np.disp(linefeed=False), np.cast[t] as a value', async () => {
    const before = py`
      import numpy as np
      import numpy.compat
      open('d26-pts.csv', 'w').write('1,2\n3,4\n')
      from numpy.lib.npyio import loadtxt
      print(np.compat.long(5) + 1, numpy.compat.asstr(b'x'), loadtxt('d26-pts.csv', delimiter=',').sum())
      f = np.cast['f8']
      np.disp('abc', linefeed=False)
      print(f([1, 2]).dtype)
    `;
    expect(run(before).ok).toBe(false);
    const rules = ['numpy.compat-module', 'numpy.lib-namespace', 'numpy.removed-members'];
    expect(run(await fix(before, rules, TODAY))).toEqual({ ok: true, out: '6 x 10.0\nabcfloat64' });
  });
  it('Python 3.9 / 3.11 removals: Thread.isAlive, Element.getchildren, a global regex flag after the start', async () => {
    const before = py`
      import re, threading
      import xml.etree.ElementTree as ET
      t = threading.Thread(target=lambda: None)
      t.start(); t.join()
      print(t.isAlive())
      root = ET.fromstring('<r><a/><b/></r>')
      print([c.tag for c in root.getchildren()])
      print(bool(re.match('abc(?i)', 'ABC')))
    `;
    const lines = before.split('\n');
    const errors = [
      cellError(0, 'AttributeError', "'Thread' object has no attribute 'isAlive'", lines[4] as string),
      cellError(
        0,
        'AttributeError',
        "'xml.etree.ElementTree.Element' object has no attribute 'getchildren'",
        lines[6] as string,
      ),
      cellError(0, 'PatternError', 'global flags not at the start of the expression at position 3', lines[7] as string),
    ];
    expect(run(before).ok).toBe(false);
    const after = await fix(before, ['python.removed-methods-3-9', 'python.regex-global-flags'], { ...TODAY, errors });
    expect(run(after)).toEqual({ ok: true, out: "False\n['a', 'b']\nTrue" });
  });

  it("from numpy import in1d (removed in 2.4) and issubsctype of an array keep NumPy 1.24's results", async () => {
    const before = py`
      import numpy as np
      from numpy import in1d
      a = in1d([[1, 2], [3, 4]], [1, 4]).tolist(), in1d([1, 2, 3], [1], invert=True).tolist(), in1d(ar1=[1], ar2=[2])
      print(a[0], a[1], a[2].tolist())
      print(np.issubsctype(np.array([1]), np.integer), np.issubsctype(np.array([1.0]), 'i8'), np.issubsctype('S8', str))
    `;
    expect(run(before).ok).toBe(false);
    const after = await fix(before, ['numpy.removed-members', 'numpy.moved-members'], TODAY);
    expect(run(after)).toEqual({
      ok: true,
      out: '[True, False, False, True] [False, True, True] [False]\nTrue False False',
    });
  });

  it('pd.concat(…, join_axes=[idx]) (removed in pandas 1.0): each object reindexed to idx, dtypes as 0.25 kept', async () => {
    const before = py`
      import pandas as pd
      a = pd.DataFrame({'x': [1, 2]}, index=[0, 1])
      b = pd.DataFrame({'y': [3, 4]}, index=[1, 2])
      both = pd.concat([a, b], axis=1, join_axes=[a.index])
      print(both.dtypes.astype(str).tolist(), both.fillna(-1).values.tolist())
      rows = pd.concat([a, b.rename(columns={'y': 'x'}).assign(z=1)], join_axes=[a.columns])
      print(rows.columns.tolist(), rows.x.tolist(), rows.x.dtype)
    `;
    expect(run(before).ok).toBe(false);
    const after = await fix(before, ['pandas.concat-join-axes'], TODAY);
    expect(run(after)).toEqual({
      ok: true,
      out: "['int64', 'float64'] [[1.0, -1.0], [2.0, 3.0]]\n['x'] [1, 2, 3, 4] int64",
    });
  });
});
