// scikit-learn's normalize=True (removed in 1.2) in today's stack: the old snippet fails there, the rewritten one runs
// and gives the coefficients of the equivalent scikit-learn's deprecation message documented (StandardScaler without
// centring, alpha times the number of samples).
import { expect, it } from 'vitest';
import { expectPrintsAsReference, fixAfterError } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

const DATA =
  'import numpy as np\nfrom sklearn.linear_model import Ridge\nrng = np.random.RandomState(0)\nX = rng.randn(50, 3) * [1.0, 10.0, 100.0] + [3.0, 0.0, -5.0]\ny = 2 * X[:, 0] + 0.3 * X[:, 1] + rng.randn(50)\n';

describeTodaySnippets("scikit-learn's linear models' normalize=True in today's stack", (run) => {
  it('sklearn.linear-model-normalize: Ridge(alpha=4, normalize=True) fits through the subclass with the coefficients of the documented equivalent pipeline', async () => {
    const line = 'model = Ridge(alpha=4, normalize=True).fit(X, y)';
    const before = `${DATA}${line}\nprint([round(float(c), 4) for c in model.coef_])\n`;
    expect(run(before).out).toMatch(/unexpected keyword argument 'normalize'/);
    const after = await fixAfterError(
      before,
      ['sklearn.linear-model-normalize'],
      ['TypeError', "Ridge.__init__() got an unexpected keyword argument 'normalize'", line],
    );
    expect(after).toContain('model = RidgeNormalized(alpha=4).fit(X, y)');
    const documented =
      `${DATA}from sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import StandardScaler\n` +
      'p = make_pipeline(StandardScaler(with_mean=False), Ridge(alpha=4 * len(X))).fit(X, y)\n' +
      'print([round(float(c), 4) for c in p[-1].coef_ / p[0].scale_])\n';
    expectPrintsAsReference(run, after, documented);
  });

  it('sklearn.linear-model-normalize: LassoCV(alphas=grid, cv=5, normalize=True) picks the alpha and fold errors of the normalized Lasso cross-validated fold by fold', async () => {
    const grid = 'grid = 10 ** np.linspace(1, -3, 20)\nfrom sklearn.linear_model import LassoCV\n';
    const line = 'cv = LassoCV(alphas=grid, cv=5, tol=1e-10, max_iter=100000, normalize=True).fit(X, y)';
    const before = `${DATA}${grid}${line}\nprint(cv.alpha_, round(float(cv.mse_path_.mean(axis=1).min()), 6))\n`;
    expect(run(before).out).toMatch(/unexpected keyword argument 'normalize'/);
    const after = await fixAfterError(
      before,
      ['sklearn.linear-model-normalize'],
      ['TypeError', "LassoCV.__init__() got an unexpected keyword argument 'normalize'", line],
    );
    expect(after).toContain('cv = LassoCVNormalized(alphas=grid, cv=5, tol=1e-10, max_iter=100000).fit(X, y)');
    // the old semantics from public API: each training fold normalized on its own, a Lasso per alpha
    const byFold =
      `${DATA}${grid}from sklearn.linear_model import Lasso\nfrom sklearn.model_selection import KFold\n` +
      'errors = []\nfor a in sorted(grid, reverse=True):\n    fold = []\n' +
      '    for tr, te in KFold(5).split(X):\n        m = X[tr].mean(axis=0)\n        n = np.sqrt(((X[tr] - m) ** 2).sum(axis=0))\n' +
      '        f = Lasso(alpha=a, tol=1e-10, max_iter=100000).fit((X[tr] - m) / n, y[tr])\n' +
      '        fold.append((((X[te] - m) / n @ f.coef_ + f.intercept_ - y[te]) ** 2).mean())\n' +
      '    errors.append((np.mean(fold), a))\nprint(min(errors)[1], round(float(min(errors)[0]), 6))\n';
    expectPrintsAsReference(run, after, byFold);
  });
});
