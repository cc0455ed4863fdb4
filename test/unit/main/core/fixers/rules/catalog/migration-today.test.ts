// The lib2to3-mechanism rules of catalog/python2/ and NumPy 2.0's migration rules of catalog/numpy/ in today's stack
// (Python 3.14, NumPy 2.4): each old snippet fails there or prints something else than it did in Python 2 / NumPy 1,
// and the rewritten one prints what the old code printed (written out here from the Python 2 and NumPy 1 semantics).
import { expect, it } from 'vitest';
import { fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

/** [rule, old code, what the old code printed in Python 2 / NumPy 1] */
const CASES: [string, string, string][] = [
  [
    'python2.removed-builtins',
    'def f(a, b=0):\n    return a * b\nprint(apply(f, (2,), {"b": 5}))\nprint(intern("ab"), len(buffer(b"abc")))\ntry:\n    1 / 0\nexcept StandardError:\n    print("caught")\n',
    '10\nab 3\ncaught',
  ],
  [
    'python2.function-attributes',
    'def f(a=1):\n    pass\nclass C(object):\n    def m(self):\n        pass\nc = C()\nprint(f.func_name, f.func_defaults, c.m.im_self is c, c.m.im_class.__name__, c.m.im_func.__name__)\n',
    'f (1,) True C m',
  ],
  [
    'python2.sys-exc-attributes',
    'import sys, os\ndef bye():\n    print("bye")\nsys.exitfunc = bye\ntry:\n    1 / 0\nexcept ZeroDivisionError:\n    print(sys.exc_type.__name__, os.getcwdu() == os.getcwd())\n',
    'ZeroDivisionError True\nbye',
  ],
  [
    'python2.operator-functions',
    'import operator\nprint(operator.isCallable(len), operator.sequenceIncludes([1], 1), operator.isSequenceType([1]), operator.isMappingType({}), operator.isNumberType(1.5), operator.repeat([0], 2))\n',
    'True True True True True [0, 0]',
  ],
  [
    'python2.types-constants',
    "import types\nfrom types import ListType\nprint(isinstance('a', types.StringType), isinstance(3, (types.IntType, types.LongType)), isinstance([], ListType), isinstance('a', types.StringTypes))\n",
    'True True True True',
  ],
  [
    'python2.metaclass-attribute',
    "class M(type):\n    def __new__(m, name, bases, ns):\n        ns['tag'] = name.lower()\n        return type.__new__(m, name, bases, ns)\nclass A(object):\n    __metaclass__ = M\nprint(A.tag)\n",
    'a',
  ],
  [
    'python2.special-method-names',
    'class Empty(object):\n    def __nonzero__(self):\n        return False\nclass Two(object):\n    def __init__(self):\n        self.n = 0\n    def __iter__(self):\n        return self\n    def next(self):\n        self.n += 1\n        if self.n > 2:\n            raise StopIteration\n        return self.n\nprint(bool(Empty()), list(Two()))\n',
    'False [1, 2]',
  ],
  [
    'python2.xreadlines',
    "import io\nf = io.StringIO('a\\nb\\n')\nfor line in f.xreadlines():\n    print(line.strip())\n",
    'a\nb',
  ],
  ['python2.except-unpacking', 'try:\n    raise ValueError(1, 2)\nexcept ValueError, (a, b):\n    print(a + b)\n', '3'],
  ['python2.comprehension-bare-tuple', 'print([x * 2 for x in 1, 2, 3])\n', '[2, 4, 6]'],
  ['python2.map-none', 'print(map(None, [1, 2]), map(None, [1, 2], [3]))\n', '[1, 2] [(1, 3), (2, None)]'],
  [
    'python2.more-renamed-modules',
    'import commands\nfrom UserList import UserList\nimport repr\nprint(commands.getoutput("echo hi"), UserList([1]), repr.repr([2]))\n',
    'hi [1] [2]',
  ],
  [
    'python2.dict-view-lists',
    "d = {'a': 1, 'b': 2}\nfor k in d.keys():\n    if d[k] > 1:\n        del d[k]\nprint(d.keys())\nprint(d.keys() == ['a'])\n",
    "['a']\nTrue",
  ],
  [
    'numpy.moved-members',
    'import numpy as np\nimport warnings\nwarnings.simplefilter("ignore", np.ComplexWarning)\ntry:\n    np.sum(np.ones(2), axis=3)\nexcept np.AxisError:\n    print("axis")\nprint(np.trapz([1, 2, 3]), np.issubsctype(np.float32, np.floating))\n',
    'axis\n4.0 True',
  ],
  [
    'numpy.removed-members',
    "import numpy as np\nprint(np.NINF, 1 - np.NINF, np.issubclass_(np.int32, np.integer), np.safe_eval('[1, 2]'))\nprint(np.in1d(np.array([[1, 2], [3, 4]]), [1, 4]))\nprint(np.cast['f8']([1, 2]).dtype, np.nbytes[np.float64], np.sctype2char(np.float64))\n",
    '-inf inf True [1, 2]\n[ True False False  True]\nfloat64 8 d',
  ],
  [
    'numpy.lib-namespace',
    "import numpy as np\nfrom numpy.lib.function_base import median\nprint(median([1, 2, 3]), np.lib.pad(np.ones(1), 1, 'constant'))\n",
    '2.0 [0. 1. 0.]',
  ],
  ['numpy.array-copy-false', 'import numpy as np\nprint(np.array([1, 2], copy=False))\n', '[1 2]'],
  ['numpy.compat-module', 'from numpy.compat import long, unicode\nprint(long(3), unicode(4))\n', '3 4'],
  ['numpy.tostring', 'import numpy as np\nprint(np.array([1], dtype=np.int8).tostring())\n', "b'\\x01'"],
];

describeTodaySnippets("lib2to3 and NumPy 2.0 migrations in today's stack", (run) => {
  for (const [rule, before, printed] of CASES) {
    it(`${rule}: the old code breaks, the rewrite prints what it printed`, async () => {
      const old = run(before);
      expect(old.ok && old.out === printed).toBe(false);
      const after = await fix(before, [rule], TODAY);
      expect(run(after)).toEqual({ ok: true, out: printed });
    });
  }
});
