// Examples for lib2to3's fixer mechanisms in catalog/python2/ (the rules after the common Python 2 → 3 ones).
import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

export const PYTHON2_FIXER_CASES: RuleCase[] = [
  one(
    'python2.removed-builtins',
    'apply, buffer, intern, StandardError',
    'r = apply(f, (1, 2))\ns = apply(g, args, {"b": 5})\nt = apply(h)\nb = buffer(data)\nk = intern(name)\nclass E(StandardError):\n    pass\n',
    'import sys\nr = f(*(1, 2))\ns = g(*args, **{"b": 5})\nt = h()\nb = memoryview(data)\nk = sys.intern(name)\nclass E(Exception):\n    pass\n',
  ),
  leftAlone(
    'python2.removed-builtins',
    "the notebook's own apply and buffer are left alone",
    'def apply(f, xs):\n    return [f(x) for x in xs]\nbuffer = []\nr = apply(f, (1, 2))\nbuffer.append(1)\n',
  ),
  leftAlone(
    'python2.removed-builtins',
    'buffer(obj, offset) is not memoryview(obj): left alone',
    'b = buffer(data, 4)\n',
  ),
  one(
    'python2.function-attributes',
    'func_* and im_* attributes',
    'print(f.func_name, f.func_defaults, f.func_code.co_argcount)\nm = obj.method\nprint(m.im_self, m.im_func, m.im_class)\n',
    'print(f.__name__, f.__defaults__, f.__code__.co_argcount)\nm = obj.method\nprint(m.__self__, m.__func__, m.__self__.__class__)\n',
  ),
  leftAlone(
    'python2.function-attributes',
    "self.func_name of the notebook's own class is its own attribute",
    'class Job:\n    def __init__(self):\n        self.func_name = "fit"\n',
  ),
  one(
    'python2.sys-exc-attributes',
    'exc_type/value/traceback, exitfunc, getcwdu',
    'import sys, os\ntry:\n    run()\nexcept:\n    print(sys.exc_type, sys.exc_value)\n    tb = sys.exc_traceback\nsys.exitfunc = cleanup\nhere = os.getcwdu()\n',
    'import atexit\nimport sys, os\ntry:\n    run()\nexcept:\n    print(sys.exc_info()[0], sys.exc_info()[1])\n    tb = sys.exc_info()[2]\natexit.register(cleanup)\nhere = os.getcwd()\n',
  ),
  leftAlone(
    'python2.sys-exc-attributes',
    'sys.exc_info() and a variable called exc_type are left alone',
    'import sys\nexc_type = sys.exc_info()[0]\nprint(exc_type)\n',
  ),
  one(
    'python2.operator-functions',
    'isCallable, sequenceIncludes, isSequenceType, isMappingType, isNumberType, repeat',
    'import operator\na = operator.isCallable(f)\nb = operator.sequenceIncludes(xs, 1)\nc = operator.isSequenceType(xs)\nd = operator.isMappingType(m)\ne = operator.isNumberType(n)\nr = operator.repeat([0], 3)\n',
    'import collections.abc\nimport numbers\nimport operator\na = callable(f)\nb = operator.contains(xs, 1)\nc = isinstance(xs, collections.abc.Sequence)\nd = isinstance(m, collections.abc.Mapping)\ne = isinstance(n, numbers.Number)\nr = operator.mul([0], 3)\n',
  ),
  leftAlone(
    'python2.operator-functions',
    "operator.itemgetter and a user's own module called operator stay",
    'import operator\nget = operator.itemgetter(1)\n',
  ),
  one(
    'python2.types-constants',
    'types.StringType & co and from-imports',
    'import types\nif isinstance(x, types.StringType) or isinstance(x, types.UnicodeType):\n    pass\nok = type(v) in (types.IntType, types.LongType, types.FloatType)\nfrom types import ListType, FunctionType\n',
    'import types\nif isinstance(x, str) or isinstance(x, str):\n    pass\nok = type(v) in (int, int, float)\nfrom types import FunctionType\nListType = list\n',
  ),
  leftAlone(
    'python2.types-constants',
    'types.FunctionType and types.NoneType exist in Python 3: left alone',
    'import types\nf = isinstance(g, types.FunctionType)\nn = types.NoneType\n',
  ),
  one(
    'python2.metaclass-attribute',
    '__metaclass__ in the body → metaclass= in the header',
    'class A(object):\n    __metaclass__ = ABCMeta\n    x = 1\nclass B:\n    __metaclass__ = Meta\n',
    'class A(object, metaclass=ABCMeta):\n    x = 1\nclass B(metaclass=Meta):\n    pass\n',
  ),
  leftAlone(
    'python2.metaclass-attribute',
    'a Python 3 metaclass= is left alone',
    'class A(object, metaclass=ABCMeta):\n    x = 1\n',
  ),
  one(
    'python2.special-method-names',
    '__nonzero__, next in an iterator, __div__',
    'class Z(object):\n    def __nonzero__(self):\n        return False\nclass It(object):\n    def __iter__(self):\n        return self\n    def next(self):\n        raise StopIteration\nclass V(object):\n    def __div__(self, o):\n        return self\n',
    'class Z(object):\n    def __nonzero__(self):\n        return False\n    __bool__ = __nonzero__\nclass It(object):\n    def __iter__(self):\n        return self\n    def next(self):\n        raise StopIteration\n    __next__ = next\nclass V(object):\n    def __div__(self, o):\n        return self\n    __truediv__ = __div__\n',
  ),
  leftAlone(
    'python2.special-method-names',
    'a class with next but no iterator protocol, or with __bool__ already, is left alone',
    'class Pager(object):\n    def next(self):\n        return self.page + 1\nclass Z(object):\n    def __nonzero__(self):\n        return False\n    def __bool__(self):\n        return False\n',
  ),
  one(
    'python2.xreadlines',
    'loop over the file; elsewhere iter(f)',
    'for line in f.xreadlines():\n    print(line)\nit = f.xreadlines()\n',
    'for line in f:\n    print(line)\nit = iter(f)\n',
  ),
  one(
    'python2.except-unpacking',
    'except E, (a, b): unpacks .args',
    'try:\n    open(p)\nexcept IOError, (errno, msg):\n    print(msg)\n',
    'try:\n    open(p)\nexcept IOError as exc:\n    errno, msg = exc.args\n    print(msg)\n',
  ),
  leftAlone(
    'python2.except-unpacking',
    'except (A, B) as e: is Python 3 already',
    'try:\n    f()\nexcept (IOError, OSError) as e:\n    print(e)\n',
  ),
  one(
    'python2.comprehension-bare-tuple',
    '[x for x in 1, 2]',
    'ys = [x * 2 for x in 1, 2, 3]\n',
    'ys = [x * 2 for x in (1, 2, 3)]\n',
  ),
  leftAlone('python2.comprehension-bare-tuple', 'a parenthesized tuple is left alone', 'ys = [x for x in (1, 2)]\n'),
  one(
    'python2.map-none',
    'map(None, xs) and map(None, a, b)',
    'a = map(None, xs)\nb = map(None, xs, ys)\nc = list(map(None, xs, ys))\n',
    'import itertools\na = list(xs)\nb = list(itertools.zip_longest(xs, ys))\nc = list(itertools.zip_longest(xs, ys))\n',
  ),
  leftAlone(
    'python2.map-none',
    "map(f, xs) and the notebook's own map are left alone",
    'def map(f, *xs):\n    return f\na = map(None, xs)\n',
  ),
  one(
    'python2.more-renamed-modules',
    'commands, thread, UserList, repr, tkFileDialog',
    'import commands\nimport thread\nfrom UserList import UserList\nimport repr\nimport tkFileDialog\nout = commands.getoutput("ls")\n',
    'import subprocess as commands\nimport _thread as thread\nfrom collections import UserList\nimport reprlib as repr\nimport tkinter.filedialog as tkFileDialog\nout = commands.getoutput("ls")\n',
  ),
  leftAlone(
    'python2.more-renamed-modules',
    'a module that only sounds alike is left alone',
    'import commandslib\nimport reprlib\nfrom collections import UserList\n',
  ),
  one(
    'python2.dict-view-lists',
    'a loop that deletes from the dict it walks; print and == of a known dict',
    "d = {'a': 1, 'b': 2}\nfor k in d.keys():\n    if d[k] > 1:\n        del d[k]\nprint(d.keys())\nsame = d.keys() == ['a']\n",
    "d = {'a': 1, 'b': 2}\nfor k in list(d.keys()):\n    if d[k] > 1:\n        del d[k]\nprint(list(d.keys()))\nsame = list(d.keys()) == ['a']\n",
  ),
  leftAlone(
    'python2.dict-view-lists',
    'a loop that only reads, and print of something that may not be a dict, are left alone',
    "d = {'a': 1}\nfor k in d.keys():\n    total += d[k]\nprint(df.keys())\nprint(len(d.keys()))\ncounts = d\ncounts = load()\nprint(counts.items())\n",
  ),
  one(
    'python2.dict-view-lists',
    'from the RuntimeError, a loop that assigns new keys',
    'for k, v in stats.items():\n    stats[k + "_sq"] = v * v\n',
    'for k, v in list(stats.items()):\n    stats[k + "_sq"] = v * v\n',
    {
      errors: [cellError(0, 'RuntimeError', 'dictionary changed size during iteration', 'for k, v in stats.items():')],
    },
  ),
];
