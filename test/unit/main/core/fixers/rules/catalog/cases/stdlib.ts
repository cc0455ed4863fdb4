// Before → after examples of catalog/python/ (Python 3.11–3.14 removals) and of the old call protocols in
// catalog/sklearn/.
import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

const PY314 = { python: '3.14.0' };

export const STDLIB_CASES: RuleCase[] = [
  one(
    'python.removed-stdlib-3-12',
    'locale.format → format_string',
    "import locale\nlocale.setlocale(locale.LC_ALL, '')\nprint(locale.format('%.2f', x, True))\n",
    "import locale\nlocale.setlocale(locale.LC_ALL, '')\nprint(locale.format_string('%.2f', x, True))\n",
    PY314,
  ),
  one(
    'python.distutils-version',
    'LooseVersion and StrictVersion',
    'from distutils.version import LooseVersion, StrictVersion\n',
    'from packaging.version import Version as LooseVersion, Version as StrictVersion\n',
    PY314,
  ),
  one(
    'python.unittest-aliases',
    'assertEquals in a TestCase',
    'import unittest\nclass T(unittest.TestCase):\n    def test_sum(self):\n        self.assertEquals(sum([1, 2]), 3)\n',
    'import unittest\nclass T(unittest.TestCase):\n    def test_sum(self):\n        self.assertEqual(sum([1, 2]), 3)\n',
    PY314,
  ),
  one(
    'python.configparser-readfp',
    'readfp on the failing line',
    "config.readfp(open('setup.cfg'))\n",
    "config.read_file(open('setup.cfg'))\n",
    {
      ...PY314,
      errors: [
        cellError(
          0,
          'AttributeError',
          "'ConfigParser' object has no attribute 'readfp'",
          "config.readfp(open('setup.cfg'))",
        ),
      ],
    },
  ),
  one(
    'python.random-sample-set',
    'a set population',
    'import random\nseeds = random.sample(set(ids), 5)\n',
    'import random\nseeds = random.sample(tuple(set(ids)), 5)\n',
    {
      errors: [
        cellError(
          0,
          'TypeError',
          'Population must be a sequence.  For dicts or sets, use sorted(d).',
          'seeds = random.sample(set(ids), 5)',
        ),
      ],
    },
  ),
];

export const PROTOCOL_CASES: RuleCase[] = [
  // issue 18: a 1-D X given to predict alone was one sample (np.atleast_2d) until 0.19
  one(
    'sklearn.one-dimensional-x',
    'predict([3, 5, 4, 2]) → one sample [[3, 5, 4, 2]]',
    'print(model.predict([3, 5, 4, 2]))\n',
    'print(model.predict([[3, 5, 4, 2]]))\n',
    {
      errors: [
        cellError(
          0,
          'ValueError',
          'Expected 2D array, got 1D array instead:\narray=[3 5 4 2].',
          'print(model.predict([3, 5, 4, 2]))',
        ),
      ],
    },
  ),
  one(
    'sklearn.one-dimensional-x',
    "predict_proba(x) → np.reshape(x, (1, -1)) with the notebook's own numpy name",
    'import numpy\np = model.predict_proba(x_new)\n',
    'import numpy\np = model.predict_proba(numpy.reshape(x_new, (1, -1)))\n',
    {
      errors: [
        cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'p = model.predict_proba(x_new)'),
      ],
    },
  ),
  one(
    'sklearn.one-dimensional-x',
    'numpy not imported: the import is added; np taken by a variable: numpy by its full name',
    'np = 3\np2 = model.predict(x_new)\n',
    'import numpy\nnp = 3\np2 = model.predict(numpy.reshape(x_new, (1, -1)))\n',
    { errors: [cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'p2 = model.predict(x_new)')] },
  ),
  leftAlone(
    'sklearn.one-dimensional-x',
    'two candidate calls on the failing line: left alone',
    'd = model.predict(a) - model.predict(b)\n',
    {
      errors: [
        cellError(
          0,
          'ValueError',
          'Expected 2D array, got 1D array instead:',
          'd = model.predict(a) - model.predict(b)',
        ),
      ],
    },
  ),
  one(
    'sklearn.one-dimensional-x',
    'other lines are left alone',
    'import numpy as np\na = model.predict(x)\nb = model.predict(z)\n',
    'import numpy as np\na = model.predict(x)\nb = model.predict(np.reshape(z, (1, -1)))\n',
    { errors: [cellError(0, 'ValueError', 'Expected 2D array, got 1D array instead:', 'b = model.predict(z)')] },
  ),
  one(
    'sklearn.estimator-transform-selection',
    "a fitted forest's feature selection",
    'from sklearn.ensemble import ExtraTreesClassifier\nclf = ExtraTreesClassifier()\nclf = clf.fit(X, y)\nX_new = clf.transform(X)\n',
    'from sklearn.feature_selection import SelectFromModel\nfrom sklearn.ensemble import ExtraTreesClassifier\nclf = ExtraTreesClassifier()\nclf = clf.fit(X, y)\nX_new = SelectFromModel(clf, prefit=True).transform(X)\n',
  ),
  one(
    'sklearn.one-dimensional-x',
    'one column selected by its label',
    "reg.fit(train['GrLivArea'], train['SalePrice'])\n",
    "reg.fit(train[['GrLivArea']], train['SalePrice'])\n",
    {
      errors: [
        cellError(
          0,
          'ValueError',
          'Expected 2D array, got 1D array instead:',
          "reg.fit(train['GrLivArea'], train['SalePrice'])",
        ),
      ],
    },
  ),
];
