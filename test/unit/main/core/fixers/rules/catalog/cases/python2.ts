import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

const KAGGLEAUX_TRACEBACK = [
  '\u001b[0;31mModuleNotFoundError\u001b[0m                       Traceback (most recent call last)',
  'Cell \u001b[0;32mIn[1], line 11\u001b[0m\n\u001b[0;32m---> 11\u001b[0m \u001b[38;5;28;01mfrom\u001b[39;00m \u001b[38;5;21;01mKaggleAux\u001b[39;00m \u001b[38;5;28;01mimport\u001b[39;00m predict \u001b[38;5;28;01mas\u001b[39;00m ka',
  'File \u001b[0;32m/tmp/job/working/KaggleAux/__init__.py:1\u001b[0m\n\u001b[0;32m----> 1\u001b[0m \u001b[38;5;28;01mimport\u001b[39;00m \u001b[38;5;21;01mpredict\u001b[39;00m',
  "\u001b[0;31mModuleNotFoundError\u001b[0m: No module named 'predict'",
];

export const PYTHON2_CASES: RuleCase[] = [
  // Python 2 printed the lists map/zip/filter/range returned
  one(
    'python2.print-statement',
    'print map(…) / zip(…) / range(…) print lists, as in Python 2',
    "print map(str, xs)\nprint 'pairs:', zip(a, b)\nprint range(3),\n",
    "print(list(map(str, xs)))\nprint('pairs:', list(zip(a, b)))\nprint(list(range(3)), end=' ')\n",
  ),
  one(
    'python2.print-statement',
    "filter over a string (Python 2 returned a string) joins it back; the notebook's own zip is printed as it is",
    "def zip(*a):\n    return a\nprint filter(str.isalpha, 'a1b2')\nprint zip(1, 2)\n",
    "def zip(*a):\n    return a\nprint(''.join(filter(str.isalpha, 'a1b2')))\nprint(zip(1, 2))\n",
  ),
  // issue 18: a print statement whose expression starts with a parenthesized part prints the whole expression
  one(
    'python2.print-statement',
    'print (a+b)/4. and friends print the whole expression in a Python 2 notebook',
    'print "mean:"\nprint (a+b)/4.\nprint (x), y\nprint (a)*2\nprint ("a") + "b"\nprint (x)[0]\nprint (x),\n',
    'print("mean:")\nprint((a+b)/4.)\nprint((x), y)\nprint((a)*2)\nprint(("a") + "b")\nprint((x)[0])\nprint((x), end=\' \')\n',
  ),
  one(
    'python2.print-statement',
    'print (x) and print (a, b) stay calls (print (a, b) prints "a b", documented)',
    'print "n"\nprint (x)\nprint (a, b)\n',
    'print("n")\nprint (x)\nprint (a, b)\n',
  ),
  leftAlone(
    'python2.print-statement',
    'a Python 3 notebook: print(a), print(b) and print(x) + y are left alone without an error',
    'print(a), print(b)\nprint (a+b)/4.\n',
  ),
  one(
    'python2.print-statement',
    'from __future__ import print_function: the call was a call in Python 2 too',
    'from __future__ import print_function\nprint "x"\nprint (a+b)/4.\n',
    'from __future__ import print_function\nprint("x")\nprint (a+b)/4.\n',
  ),
  one(
    'python2.print-statement',
    "on the line of the TypeError print's None caused (no other Python 2 sign)",
    'a = 1\nprint (a+b)/4.\nprint (x), y\n',
    'a = 1\nprint((a+b)/4.)\nprint (x), y\n',
    {
      errors: [
        cellError(0, 'TypeError', "unsupported operand type(s) for /: 'NoneType' and 'float'", 'print (a+b)/4.'),
      ],
    },
  ),
  one(
    'python2.iterator-builtins',
    'filter(…) + […] and range(n) + […] are list concatenations; range(n)[i] works as it is',
    'a = filter(f, xs) + [1]\nb = range(3) + [4]\nc = range(5)[2]\nfor i in map(f, xs):\n    pass\n',
    'a = list(filter(f, xs)) + [1]\nb = list(range(3)) + [4]\nc = range(5)[2]\nfor i in map(f, xs):\n    pass\n',
  ),
  leftAlone(
    'python2.iterator-builtins',
    "a notebook's own range is left alone",
    'def range(n):\n    return [0] * n\nb = range(3) + [4]\n',
  ),
  one(
    'python2.list-valued-variables',
    'ks = d.keys() … ks.sort()',
    'ks = d.keys()\nks.sort()\n',
    'ks = list(d.keys())\nks.sort()\n',
    { errors: [cellError(0, 'AttributeError', "'dict_keys' object has no attribute 'sort'", 'ks.sort()')] },
  ),
  one(
    'python2.list-valued-variables',
    'evens = filter(…) … evens[0], len(evens); only the variable of the error',
    'evens = filter(f, xs)\nodds = filter(g, xs)\nprint(evens[0], len(evens))\n',
    'evens = list(filter(f, xs))\nodds = filter(g, xs)\nprint(evens[0], len(evens))\n',
    { errors: [cellError(0, 'TypeError', "'filter' object is not subscriptable", 'print(evens[0], len(evens))')] },
  ),
  one(
    'python2.list-valued-variables',
    'r = range(n) … r.remove(0)',
    'r = range(10)\nr.remove(0)\n',
    'r = list(range(10))\nr.remove(0)\n',
    { errors: [cellError(0, 'AttributeError', "'range' object has no attribute 'remove'", 'r.remove(0)')] },
  ),
  leftAlone(
    'python2.list-valued-variables',
    'assigned twice, or from something else: left alone',
    'evens = filter(f, xs)\nevens = g(evens)\nprint(evens[0])\n',
    { errors: [cellError(0, 'TypeError', "'filter' object is not subscriptable", 'print(evens[0])')] },
  ),
  leftAlone(
    'python2.list-valued-variables',
    "a notebook's own filter is left alone",
    'def filter(f, xs):\n    return xs\nevens = filter(f, xs)\nprint(evens[0])\n',
    { errors: [cellError(0, 'TypeError', "'filter' object is not subscriptable", 'print(evens[0])')] },
  ),
  one(
    'python2.print-statement',
    'statement with arguments, trailing comma, chevron; comments kept',
    'print "Train shape : ", train_df.shape  # rows, cols\nprint x,\nprint >>sys.stderr, "warn"\nprint\n',
    'print("Train shape : ", train_df.shape)  # rows, cols\nprint(x, end=\' \')\nprint("warn", file=sys.stderr)\nprint()\n',
  ),
  one(
    'python2.print-statement',
    'inside blocks and with a format expression',
    'for i in range(3):\n    print "%d items" % i\n',
    'for i in range(3):\n    print("%d items" % i)\n',
  ),
  leftAlone(
    'python2.print-statement',
    'leaves Python 3 prints and a bare print in a Python 3 notebook alone',
    'print("a", end="")\nprint\n',
  ),
  one(
    'python2.print-statement',
    'keeps magics and shell lines untouched',
    '%matplotlib inline\n!pip install foo\nprint "done"\n',
    '%matplotlib inline\n!pip install foo\nprint("done")\n',
  ),
  one(
    'python2.print-statement',
    'non-ASCII text before the statement',
    's = "Überlebende – 😀"\nprint s\n',
    's = "Überlebende – 😀"\nprint(s)\n',
  ),
  one('python2.exec-statement', 'exec with a namespace', 'exec "x = 1" in ns\n', 'exec("x = 1", ns)\n'),
  one(
    'python2.except-comma',
    'except E, e',
    'try:\n    f()\nexcept ValueError, e:\n    pass\n',
    'try:\n    f()\nexcept ValueError as e:\n    pass\n',
  ),
  leftAlone(
    'python2.except-comma',
    'leaves a tuple of exceptions alone',
    'try:\n    f()\nexcept (ValueError, KeyError):\n    pass\n',
  ),
  one(
    'python2.number-literals',
    'octal and long literals',
    'os.chmod(p, 0755)\nn = 10L\nx = 0\n',
    'os.chmod(p, 0o755)\nn = 10\nx = 0\n',
  ),
  one(
    'python2.renamed-builtins',
    'xrange, raw_input, unicode, basestring',
    'for i in xrange(10):\n    s = unicode(i)\nname = raw_input("name? ")\nok = isinstance(s, basestring)\n',
    'for i in range(10):\n    s = str(i)\nname = input("name? ")\nok = isinstance(s, str)\n',
  ),
  {
    rule: 'python2.renamed-builtins',
    name: 'leaves names the notebook defines (in another cell) alone',
    before: ['long = df.lon.values\n', 'x = long[0]\n'],
    after: ['long = df.lon.values\n', 'x = long[0]\n'],
  },
  leftAlone(
    'python2.renamed-builtins',
    'leaves attributes and keywords with those names alone',
    'df.long.mean()\nf(unicode=True)\n',
  ),
  one(
    'python2.reduce-builtin',
    'imports functools.reduce at the top of the cell',
    'total = reduce(lambda a, b: a + b, xs)\n',
    'from functools import reduce\ntotal = reduce(lambda a, b: a + b, xs)\n',
  ),
  one(
    'python2.dict-iterators',
    'iteritems/itervalues/iterkeys',
    'for k, v in d.iteritems():\n    pass\nvals = list(d.itervalues())\n',
    'for k, v in d.items():\n    pass\nvals = list(d.values())\n',
  ),
  one(
    'python2.has-key',
    'has_key in conditions and expressions',
    'if d.has_key(k):\n    pass\nx = not d.has_key(k)\n',
    'if k in d:\n    pass\nx = not (k in d)\n',
  ),
  one(
    'python2.dict-view-indexing',
    'on the failing line only',
    'first = d.keys()[0]\nother = df.keys()[1]\n',
    'first = list(d.keys())[0]\nother = df.keys()[1]\n',
    { errors: [cellError(0, 'TypeError', "'dict_keys' object is not subscriptable", 'first = d.keys()[0]')] },
  ),
  one(
    'python2.integer-division',
    'range and slices on the failing line',
    'half = X[:n/2]\nfor i in range(n/2):\n    pass\nratio = a / b\n',
    'half = X[:n//2]\nfor i in range(n/2):\n    pass\nratio = a / b\n',
    {
      errors: [
        cellError(
          0,
          'TypeError',
          'slice indices must be integers or None or have an __index__ method',
          'half = X[:n/2]',
        ),
      ],
    },
  ),
  one(
    'python2.string-module',
    'string.letters and maketrans',
    'import string\nchars = string.letters\nt = string.maketrans("ab", "cd")\n',
    'import string\nchars = string.ascii_letters\nt = str.maketrans("ab", "cd")\n',
  ),
  one(
    'python2.stdlib-modules',
    'cPickle, StringIO, izip',
    'import cPickle\nfrom StringIO import StringIO\nfrom itertools import izip, chain\ndata = cPickle.load(f)\n',
    'import pickle as cPickle\nfrom io import StringIO\nfrom builtins import zip as izip\nfrom itertools import chain\ndata = cPickle.load(f)\n',
  ),
  one(
    'python2.implicit-relative-import',
    'puts the helper package folder on sys.path before its import',
    'import numpy as np\nfrom KaggleAux import predict as ka # helper\n',
    "import numpy as np\nimport sys; sys.path.insert(0, 'KaggleAux')  # Python 2 package: its modules import each other without the package prefix\nfrom KaggleAux import predict as ka # helper\n",
    {
      errors: [cellError(0, 'ModuleNotFoundError', "No module named 'predict'", null, KAGGLEAUX_TRACEBACK)],
      case: {
        id: 'c',
        title: 'c',
        root: '/c',
        notebookPath: '/c/n.ipynb',
        dataDir: '/c/input',
        files: {
          'KaggleAux/__init__.py': '/c/input/KaggleAux__init__.py',
          'KaggleAux/predict.py': '/c/input/KaggleAux_predict.py',
        },
        dirs: [],
        urls: {},
        score: { kind: 'none' },
        target: null,
        created: '2015',
        competition: null,
        manifest: null,
      },
    },
  ),
  one(
    'python2.helper-module-builtins',
    'defines xrange for a Python 2 helper module',
    'compared = ka.predict(test_data, results, "Logit")\n',
    'import builtins; builtins.xrange = range  # Python 2 helper module\ncompared = ka.predict(test_data, results, "Logit")\n',
    {
      errors: [
        cellError(0, 'NameError', "name 'xrange' is not defined", null, [
          'Cell In[5], line 1\n----> 1 compared = ka.predict(test_data, results, "Logit")',
          'File /w/KaggleAux/predict.py:96, in predict(test_data, results, model_name)\n---> 96 model_array = list((model_parameters for parameter in xrange(row)))',
          "NameError: name 'xrange' is not defined",
        ]),
      ],
    },
  ),
  one(
    'python2.dict-view-indexing',
    'concatenated views on the failing line',
    'merged = dict(a.items() + b.items())\n',
    'merged = dict(list(a.items()) + list(b.items()))\n',
    {
      errors: [
        cellError(
          0,
          'TypeError',
          "unsupported operand type(s) for +: 'dict_items' and 'dict_items'",
          'merged = dict(a.items() + b.items())',
        ),
      ],
    },
  ),
  one(
    'python2.iterator-builtins',
    'indexed and measured map/filter/zip; iterated ones untouched',
    'first = map(int, parts)[0]\nn = len(filter(lambda x: x > 0, xs))\npairs = zip(a, b)[:3]\nfor x in map(str, xs):\n    pass\n',
    'first = list(map(int, parts))[0]\nn = len(list(filter(lambda x: x > 0, xs)))\npairs = list(zip(a, b))[:3]\nfor x in map(str, xs):\n    pass\n',
  ),
  leftAlone(
    'python2.iterator-builtins',
    'a notebook that defines its own map is left alone',
    'def map(f, xs):\n    return [f(x) for x in xs]\ny = map(g, xs)[0]\n',
  ),
  one(
    'python2.sort-cmp',
    'cmp= → key=functools.cmp_to_key(…)',
    'ranked = sorted(items, cmp=compare)\nitems.sort(cmp=lambda a, b: a - b)\n',
    'import functools\nranked = sorted(items, key=functools.cmp_to_key(compare))\nitems.sort(key=functools.cmp_to_key(lambda a, b: a - b))\n',
  ),
  one('python2.not-equal-operator', '<> → !=', 'if a <> b:\n    c = x<>y\n', 'if a != b:\n    c = x!=y\n'),
  one(
    'python2.sys-names',
    'maxint, setdefaultencoding idiom, reload',
    "import sys\nreload(sys)\nsys.setdefaultencoding('utf8')\nbest = sys.maxint\n",
    "import sys\npass  # reload(sys): not needed in Python 3\npass  # sys.setdefaultencoding('utf8'): Python 3 strings are Unicode\nbest = sys.maxsize\n",
  ),
  one(
    'python2.sys-names',
    'reload of a module → importlib.reload',
    'import helpers\nreload(helpers)\n',
    'import importlib\nimport helpers\nimportlib.reload(helpers)\n',
  ),
  one(
    'python2.next-method',
    'on the failing line',
    'header = reader.next()\nstate = machine.next()\n',
    'header = next(reader)\nstate = machine.next()\n',
    {
      errors: [
        cellError(0, 'AttributeError', "'_csv.reader' object has no attribute 'next'", 'header = reader.next()'),
      ],
    },
  ),
  one(
    'python2.tuple-parameters',
    'lambda and def tuple parameters',
    'top = sorted(d.items(), key=lambda (k, v): v, reverse=True)\ndef dist((x, y)):\n    return x * x + y * y\n',
    'top = sorted(d.items(), key=lambda k_v: k_v[1], reverse=True)\ndef dist(x_y):\n    x, y = x_y\n    return x * x + y * y\n',
  ),
  one(
    'python2.integer-division-sizes',
    'certain integers in sizes and indexes; floats and other contexts untouched',
    'for i in range(len(xs)/2):\n    pass\nmid = xs[len(xs)/2]\nhalf = df.head(df.shape[0]/2)\nratio = len(a) / 2\nm = xs[int(n * 0.5) / 2]\nf = xs[n / 2]\n',
    'for i in range(len(xs)//2):\n    pass\nmid = xs[len(xs)//2]\nhalf = df.head(df.shape[0]//2)\nratio = len(a) / 2\nm = xs[int(n * 0.5) // 2]\nf = xs[n / 2]\n',
  ),
  one(
    'python2.stdlib-modules',
    'urllib2 and urllib functions',
    'import urllib2\nimport urllib\nfrom urllib import urlencode\nhtml = urllib2.urlopen(url).read()\nurllib.urlretrieve(url, "f.csv")\n',
    'import urllib.request as urllib2\nimport urllib.request, urllib.parse\nfrom urllib.parse import urlencode\nhtml = urllib2.urlopen(url).read()\nurllib.request.urlretrieve(url, "f.csv")\n',
  ),
  one(
    'python2.string-module',
    'string.join / lower / atoi',
    "import string\ns = string.join(words, ' ')\nt = string.lower(name)\nn = string.atoi(v)\nu = string.join(words)\n",
    "import string\ns = ' '.join(words)\nt = name.lower()\nn = int(v)\nu = ' '.join(words)\n",
  ),
  one(
    'python.removed-stdlib-names',
    'time.clock, collections ABCs (import and dotted), cElementTree',
    'import time\nimport collections\nfrom collections import Iterable, OrderedDict\nimport xml.etree.cElementTree as ET\nt0 = time.clock()\nok = isinstance(x, collections.Mapping)\n',
    'import time\nimport collections.abc\nfrom collections.abc import Iterable\nfrom collections import OrderedDict\nimport xml.etree.ElementTree as ET\nt0 = time.perf_counter()\nok = isinstance(x, collections.abc.Mapping)\n',
  ),
  one(
    'python2.raise-comma',
    'raise E, V',
    'if x < 0:\n    raise ValueError, "negative: %d" % x\n',
    'if x < 0:\n    raise ValueError("negative: %d" % x)\n',
  ),
  one('python2.backticks', 'backticks are repr', 'label = "n=" + `n`\n', 'label = "n=" + repr(n)\n'),
  one('python2.ur-prefix', "ur'' without \\u", "pattern = ur'\\w+'\n", "pattern = r'\\w+'\n"),
  one(
    'python2.file-execfile',
    'file() is open()',
    "for line in file('data.txt'):\n    pass\n",
    "for line in open('data.txt'):\n    pass\n",
  ),
  one(
    'python2.tuple-parameters',
    'a parenthesized single parameter is not a tuple',
    'inc = map(lambda (x): x + 1, xs)\n',
    'inc = map(lambda x: x + 1, xs)\n',
  ),
  one(
    'python2.dict-iterators',
    'an iterator kept where one is needed',
    'it = d.iteritems()\nfirst = next(it)\n',
    'it = iter(d.items())\nfirst = next(it)\n',
  ),
  leftAlone(
    'python.removed-stdlib-names',
    'collections ABCs kept under Python 3.9',
    'from collections import Iterable\n',
    { python: '3.9.18' },
  ),
];
