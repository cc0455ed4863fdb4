// Issue 18's two migration suites (lib2to3's fixers, NumPy 2.0's NPY201 list), probed case by case: what the rules
// left failing or changed in meaning, fixed and checked in today's stack (Python 3.14, NumPy 2.4): the old snippet
// fails or prints something else there, the rewritten one prints what the old code printed.
import { expect, it } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("lib2to3 / NPY201 probe cases run in today's stack", (run) => {
  it('map/zip/range results bound to names in a Python 2 notebook hold lists; two tuple parameters unpack', async () => {
    const before = py`
      import random
      lens = map(len, ['spam', 'eggs', 'ham'])
      nums = map(int, ['1', '2', '3'])
      print lens, sum(nums), max(nums)
      idx = range(6)
      random.shuffle(idx)
      print sorted(idx)
      def dist((x1, y1), (x2, y2)):
          return abs(x1 - x2) + abs(y1 - y2)
      print dist((0, 0), (3, 4))
    `;
    const rules = ['python2.print-statement', 'python2.iterator-assignments', 'python2.tuple-parameters'];
    const printsOnly = await fix(before, ['python2.print-statement'], TODAY);
    expect(run(printsOnly).ok).toBe(false); // '<map object …>', then max() of an exhausted iterator
    expect(run(await fix(before, rules, TODAY))).toEqual({ ok: true, out: '[4, 4, 3] 6 3\n[0, 1, 2, 3, 4, 5]\n7' });
  });

  it('NPY201: issubclass_ of a non-class, issctype, sctypes, maximum_sctype, asfarray(dtype=), a dtype newbyteorder', async () => {
    const before = py`
      import numpy as np
      d = np.dtype('f8')
      print(np.issubclass_(np.int64, np.integer), np.issubclass_(3, int))
      print(np.issctype(np.float64), np.issctype(int), np.issctype(d), np.issctype(np.object_))
      print(len(np.sctypes['float']), np.maximum_sctype(np.float32) is np.longdouble, np.maximum_sctype(np.int8) is np.int64)
      print(np.asfarray([1, 2], dtype=np.float32).dtype, np.asfarray([1, 2], dtype=int).dtype)
      a = np.array([1], dtype='<i4')
      print(a.newbyteorder().dtype.byteorder, a.dtype.newbyteorder('>').str)
    `;
    expect(run(before).ok).toBe(false);
    const errors = [
      cellError(
        0,
        'AttributeError',
        "'numpy.ndarray' object has no attribute 'newbyteorder'",
        before.split('\n')[7] as string,
      ),
    ];
    const after = await fix(before, ['numpy.removed-members', 'numpy.removed-functions', 'numpy.ndarray-methods'], {
      ...TODAY,
      errors,
    });
    // what NumPy 1.24 printed for the old snippet
    expect(run(after)).toEqual({
      ok: true,
      out: 'True False\nTrue True True False\n4 True True\nfloat32 float64\n> >i4',
    });
  });

  it('NPY201: np.deprecate decorators, numpy.lib.utils.safe_eval, obj2sctype/issctype of an expression', async () => {
    const before = py`
      import warnings
      import numpy as np
      from numpy.lib.utils import safe_eval
      @np.deprecate
      def old_fn(x):
          return x * 2
      @np.deprecate(message='use new_fn')
      def old_fn2(x):
          return x + 1
      with warnings.catch_warnings(record=True) as caught:
          warnings.simplefilter('always')
          print(old_fn(3), old_fn2(1), [str(w.message) for w in caught])
      print(safe_eval('[1, 2]'), np.obj2sctype(np.array([1.0])), np.issctype(np.dtype('f8')))
    `;
    expect(run(before).ok).toBe(false);
    const after = await fix(before, ['numpy.removed-members', 'numpy.lib-namespace'], TODAY);
    // what NumPy 1.24 printed (its warnings: "`old_fn` is deprecated!", "…\nuse new_fn")
    expect(run(after)).toEqual({
      ok: true,
      out: "6 2 ['`old_fn` is deprecated!', '`old_fn2` is deprecated!\\nuse new_fn']\n[1, 2] <class 'numpy.float64'> True",
    });
  });

  it("NumPy 2's from numpy import * no longer replaces min/max/round: the builtins come back after it", async () => {
    const before =
      'from numpy import *\nbest = inf\nfor e in [3.0, 2.0]:\n    best = min(best, e)\nprint(best, max(1, 5), round(2.675, 2))\n';
    expect(run(before).ok).toBe(false); // np.min(best, axis=e)
    const after = await fix(before, ['numpy.star-import-builtins'], TODAY);
    expect(run(after)).toEqual({ ok: true, out: '2.0 5 2.67' });
  });

  it("Python 2's list.sort(cmp) positionally, filter over a string, range stored in an attribute", async () => {
    const before = py`
      words = ['bb', 'a', 'ccc']
      words.sort(lambda x, y: cmp(len(y), len(x)))
      print words
      print filter(str.isdigit, 'a1b2c3')
      class Seq(object):
          def __init__(self):
              self.d = range(10)
      print Seq().d[2:4]
    `;
    const rules = [
      'python2.print-statement',
      'python2.cmp-builtin',
      'python2.sort-cmp',
      'pandas.sort-methods',
      'python2.iterator-assignments',
    ];
    const printsOnly = await fix(before, ['python2.print-statement', 'python2.cmp-builtin'], TODAY);
    expect(run(printsOnly).ok).toBe(false); // sort() takes no positional arguments
    expect(run(await fix(before, rules, TODAY))).toEqual({ ok: true, out: "['ccc', 'bb', 'a']\n123\n[2, 3]" });
  });
});
