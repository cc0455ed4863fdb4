import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

export const NUMPY_CASES: RuleCase[] = [
  one(
    'numpy.builtin-type-aliases',
    'np.float/np.int/np.bool in dtypes and calls',
    'import numpy as np\ny = y[order].astype(np.float)\nmask = np.zeros(3, dtype=np.bool)\nn = np.int(x)\n',
    'import numpy as np\ny = y[order].astype(float)\nmask = np.zeros(3, dtype=bool)\nn = int(x)\n',
  ),
  one(
    'numpy.builtin-type-aliases',
    'any alias of numpy; np.float64 untouched',
    'import numpy\nimport numpy as N\na = numpy.float(1) + N.object\nb = numpy.float64(2)\n',
    'import numpy\nimport numpy as N\na = float(1) + object\nb = numpy.float64(2)\n',
  ),
  leftAlone(
    'numpy.builtin-type-aliases',
    'not applied when the environment has numpy 1.23',
    'import numpy as np\nx = np.float(1)\n',
    { packages: { numpy: '1.23.5' } },
  ),
  one(
    'numpy.builtin-type-aliases',
    'applied from the error even when the cell does not import numpy',
    'x = np.float(1)\n',
    'x = float(1)\n',
    { errors: [cellError(0, 'AttributeError', "module 'numpy' has no attribute 'float'.")] },
  ),
  one(
    'numpy.asscalar',
    'asscalar(a) → a.item()',
    'import numpy as np\nv = np.asscalar(a[0] + 1)\n',
    'import numpy as np\nv = (a[0] + 1).item()\n',
  ),
  one('numpy.rank', 'rank → ndim', 'import numpy as np\nd = np.rank(a)\n', 'import numpy as np\nd = np.ndim(a)\n'),
  one(
    'numpy.histogram-normed',
    'normed → density',
    'import numpy as np\nh, e = np.histogram(x, bins=10, normed=True)\n',
    'import numpy as np\nh, e = np.histogram(x, bins=10, density=True)\n',
  ),
  one(
    'numpy.warnings-module',
    'np.warnings → warnings',
    'import numpy as np\nnp.warnings.filterwarnings("ignore")\n',
    'import warnings\nimport numpy as np\nwarnings.filterwarnings("ignore")\n',
  ),
  one(
    'numpy.printoptions-threshold-nan',
    'threshold=np.nan → sys.maxsize',
    'import numpy as np\nnp.set_printoptions(threshold=np.nan)\n',
    'import sys\nimport numpy as np\nnp.set_printoptions(threshold=sys.maxsize)\n',
  ),
  one(
    'numpy.2-removed-aliases',
    'NumPy 2 only',
    'import numpy as np\nx = np.NaN\ny = np.float_(1)\nz = np.product(a)\n',
    'import numpy as np\nx = np.nan\ny = np.float64(1)\nz = np.prod(a)\n',
    { packages: { numpy: '2.0.1' } },
  ),
  leftAlone('numpy.2-removed-aliases', 'not under numpy 1.24', 'import numpy as np\nx = np.NaN\n'),
  one(
    'numpy.2-removed-aliases',
    'sized aliases (NumPy 2)',
    'import numpy as np\nm = x.astype(np.bool8)\ni = np.int0(3)\n',
    'import numpy as np\nm = x.astype(np.bool_)\ni = np.intp(3)\n',
    { packages: { numpy: '2.0.1' } },
  ),
  one(
    'numpy.ragged-array-dtype',
    'dtype=object on the failing line',
    'import numpy as np\nseqs = np.array(token_lists)\nok = np.array(xs)\n',
    'import numpy as np\nseqs = np.array(token_lists, dtype=object)\nok = np.array(xs)\n',
    {
      errors: [
        cellError(
          0,
          'ValueError',
          'setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The detected shape was (3,) + inhomogeneous part.',
          'seqs = np.array(token_lists)',
        ),
      ],
    },
  ),
  one(
    'numpy.removed-functions',
    'alen, loads, typeDict (NumPy 1.24); msort and math kept',
    'import numpy as np\nn = np.alen(xs)\nobj = np.loads(blob)\nt = np.typeDict["f8"]\ns = np.msort(a)\nr = np.math.sqrt(2)\n',
    'import pickle\nimport numpy as np\nn = len(xs)\nobj = pickle.loads(blob)\nt = np.sctypeDict["f8"]\ns = np.msort(a)\nr = np.math.sqrt(2)\n',
  ),
  one(
    'numpy.removed-functions',
    'msort, asfarray, np.math (NumPy 2)',
    'import numpy as np\ns = np.msort(a)\nf = np.asfarray(xs)\nr = np.math.sqrt(2) * np.math.pi\n',
    'import math\nimport numpy as np\ns = np.sort(a, axis=0)\nf = np.asarray(xs, dtype=np.float64)\nr = math.sqrt(2) * math.pi\n',
    { packages: { numpy: '2.0.1' } },
  ),
  {
    rule: 'numpy.integer-negative-power',
    name: '10**c over np.arange(-5, 5): every integer power of the loop variable becomes a float power',
    before: [
      'import numpy as np\nweights, params = [], []\nfor c in np.arange(-5, 5):\n    lr = LogisticRegression(C=10**c, random_state=0)\n    params.append(10**c)\n    k = 2**c\nplt.xlim([10**(-5), 10**5])\n',
    ],
    after: [
      'import numpy as np\nweights, params = [], []\nfor c in np.arange(-5, 5):\n    lr = LogisticRegression(C=10.0**c, random_state=0)\n    params.append(10.0**c)\n    k = 2.0**c\nplt.xlim([10**(-5), 10**5])\n',
    ],
    options: {
      errors: [
        cellError(
          0,
          'ValueError',
          'Integers to negative integer powers are not allowed.',
          'lr = LogisticRegression(C=10**c, random_state=0)',
        ),
      ],
    },
  },
  one(
    'numpy.integer-negative-power',
    'in a comprehension over np.arange',
    'import numpy as np\ncs = [10**k for k in np.arange(-3, 3)]\n',
    'import numpy as np\ncs = [10.0**k for k in np.arange(-3, 3)]\n',
    {
      errors: [
        cellError(
          0,
          'ValueError',
          'Integers to negative integer powers are not allowed.',
          'cs = [10**k for k in np.arange(-3, 3)]',
        ),
      ],
    },
  ),
  leftAlone(
    'numpy.integer-negative-power',
    'an array exponent (old result: zeros), a range() loop, a user-defined c: left alone',
    'import numpy as np\ncs = 10**np.arange(-3, 3)\nfor c in range(-3, 3):\n    x = 10**c\nfor c in exponents:\n    y = 10**c\n',
    { errors: [cellError(0, 'ValueError', 'Integers to negative integer powers are not allowed.', null)] },
  ),
  leftAlone(
    'numpy.integer-negative-power',
    'without the error: left alone',
    'import numpy as np\nfor c in np.arange(-5, 5):\n    C = 10**c\n',
  ),
  leftAlone(
    'numpy.integer-negative-power',
    "a loop variable rebound inside a function is the function's own",
    'import numpy as np\nfor c in np.arange(-5, 5):\n    def f(c):\n        return 10**c\n',
    { errors: [cellError(0, 'ValueError', 'Integers to negative integer powers are not allowed.', null)] },
  ),
];
