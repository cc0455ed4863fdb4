// Examples for catalog/more-removals.ts: SciPy's NumPy aliases, SCORERS, LogisticRegression's l1 solver,
// matplotlib's 'spectral' colormap and scatter's c=''. Each with code to leave alone and a user's own name.
import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

const SCIPY_112 = { packages: { scipy: '1.17.1' } };
const SK_13 = { packages: { 'scikit-learn': '1.9.0' } };
const NUMPY_24 = { packages: { numpy: '2.4.6' } };
const SCALAR = 'only 0-dimensional arrays can be converted to Python scalars';
const LIBLINEAR_MULTICLASS =
  "The 'liblinear' solver does not support multiclass classification (n_classes >= 3). Either use another solver or wrap the estimator in a OneVsRestClassifier to keep applying a one-versus-rest scheme.";

export const MORE_REMOVAL_CASES: RuleCase[] = [
  one(
    'scipy.numpy-aliases',
    'from scipy import interp; sp.sqrt(…) → numpy',
    'import scipy as sp\nfrom scipy import interp, stats\ny = interp(x, xp, fp)\nz = sp.sqrt(2) + sp.stats.norm.pdf(0)\n',
    'import scipy as sp\nfrom numpy import interp\nfrom scipy import stats\ny = interp(x, xp, fp)\nimport numpy.lib.scimath\nz = numpy.lib.scimath.sqrt(2) + sp.stats.norm.pdf(0)\n',
    SCIPY_112,
  ),
  one(
    'scipy.numpy-aliases',
    'with numpy imported, the dotted use is numpy.interp; submodules are left alone',
    'import numpy\nimport scipy\nmean_tpr = scipy.interp(base_fpr, fpr, tpr)\nfrom scipy import linalg\n',
    'import numpy\nimport scipy\nmean_tpr = numpy.interp(base_fpr, fpr, tpr)\nfrom scipy import linalg\n',
    SCIPY_112,
  ),
  one('scipy.numpy-aliases', 'not before SciPy 1.12', 'from scipy import interp\n', 'from scipy import interp\n', {
    packages: { scipy: '1.10.1' },
  }),
  leftAlone(
    'scipy.numpy-aliases',
    "a user's own interp (no scipy import) is left alone",
    'def interp(a, b, c):\n    return a\ny = interp(1, 2, 3)\n',
    SCIPY_112,
  ),
  one(
    'sklearn.scorers-dict',
    'sorted(SCORERS.keys()) → sorted(get_scorer_names())',
    'from sklearn.metrics import SCORERS\nprint(sorted(SCORERS.keys()))\n',
    'from sklearn.metrics import get_scorer_names\nprint(sorted(get_scorer_names()))\n',
    SK_13,
  ),
  one(
    'sklearn.scorers-dict',
    'metrics.SCORERS.keys() → metrics.get_scorer_names()',
    'from sklearn import metrics\nnames = sorted(metrics.SCORERS.keys())\n',
    'from sklearn import metrics\nnames = sorted(metrics.get_scorer_names())\n',
    SK_13,
  ),
  leftAlone(
    'sklearn.scorers-dict',
    'SCORERS[name] is left alone; a dict of the notebook named SCORERS too',
    'from sklearn import metrics\ns = metrics.SCORERS["accuracy"]\n',
    SK_13,
  ),
  leftAlone(
    'sklearn.scorers-dict',
    "a user's SCORERS dict",
    'SCORERS = {"a": 1}\nprint(sorted(SCORERS.keys()))\n',
    SK_13,
  ),
  one(
    'sklearn.logistic-l1-solver',
    "penalty='l1' without a solver gets liblinear, the old default",
    "from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(penalty='l1', C=0.1)\n",
    "from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(penalty='l1', C=0.1, solver='liblinear')\n",
  ),
  leftAlone(
    'sklearn.logistic-l1-solver',
    "a solver given, penalty='l2', elasticnet, a user's own class: left alone",
    "from sklearn.linear_model import LogisticRegression\na = LogisticRegression(penalty='l1', solver='saga')\nb = LogisticRegression(penalty='l2')\nc = LogisticRegression(penalty='elasticnet', l1_ratio=0.5)\n",
  ),
  leftAlone(
    'sklearn.logistic-l1-solver',
    "a user's own LogisticRegression",
    "class LogisticRegression:\n    def __init__(self, penalty):\n        pass\nlr = LogisticRegression(penalty='l1')\n",
  ),
  one(
    'matplotlib.spectral-colormap',
    "cmap='spectral', plt.cm.spectral, get_cmap('spectral_r')",
    "import matplotlib.pyplot as plt\nplt.scatter(x, y, c=labels, cmap='spectral')\ncolors = plt.cm.spectral(np.linspace(0, 1, 5))\nm = plt.get_cmap('spectral_r')\n",
    "import matplotlib.pyplot as plt\nplt.scatter(x, y, c=labels, cmap='nipy_spectral')\ncolors = plt.cm.nipy_spectral(np.linspace(0, 1, 5))\nm = plt.get_cmap('nipy_spectral_r')\n",
  ),
  leftAlone(
    'matplotlib.spectral-colormap',
    "'Spectral' (capitalized) is another colormap; a user's spectral variable",
    "import matplotlib.pyplot as plt\nplt.scatter(x, y, cmap='Spectral')\nspectral = 3\nprint(spectral)\n",
  ),
  one(
    'matplotlib.scatter-empty-color',
    "c='' (hollow markers) → c='none'",
    "import matplotlib.pyplot as plt\nplt.scatter(x, y, s=80, c='', edgecolors='r')\n",
    "import matplotlib.pyplot as plt\nplt.scatter(x, y, s=80, c='none', edgecolors='r')\n",
  ),
  leftAlone(
    'matplotlib.scatter-empty-color',
    'other calls and colours are left alone',
    "import matplotlib.pyplot as plt\nplt.scatter(x, y, c='r')\nf(c='')\n",
  ),
  one('scipy.numpy-aliases', 'on the ImportError', 'from scipy import interp\n', 'from numpy import interp\n', {
    ...SCIPY_112,
    errors: [
      cellError(
        0,
        'ImportError',
        "cannot import name 'interp' from 'scipy' (/usr/lib/python3/dist-packages/scipy/__init__.py)",
        'from scipy import interp',
      ),
    ],
  }),
  one(
    'sklearn.grid-normalize',
    "make_pipeline's 'linearregression__normalize' entry of a grid is removed",
    "from sklearn.model_selection import GridSearchCV\nparam_grid = {'polynomialfeatures__degree': np.arange(21),\n              'linearregression__fit_intercept': [True, False],\n              'linearregression__normalize': [True, False]}\ngrid = GridSearchCV(PolynomialRegression(), param_grid, cv=7)\n",
    "from sklearn.model_selection import GridSearchCV\nparam_grid = {'polynomialfeatures__degree': np.arange(21),\n              'linearregression__fit_intercept': [True, False]}\ngrid = GridSearchCV(PolynomialRegression(), param_grid, cv=7)\n",
    SK_13,
  ),
  one(
    'sklearn.grid-normalize',
    "'normalize' in a grid passed straight to GridSearchCV(LinearRegression(), …); the first entry keeps the rest",
    "from sklearn.linear_model import LinearRegression\nfrom sklearn.model_selection import GridSearchCV\ng = GridSearchCV(LinearRegression(), {'normalize': (True, False), 'fit_intercept': [True]})\n",
    "from sklearn.linear_model import LinearRegression\nfrom sklearn.model_selection import GridSearchCV\ng = GridSearchCV(LinearRegression(), {'fit_intercept': [True]})\n",
    SK_13,
  ),
  leftAlone(
    'sklearn.grid-normalize',
    "penalized models' grids, values that are not True/False, a user's own LinearRegression and a plain dict: left alone",
    "from sklearn.model_selection import GridSearchCV\nfrom sklearn.linear_model import Ridge\na = {'ridge__normalize': [True, False]}\nb = {'linearregression__normalize': options}\ng = GridSearchCV(Ridge(), {'normalize': [True, False]})\nsettings = {'normalize': True}\n",
    SK_13,
  ),
  leftAlone(
    'sklearn.grid-normalize',
    "a user's own LinearRegression class",
    "from sklearn.model_selection import GridSearchCV\nclass LinearRegression:\n    pass\ng = GridSearchCV(LinearRegression(), {'normalize': [True, False]})\n",
    SK_13,
  ),
  leftAlone(
    'sklearn.grid-normalize',
    'not before scikit-learn 1.2',
    "p = {'linearregression__normalize': [True, False]}\n",
    { packages: { 'scikit-learn': '1.1.3' } },
  ),
  one(
    'sklearn.adaboost-algorithm-samme',
    "algorithm='SAMME' is what AdaBoostClassifier always does now",
    "from sklearn.ensemble import AdaBoostClassifier\nada = AdaBoostClassifier(n_estimators=200, algorithm='SAMME', learning_rate=0.5)\n",
    'from sklearn.ensemble import AdaBoostClassifier\nada = AdaBoostClassifier(n_estimators=200, learning_rate=0.5)\n',
    SK_13,
  ),
  leftAlone(
    'sklearn.adaboost-algorithm-samme',
    "'SAMME.R' (other predictions), a user's own AdaBoostClassifier, other classes: left alone",
    "from sklearn.ensemble import AdaBoostClassifier\na = AdaBoostClassifier(algorithm='SAMME.R')\nb = make_model(algorithm='SAMME')\n",
    SK_13,
  ),
  leftAlone(
    'sklearn.adaboost-algorithm-samme',
    'not before scikit-learn 1.8',
    "from sklearn.ensemble import AdaBoostClassifier\na = AdaBoostClassifier(algorithm='SAMME')\n",
    { packages: { 'scikit-learn': '1.6.1' } },
  ),
  one(
    'sklearn.scaler-one-dimensional',
    'sc_y.fit_transform(y) with a 1-D y: one feature, raveled back to 1-D',
    'import numpy as np\nfrom sklearn.preprocessing import StandardScaler\nsc_x = StandardScaler()\nsc_y = StandardScaler()\nX_std = sc_x.fit_transform(X)\ny_std = sc_y.fit_transform(y)\n',
    'import numpy as np\nfrom sklearn.preprocessing import StandardScaler\nsc_x = StandardScaler()\nsc_y = StandardScaler()\nX_std = sc_x.fit_transform(X)\ny_std = sc_y.fit_transform(np.reshape(y, (-1, 1))).ravel()\n',
    {
      ...SK_13,
      errors: [cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'y_std = sc_y.fit_transform(y)')],
    },
  ),
  one(
    'sklearn.scaler-one-dimensional',
    'fit(y) through preprocessing.MinMaxScaler; numpy imported for the reshape',
    "from sklearn import preprocessing\nmm = preprocessing.MinMaxScaler()\nmm.fit(df['price'])\n",
    "import numpy as np\nfrom sklearn import preprocessing\nmm = preprocessing.MinMaxScaler()\nmm.fit(np.reshape(df['price'], (-1, 1)))\n",
    {
      ...SK_13,
      errors: [cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', "mm.fit(df['price'])")],
    },
  ),
  leftAlone(
    'sklearn.scaler-one-dimensional',
    'a name also bound to something else, a non-scaler estimator, and without the error: left alone',
    'import numpy as np\nfrom sklearn.preprocessing import StandardScaler\nfrom sklearn.decomposition import PCA\nsc = StandardScaler()\nsc = make_scaler()\nz = sc.fit_transform(y)\np = PCA()\nw = p.fit_transform(y)\n',
    {
      ...SK_13,
      errors: [
        cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'z = sc.fit_transform(y)'),
        cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'w = p.fit_transform(y)'),
      ],
    },
  ),
  leftAlone(
    'sklearn.scaler-one-dimensional',
    "a user's own StandardScaler class",
    'import numpy as np\nclass StandardScaler:\n    pass\nsc = StandardScaler()\nz = sc.fit_transform(y)\n',
    {
      ...SK_13,
      errors: [cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'z = sc.fit_transform(y)')],
    },
  ),
  one(
    'python.object-format-spec',
    "'{:^9} {} {:^25}'.format(i, train, test): str() first, as Python 2 did",
    "for iteration, data in enumerate(kf, start=1):\n    print('{:^9} {} {:^25}'.format(iteration, data[0], data[1]))\n",
    "for iteration, data in enumerate(kf, start=1):\n    print('{!s:^9} {} {!s:^25}'.format(iteration, data[0], data[1]))\n",
    {
      errors: [
        cellError(
          0,
          'TypeError',
          'unsupported format string passed to numpy.ndarray.__format__',
          "print('{:^9} {} {:^25}'.format(iteration, data[0], data[1]))",
        ),
      ],
    },
  ),
  one(
    'python.object-format-spec',
    'numbered and named fields; {{ }} escapes kept',
    "s = '{{x}} {1:>10} {0:*<6} {name:^8}'.format(a, b, name=c)\n",
    "s = '{{x}} {1!s:>10} {0!s:*<6} {name!s:^8}'.format(a, b, name=c)\n",
    {
      errors: [
        cellError(
          0,
          'TypeError',
          'unsupported format string passed to list.__format__',
          "s = '{{x}} {1:>10} {0:*<6} {name:^8}'.format(a, b, name=c)",
        ),
      ],
    },
  ),
  leftAlone(
    'python.object-format-spec',
    'typed, precision, width-only fields, literals, bools, another line and a conversion already there: left alone',
    "a = '{:.3f} {:>8.2f} {:10} {:^5} {:^5} {!r:^9}'.format(x, y, z, 'lit', u > v, w)\nb = '{:^9}'.format(arr)\n",
    {
      errors: [
        cellError(
          0,
          'TypeError',
          'unsupported format string passed to numpy.ndarray.__format__',
          "a = '{:.3f} {:>8.2f} {:10} {:^5} {:^5} {!r:^9}'.format(x, y, z, 'lit', u > v, w)",
        ),
      ],
    },
  ),
  leftAlone('python.object-format-spec', 'without the error: left alone', "print('{:^25}'.format(arr))\n"),
  one(
    'sklearn.binarize-one-sample',
    'binarize(v, threshold=0.3)[0]: v is one sample, as np.atleast_2d made it',
    'import numpy as np\nfrom sklearn.preprocessing import binarize\ny_pred_class = binarize(y_pred_prob, threshold=0.3)[0]\n',
    'import numpy as np\nfrom sklearn.preprocessing import binarize\ny_pred_class = binarize(np.reshape(y_pred_prob, (1, -1)), threshold=0.3)[0]\n',
    {
      ...SK_13,
      errors: [
        cellError(
          0,
          'ValueError',
          'Expected 2D array, got 1D array instead:',
          'y_pred_class = binarize(y_pred_prob, threshold=0.3)[0]',
        ),
      ],
    },
  ),
  leftAlone(
    'sklearn.binarize-one-sample',
    'without [0], a user-defined binarize, and without the error: left alone',
    'from sklearn.preprocessing import binarize\nb = binarize(v, threshold=0.3)\n',
    {
      ...SK_13,
      errors: [
        cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'b = binarize(v, threshold=0.3)'),
      ],
    },
  ),
  leftAlone(
    'sklearn.binarize-one-sample',
    "a user's own binarize",
    'def binarize(v, threshold):\n    return [v > threshold]\nb = binarize(v, threshold=0.3)[0]\n',
    {
      ...SK_13,
      errors: [
        cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'b = binarize(v, threshold=0.3)[0]'),
      ],
    },
  ),
  one(
    'ipython.set-matplotlib-formats',
    "the notebook's own import moves to matplotlib_inline; display stays",
    "from IPython.display import set_matplotlib_formats, display\nset_matplotlib_formats('pdf', 'png')\n",
    "from matplotlib_inline.backend_inline import set_matplotlib_formats\nfrom IPython.display import display\nset_matplotlib_formats('pdf', 'png')\n",
    {
      errors: [
        cellError(
          0,
          'ImportError',
          "cannot import name 'set_matplotlib_formats' from 'IPython.display' (/usr/lib/python3/dist-packages/IPython/display.py)",
          'from IPython.display import set_matplotlib_formats, display',
        ),
      ],
    },
  ),
  one(
    'ipython.set-matplotlib-formats',
    'imported by a helper module: the cell puts the function back for it, the helper is untouched',
    'from preamble import *\n%matplotlib inline\n',
    'import IPython.display, matplotlib_inline.backend_inline; IPython.display.set_matplotlib_formats = matplotlib_inline.backend_inline.set_matplotlib_formats  # IPython moved it to matplotlib_inline\nfrom preamble import *\n%matplotlib inline\n',
    {
      errors: [
        cellError(
          0,
          'ImportError',
          "cannot import name 'set_matplotlib_formats' from 'IPython.display' (/usr/lib/python3/dist-packages/IPython/display.py)",
          null,
          [
            'Cell In[1], line 1\n----> 1 from preamble import *',
            'File /w/input/preamble.py:1\n----> 1 from IPython.display import set_matplotlib_formats, display',
            "ImportError: cannot import name 'set_matplotlib_formats' from 'IPython.display'",
          ],
        ),
      ],
    },
  ),
  leftAlone(
    'ipython.set-matplotlib-formats',
    'an error whose last frame is the cell (nothing of ours to move): left alone',
    'from preamble import *\n',
    {
      errors: [
        cellError(
          0,
          'ImportError',
          "cannot import name 'set_matplotlib_formats' from 'IPython.display' (/usr/lib/python3/dist-packages/IPython/display.py)",
          'from preamble import *',
          ['Cell In[1], line 1\n----> 1 from preamble import *'],
        ),
      ],
    },
  ),
  one(
    'sklearn.ransac-residual-metric',
    'the absolute-error metric is the default loss: dropped',
    'import numpy as np\nfrom sklearn.linear_model import RANSACRegressor, LinearRegression\nransac = RANSACRegressor(LinearRegression(),\n                         max_trials=100,\n                         residual_metric=lambda x: np.sum(np.abs(x), axis=1),\n                         residual_threshold=5.0)\n',
    'import numpy as np\nfrom sklearn.linear_model import RANSACRegressor, LinearRegression\nransac = RANSACRegressor(LinearRegression(),\n                         max_trials=100,\n                         residual_threshold=5.0)\n',
    SK_13,
  ),
  one(
    'sklearn.ransac-residual-metric',
    "the squared metric → loss='squared_error'",
    'import numpy as np\nfrom sklearn.linear_model import RANSACRegressor\nr = RANSACRegressor(residual_metric=lambda d: np.sum(d ** 2, axis=1))\n',
    "import numpy as np\nfrom sklearn.linear_model import RANSACRegressor\nr = RANSACRegressor(loss='squared_error')\n",
    SK_13,
  ),
  leftAlone(
    'sklearn.ransac-residual-metric',
    "another metric, a loss given too, a user's own RANSACRegressor: left alone",
    "import numpy as np\nfrom sklearn.linear_model import RANSACRegressor\na = RANSACRegressor(residual_metric=lambda d: np.max(np.abs(d), axis=1))\nb = RANSACRegressor(loss='squared_error', residual_metric=lambda d: np.sum(np.abs(d), axis=1))\n",
    SK_13,
  ),
  leftAlone(
    'sklearn.ransac-residual-metric',
    "a user's own RANSACRegressor class",
    'import numpy as np\nclass RANSACRegressor:\n    def __init__(self, residual_metric):\n        pass\nr = RANSACRegressor(residual_metric=lambda x: np.sum(np.abs(x), axis=1))\n',
    SK_13,
  ),
  one(
    'numpy.array-to-scalar',
    "'%.3f' % a and float(a) of a one-element array on the failing line",
    "import numpy as np\nprint('Intercept: %.3f, %s' % (lr.intercept_, name))\nw = float(lr.coef_[0])\n",
    "import numpy as np\nprint('Intercept: %.3f, %s' % (np.asarray(lr.intercept_).item(), name))\nw = float(lr.coef_[0])\n",
    {
      ...NUMPY_24,
      errors: [cellError(0, 'TypeError', SCALAR, "print('Intercept: %.3f, %s' % (lr.intercept_, name))")],
    },
  ),
  leftAlone(
    'numpy.array-to-scalar',
    'a user-defined float() and literals are left alone',
    "import numpy as np\ndef float(v):\n    return v\nx = float(a) + int('3')\n",
    { ...NUMPY_24, errors: [cellError(0, 'TypeError', SCALAR, "x = float(a) + int('3')")] },
  ),
  {
    rule: 'sklearn.liblinear-multiclass-ovr',
    name: 'the liblinear model is wrapped one-vs-rest, its coef_ read from the per-class models',
    before: [
      "import numpy as np\nfrom sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(penalty='l1', solver='liblinear')\nlr.fit(X, y)\nprint(lr.coef_.shape)\n",
    ],
    after: [
      "import numpy as np\nfrom sklearn.linear_model import LogisticRegression\nfrom sklearn.multiclass import OneVsRestClassifier\nlr = OneVsRestClassifier(LogisticRegression(penalty='l1', solver='liblinear'))\nlr.fit(X, y)\nprint(np.vstack([e.coef_ for e in lr.estimators_]).shape)\n",
    ],
    options: { ...SK_13, errors: [cellError(0, 'ValueError', LIBLINEAR_MULTICLASS, 'lr.fit(X, y)')] },
  },
  {
    rule: 'sklearn.liblinear-multiclass-ovr',
    name: 'a name also bound to something else keeps its coef_; an lbfgs model is not wrapped',
    before: [
      'from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(C=1.0)\nlr.fit(X, y)\n',
      'lr = make_model()\nprint(lr.coef_)\n',
    ],
    after: [
      'from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(C=1.0)\nlr.fit(X, y)\n',
      'lr = make_model()\nprint(lr.coef_)\n',
    ],
    options: {
      ...SK_13,
      errors: [
        cellError(0, 'ValueError', LIBLINEAR_MULTICLASS, 'lr.fit(X, y)'),
        cellError(1, 'AttributeError', "'OneVsRestClassifier' object has no attribute 'coef_'", 'print(lr.coef_)'),
      ],
    },
  },
  one(
    'sklearn.renamed-functions',
    'six.StringIO from sklearn.externals is io.StringIO (today six is often not installed)',
    'from sklearn.externals.six import StringIO\nfrom sklearn.externals.six.moves import urllib\nbuf = StringIO()\n',
    'from io import StringIO\nfrom six.moves import urllib\nbuf = StringIO()\n',
    SK_13,
  ),
  {
    rule: 'sklearn.renamed-classes',
    name: "missing_values='NaN' before the cell that imports numpy: float('nan'), not an unbound np.nan",
    before: [
      "from sklearn.preprocessing import Imputer\nimp = Imputer(missing_values='NaN', strategy='mean', axis=0)\n",
      'import numpy as np\n',
    ],
    after: [
      "from sklearn.impute import SimpleImputer as Imputer\nimp = Imputer(missing_values=float('nan'), strategy='mean')\n",
      'import numpy as np\n',
    ],
    options: SK_13,
  },
  {
    rule: 'numpy.array-to-scalar',
    name: 'numpy imported only in a later cell: the failing cell imports it itself, under the same name',
    before: ["print('%.2f' % score)\n", 'import numpy as np\n'],
    after: ["import numpy as np\nprint('%.2f' % np.asarray(score).item())\n", 'import numpy as np\n'],
    options: { ...NUMPY_24, errors: [cellError(0, 'TypeError', SCALAR, "print('%.2f' % score)")] },
  },
  {
    rule: 'python2.list-valued-variables',
    name: 'a name reassigned step by step inside a function of another cell: the assignment that reaches len()',
    before: [
      "def clean(ticket):\n    ticket = ticket.split()\n    ticket = map(lambda t: t.strip(), ticket)\n    ticket = filter(lambda t: not t.isdigit(), ticket)\n    if len(ticket) > 0:\n        return ticket[0]\n    return 'XXX'\n",
      "codes = [clean(t) for t in ['A/5 21171', '113803']]\n",
    ],
    after: [
      "def clean(ticket):\n    ticket = ticket.split()\n    ticket = map(lambda t: t.strip(), ticket)\n    ticket = list(filter(lambda t: not t.isdigit(), ticket))\n    if len(ticket) > 0:\n        return ticket[0]\n    return 'XXX'\n",
      "codes = [clean(t) for t in ['A/5 21171', '113803']]\n",
    ],
    options: {
      errors: [
        cellError(
          1,
          'TypeError',
          "object of type 'filter' has no len()",
          "codes = [clean(t) for t in ['A/5 21171', '113803']]",
          [
            'TypeError                                 Traceback (most recent call last)',
            "Cell In[7], line 1\n----> 1 codes = [clean(t) for t in ['A/5 21171', '113803']]",
            'Cell In[6], line 5, in clean(ticket)\n      3 ticket = map(lambda t: t.strip(), ticket)\n      4 ticket = filter(lambda t: not t.isdigit(), ticket)\n----> 5 if len(ticket) > 0:\n      6     return ticket[0]',
            "TypeError: object of type 'filter' has no len()",
          ],
        ),
      ],
    },
  },
  leftAlone(
    'python2.list-valued-variables',
    'the last binding before the use is in a branch: left alone',
    'ts = filter(f, xs)\nif flag:\n    ts = g(xs)\nprint(len(ts))\n',
    { errors: [cellError(0, 'TypeError', "object of type 'filter' has no len()", 'print(len(ts))')] },
  ),
  {
    rule: 'sklearn.scaler-one-dimensional',
    name: 'inverse_transform of 1-D predictions by a scaler fitted on one column: that column, 1-D out',
    before: [
      'import numpy as np\nfrom sklearn.preprocessing import StandardScaler\nsc_y = StandardScaler()\ny_std = sc_y.fit_transform(np.reshape(y, (-1, 1))).ravel()\n',
      'prices = sc_y.inverse_transform(lr.predict(X_test))\n',
    ],
    after: [
      'import numpy as np\nfrom sklearn.preprocessing import StandardScaler\nsc_y = StandardScaler()\ny_std = sc_y.fit_transform(np.reshape(y, (-1, 1))).ravel()\n',
      'prices = sc_y.inverse_transform(np.reshape(lr.predict(X_test), (-1, 1))).ravel()\n',
    ],
    options: {
      ...SK_13,
      errors: [
        cellError(
          1,
          'ValueError',
          'Expected 2D array, got 1D array instead:',
          'prices = sc_y.inverse_transform(lr.predict(X_test))',
        ),
      ],
    },
  },
  {
    rule: 'sklearn.one-dimensional-x',
    name: 'a scaler fitted on a variable of unknown shape: transform of a 1-D list stays one sample',
    before: [
      'from sklearn.preprocessing import StandardScaler\nsc_x = StandardScaler()\nX_std = sc_x.fit_transform(X)\n',
      'v = sc_x.transform([5.0, 6.0])\n',
    ],
    after: [
      'from sklearn.preprocessing import StandardScaler\nsc_x = StandardScaler()\nX_std = sc_x.fit_transform(X)\n',
      'v = sc_x.transform([[5.0, 6.0]])\n',
    ],
    options: {
      ...SK_13,
      errors: [
        cellError(1, 'ValueError', 'Expected 2D array, got 1D array instead:', 'v = sc_x.transform([5.0, 6.0])'),
      ],
    },
  },
];
