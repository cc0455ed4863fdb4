// Examples for NumPy 2.0's migration guide in catalog/numpy/, beyond the pure renames of numpy.2-removed-aliases.
import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

const NUMPY2 = { packages: { numpy: '2.0.1' } };

export const NUMPY2_CASES: RuleCase[] = [
  one(
    'numpy.moved-members',
    'exceptions, submodules, trapz; dotted and imported',
    'import numpy as np\nfrom numpy import ComplexWarning, trapz\nwarnings.simplefilter("ignore", np.VisibleDeprecationWarning)\ntry:\n    s = np.sum(a, axis=3)\nexcept np.AxisError:\n    s = 0\nlo, hi = np.byte_bounds(a)\narea = np.trapz(y, x)\n',
    'import numpy as np\nfrom numpy.exceptions import ComplexWarning\nfrom numpy import trapezoid as trapz\nwarnings.simplefilter("ignore", np.exceptions.VisibleDeprecationWarning)\ntry:\n    s = np.sum(a, axis=3)\nexcept np.exceptions.AxisError:\n    s = 0\nlo, hi = np.lib.array_utils.byte_bounds(a)\narea = np.trapezoid(y, x)\n',
    NUMPY2,
  ),
  leftAlone(
    'numpy.moved-members',
    'the fallback of a compatibility try is left alone',
    'import numpy as np\ntry:\n    W = np.exceptions.ComplexWarning\nexcept AttributeError:\n    W = np.ComplexWarning\n',
    NUMPY2,
  ),
  leftAlone('numpy.moved-members', 'not under NumPy 1.24', 'import numpy as np\narea = np.trapz(y)\n'),
  one(
    'numpy.removed-members',
    'expressions and reshaped calls',
    "import numpy as np\nlo = np.NINF\nd = 1 - np.NINF\nz = [np.PZERO, np.NZERO]\nok = np.issubclass_(t, np.integer)\nv = np.safe_eval('[1]')\nm = np.in1d(a, b)\nf = np.cast['f8'](xs)\nn = np.nbytes[np.float64]\nc = np.sctype2char(np.float64)\nt = np.obj2sctype(x)\nr = np.find_common_type([np.int32, np.float32], [])\nT = np.fastCopyAndTranspose(a)\nnp.disp('x')\nrec = np.recfromcsv(path, skip_header=1)\n",
    "import ast\nimport numpy as np\nlo = -np.inf\nd = 1 - (-np.inf)\nz = [0.0, -0.0]\nok = (isinstance(t, type) and issubclass(t, np.integer))\nv = ast.literal_eval('[1]')\nm = np.isin(a, b).ravel()\nf = np.asarray(xs).astype('f8')\nn = np.dtype(np.float64).itemsize\nc = np.dtype(np.float64).char\nt = (x.dtype.type if isinstance(x, np.ndarray) else np.dtype(x).type)\nr = np.result_type(np.int32, np.float32)\nT = np.transpose(a).copy()\nprint('x')\nrec = np.genfromtxt(path, skip_header=1, delimiter=',', names=True, case_sensitive='lower', dtype=None).view(np.recarray)\n",
    NUMPY2,
  ),
  leftAlone(
    'numpy.removed-members',
    'find_common_type with scalar types and a user object with an in1d method are left alone',
    'import numpy as np\nr = np.find_common_type([np.int8], [np.float32])\nhits = index.in1d(xs)\n',
    NUMPY2,
  ),
  one(
    'numpy.lib-namespace',
    'np.lib.pad, private submodules, from-imports',
    'import numpy as np\nfrom numpy.lib.function_base import median, percentile\nfrom numpy.lib import pad\np = np.lib.pad(a, 1)\nm = np.lib.function_base.median(a)\ns = np.lib.stride_tricks.as_strided(a)\nfrom numpy.lib.stride_tricks import sliding_window_view\n',
    'import numpy as np\nfrom numpy import median, percentile\nfrom numpy import pad\np = np.pad(a, 1)\nm = np.median(a)\ns = np.lib.stride_tricks.as_strided(a)\nfrom numpy.lib.stride_tricks import sliding_window_view\n',
    NUMPY2,
  ),
  leftAlone(
    'numpy.lib-namespace',
    'np.lib.NumpyVersion, np.lib.recfunctions and private names stay',
    'import numpy as np\nv = np.lib.NumpyVersion(np.__version__)\nfrom numpy.lib import recfunctions\nx = np.lib.function_base._parse_gufunc_signature\n',
    NUMPY2,
  ),
  one(
    'numpy.array-copy-false',
    'np.array(x, copy=False) → np.asarray(x)',
    'import numpy as np\na = np.array(x, copy=False)\nb = np.array(x, dtype=float, copy=False)\n',
    'import numpy as np\na = np.asarray(x)\nb = np.asarray(x, dtype=float)\n',
    NUMPY2,
  ),
  leftAlone(
    'numpy.array-copy-false',
    'copy=True, astype(copy=False) and ndmin are left alone',
    'import numpy as np\na = np.array(x, copy=True)\nb = x.astype(int, copy=False)\nc = np.array(x, copy=False, ndmin=2)\n',
    NUMPY2,
  ),
  one(
    'numpy.tostring',
    'tostring → tobytes (NumPy 2.3)',
    'raw = arr.tostring()\nbuf = img.tostring(order="F")\n',
    'raw = arr.tobytes()\nbuf = img.tobytes(order="F")\n',
    { packages: { numpy: '2.3.1' } },
  ),
  leftAlone(
    'numpy.tostring',
    'not under NumPy 2.2, and a function called tostring stays',
    'raw = arr.tostring()\ns = tostring(x)\n',
    { packages: { numpy: '2.2.0' } },
  ),
  one(
    'numpy.ndarray-methods',
    'ptp, itemset, newbyteorder on the failing lines',
    'import numpy as np\nr = a.ptp(axis=0)\na.itemset(3, 1.0)\nb.itemset(0, 1, 2.0)\nc = a.newbyteorder("S")\nspan = s.ptp()\n',
    'import numpy as np\nr = np.ptp(a, axis=0)\na.flat[3] = 1.0\nb[0, 1] = 2.0\nc = a.view(a.dtype.newbyteorder("S"))\nspan = s.ptp()\n',
    {
      ...NUMPY2,
      errors: [
        cellError(0, 'AttributeError', "'numpy.ndarray' object has no attribute 'ptp'", 'r = a.ptp(axis=0)'),
        cellError(0, 'AttributeError', "'numpy.ndarray' object has no attribute 'itemset'", 'a.itemset(3, 1.0)'),
        cellError(0, 'AttributeError', "'numpy.ndarray' object has no attribute 'itemset'", 'b.itemset(0, 1, 2.0)'),
        cellError(
          0,
          'AttributeError',
          "'numpy.ndarray' object has no attribute 'newbyteorder'",
          'c = a.newbyteorder("S")',
        ),
      ],
    },
  ),
  one(
    'numpy.compat-module',
    'from numpy.compat import … → Python 3 names',
    'from numpy.compat import long, unicode as text, Path\n',
    'long = int\ntext = str\nfrom pathlib import Path\n',
    NUMPY2,
  ),
  leftAlone(
    'numpy.compat-module',
    'an unknown np.compat name leaves the import alone',
    'from numpy.compat import long, npy_load_module\n',
    NUMPY2,
  ),
];
