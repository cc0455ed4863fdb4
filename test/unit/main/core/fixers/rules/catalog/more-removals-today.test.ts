// The removals added to catalog/{scipy,sklearn,matplotlib,python,ipython}/, numpy/ and pandas/ after corpus2's
// today's-stack run, checked in today's stack (Python 3.14, NumPy 2.4, scikit-learn 1.9): the old snippet fails there,
// the rewritten one runs and prints what the old code computed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  cellError,
  expectPrintsAsReference,
  fix,
  fixAfterError,
  TODAY_ENVIRONMENT as TODAY,
  expectRepairedAfterError,
} from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("more removals run in today's stack", (run) => {
  it('series[:, np.newaxis] becomes the array pandas 1.x returned for it', async () => {
    const before =
      "import numpy as np, pandas as pd\ndf = pd.DataFrame({'SalePrice': [3.0, 1.0, 2.0]})\ncol = df['SalePrice'][:, np.newaxis]\nprint(type(col).__name__, col.shape, col.ravel().tolist())\n";
    expect(run(before).out).toMatch(/Multi-dimensional indexing \(e\.g\. `obj\[:, None\]`\) is no longer supported/);
    const error = cellError(
      0,
      'ValueError',
      'Multi-dimensional indexing (e.g. `obj[:, None]`) is no longer supported. Convert to a numpy array before indexing instead.',
      "col = df['SalePrice'][:, np.newaxis]",
    );
    const after = await fix(before, ['pandas.series-multidim-indexing'], { ...TODAY, errors: [error] });
    expect(after).toContain("df['SalePrice'].to_numpy()[:, np.newaxis]");
    expect(run(after)).toEqual({ ok: true, out: 'ndarray (3, 1) [3.0, 1.0, 2.0]' });
  });

  it('10**c over np.arange(-3, 3) computes the float powers NumPy < 1.12 gave its integer scalars', async () => {
    const before =
      'import numpy as np\nparams = []\nfor c in np.arange(-3, 3):\n    params.append(10**c)\nprint([float(p) for p in params])\n';
    // Python's own 10**-3 is the float the author's NumPy returned for np.int64 exponents
    const after = await expectRepairedAfterError(
      run,
      before,
      ['numpy.integer-negative-power'],
      ['ValueError', 'Integers to negative integer powers are not allowed.', 'params.append(10**c)'],
      { fails: /Integers to negative integer powers are not allowed/, out: '[0.001, 0.01, 0.1, 1.0, 10.0, 100.0]' },
    );
    expect(after).toContain('10.0**c');
  });

  it("a grid without 'linearregression__normalize' finds the same best score", async () => {
    const setup =
      'import numpy as np\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import PolynomialFeatures\nfrom sklearn.linear_model import LinearRegression\nfrom sklearn.model_selection import GridSearchCV\nrng = np.random.RandomState(1)\nX = rng.rand(40, 1) * 3\ny = np.sin(X).ravel() + rng.randn(40) * 0.1\n';
    const grid =
      "param_grid = {'polynomialfeatures__degree': np.arange(1, 6),\n              'linearregression__fit_intercept': [True, False],\n              'linearregression__normalize': [True, False]}\n";
    const search =
      'grid = GridSearchCV(make_pipeline(PolynomialFeatures(), LinearRegression()), param_grid, cv=4).fit(X, y)\nprint(round(grid.best_score_, 8), grid.best_params_["polynomialfeatures__degree"])\n';
    expect(run(setup + grid + search).out).toMatch(/Invalid parameter 'normalize' for estimator LinearRegression/);
    const after = await fix(setup + grid + search, ['sklearn.grid-normalize'], TODAY);
    expect(after).not.toContain('normalize');
    // normalize=True, as scikit-learn 1.0's deprecation message says to reproduce it (a StandardScaler(with_mean=False)
    // step), scores the same as no scaling: the search without the entry finds the old best score
    const scaled = search.replace(
      'make_pipeline(PolynomialFeatures(), LinearRegression())',
      'make_pipeline(PolynomialFeatures(), StandardScaler(with_mean=False), LinearRegression())',
    );
    expectPrintsAsReference(
      run,
      after,
      `${setup}from sklearn.preprocessing import StandardScaler\n${grid.replace(",\n              'linearregression__normalize': [True, False]", '')}${scaled}`,
    );
  });

  it("AdaBoostClassifier(algorithm='SAMME') fits as today's only algorithm", async () => {
    const setup =
      'from sklearn.datasets import make_classification\nfrom sklearn.ensemble import AdaBoostClassifier\nX, y = make_classification(n_samples=200, random_state=0)\n';
    const before = `${setup}print(AdaBoostClassifier(n_estimators=20, algorithm='SAMME', random_state=0).fit(X, y).score(X, y))\n`;
    expect(run(before).out).toMatch(/unexpected keyword argument 'algorithm'/);
    const after = await fix(before, ['sklearn.adaboost-algorithm-samme'], TODAY);
    const result = run(after);
    expect(result.ok).toBe(true);
    expect(result).toEqual(
      run(`${setup}print(AdaBoostClassifier(n_estimators=20, random_state=0).fit(X, y).score(X, y))\n`),
    );
  });

  it('sc_y.fit_transform(y) with a 1-D y is the 1-D standardized vector the old scaler returned', async () => {
    const before =
      'import numpy as np\nfrom sklearn.preprocessing import StandardScaler\ny = np.array([1.0, 2.0, 4.0, 9.0])\nsc_y = StandardScaler()\ny_std = sc_y.fit_transform(y)\nprint(y_std.shape, [round(float(v), 6) for v in y_std])\n';
    expect(run(before).out).toMatch(/Expected 2D array, got 1D array instead/);
    const after = await fixAfterError(
      before,
      ['sklearn.scaler-one-dimensional'],
      ['ValueError', 'Expected 2D array, got 1D array instead:', 'y_std = sc_y.fit_transform(y)'],
    );
    // what 0.17's scaler computed on the 1-D array: (y - mean) / std, same shape
    expectPrintsAsReference(
      run,
      after,
      'import numpy as np\ny = np.array([1.0, 2.0, 4.0, 9.0])\ny_std = (y - y.mean()) / y.std()\nprint(y_std.shape, [round(float(v), 6) for v in y_std])\n',
    );
  });

  it("'{:^25}'.format(ndarray) prints str(array) centred, as Python 2's object.__format__ did", async () => {
    const before =
      "import numpy as np\nfor i, (tr, te) in enumerate([(np.arange(5, 10), np.arange(5))], start=1):\n    print('{:^9} {} {:^25}|'.format(i, tr, te))\n";
    const line = "print('{:^9} {} {:^25}|'.format(i, tr, te))";
    expect(run(before).out).toMatch(/unsupported format string passed to numpy.ndarray.__format__/);
    const after = await fixAfterError(
      before,
      ['python.object-format-spec'],
      ['TypeError', 'unsupported format string passed to numpy.ndarray.__format__', line],
    );
    // Python 2: format(str(obj), spec) for objects without their own __format__; ints format the same either way
    const expected = run(
      "import numpy as np\nprint('{:^9} {} {:^25}|'.format(str(1), np.arange(5, 10), str(np.arange(5))))\n",
    );
    expect(expected).toEqual({ ok: true, out: '1     [5 6 7 8 9]        [0 1 2 3 4]       |' });
    expect(run(after)).toEqual(expected);
  });

  it('a helper module importing set_matplotlib_formats from IPython.display imports it after the shim', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nbrevive-preamble-'));
    writeFileSync(
      path.join(dir, 'preamble.py'),
      "from IPython.display import set_matplotlib_formats, display\nset_matplotlib_formats('png')\nOK = 'preamble ran'\n",
    );
    const before = `import sys; sys.path.insert(0, ${JSON.stringify(dir)})\nfrom preamble import *\nprint(OK)\n`;
    expect(run(before).out).toMatch(/cannot import name 'set_matplotlib_formats' from 'IPython.display'/);
    const error = cellError(
      0,
      'ImportError',
      "cannot import name 'set_matplotlib_formats' from 'IPython.display'",
      null,
      [
        'Cell In[1], line 2\n----> 2 from preamble import *',
        `File ${dir}/preamble.py:1\n----> 1 from IPython.display import set_matplotlib_formats, display`,
      ],
    );
    const after = await fix(before, ['ipython.set-matplotlib-formats'], { ...TODAY, errors: [error] });
    expect(run(after)).toEqual({ ok: true, out: 'preamble ran' });
  });

  it("RANSACRegressor's residual_metric np.sum(np.abs(x), axis=1) is today's default loss: the same inliers", async () => {
    const setup =
      'import numpy as np\nfrom sklearn.linear_model import RANSACRegressor, LinearRegression\nrng = np.random.RandomState(0)\nX = rng.rand(60, 1) * 10\ny = 3 * X.ravel() + rng.randn(60)\ny[:8] += 30\n';
    const before = `${setup}ransac = RANSACRegressor(LinearRegression(), min_samples=20, residual_metric=lambda x: np.sum(np.abs(x), axis=1), residual_threshold=2.0, random_state=0)\nransac.fit(X, y)\nprint(int(ransac.inlier_mask_.sum()), round(float(ransac.estimator_.coef_[0]), 6))\n`;
    expect(run(before).out).toMatch(/unexpected keyword argument 'residual_metric'/);
    const after = await fix(before, ['sklearn.ransac-residual-metric'], TODAY);
    expect(after).not.toContain('residual_metric');
    // the old metric itself, applied to the (n, 1) residuals y_pred - y as 0.18 did, passed as a callable loss
    expectPrintsAsReference(
      run,
      after,
      before.replace(
        'residual_metric=lambda x: np.sum(np.abs(x), axis=1)',
        'loss=lambda y_true, y_pred: (lambda x: np.sum(np.abs(x), axis=1))((y_pred - y_true).reshape(-1, 1))',
      ),
    );
  });

  it('set_axis / .cat.set_categories with inplace=True: the rebound result is what the in-place call left', async () => {
    const before =
      "import pandas as pd\ndf = pd.DataFrame({'x': [1, 2], 'size': pd.Categorical(['S', 'L'])})\ndf.set_axis(['a', 'size'], axis=1, inplace=True)\ndf['size'].cat.set_categories(['S', 'M', 'L'], inplace=True)\nprint(list(df.columns), list(df['size'].cat.categories))\n";
    expect(run(before).out).toMatch(/unexpected keyword argument 'inplace'/);
    const after = await fix(before, ['pandas.inplace-removed'], TODAY);
    expect(run(after)).toEqual({ ok: true, out: "['a', 'size'] ['S', 'M', 'L']" });
  });
});
