// scipy.minimize-x0-flatten in today's stack: a column-vector x0 (the Coursera-exercise idiom) fails there, and the
// rewrite prints what SciPy 1.6, which flattened x0 itself, printed for the same snippet.
import { expect } from 'vitest';
import { expectRepairedAfterError, fixAfterError } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("minimize's x0 in today's stack", (run) => {
  itToday(
    'scipy.minimize-x0-flatten: a 2-D initial theta is flattened as SciPy < 1.9 did, same optimum and 1-D result',
    async () => {
      const before = py`
        import numpy as np
        from scipy.optimize import minimize
        X = np.c_[np.ones(5), np.arange(5.0)]
        y = np.c_[[1.0, 2.9, 5.2, 7.1, 8.8]]
        def cost(theta, X, y):
            h = X.dot(theta.reshape(-1, 1))
            return float(((h - y) ** 2).sum() / (2 * y.size))
        def grad(theta, X, y):
            h = X.dot(theta.reshape(-1, 1))
            return (X.T.dot(h - y) / y.size).ravel()
        def train(X, y):
            initial_theta = np.array([[15], [15]])
            return minimize(cost, initial_theta, args=(X, y), jac=grad, method=None)
        res = train(X, y)
        print(res.x.shape, np.round(res.x, 6), round(res.fun, 8))
      `;
      // what SciPy 1.6 (Debian bullseye) printed for the unmodified snippet
      const after = await expectRepairedAfterError(
        run,
        before,
        ['scipy.minimize-x0-flatten'],
        ['ValueError', "'x0' must only have one dimension.", 'res = train(X, y)'],
        { fails: /ValueError: 'x0' must only have one dimension\./, out: '(2,) [1.04 1.98] 0.0096' },
      );
      expect(after).toContain('minimize(cost, np.ravel(initial_theta), args=(X, y)');
    },
  );

  itToday("scipy.minimize-x0-flatten: COBYLA is left alone (SciPy 1.6's res.x kept x0's column shape)", async () => {
    const before = py`
        import numpy as np
        from scipy.optimize import minimize
        def cost(theta):
            return float(((np.ravel(theta) - np.array([1.0, 2.0])) ** 2).sum())
        res = minimize(cost, np.zeros((2, 1)), method='COBYLA')
        print(res.x.shape)
      `;
    // SciPy 1.6 (Debian bullseye) printed (2, 1) here; np.ravel(x0) would print (2,) and change what res.x feeds
    expect(run(before).out).toMatch(/ValueError: 'x0' must only have one dimension\./);
    const after = await fixAfterError(
      before,
      ['scipy.minimize-x0-flatten'],
      ['ValueError', "'x0' must only have one dimension.", "res = minimize(cost, np.zeros((2, 1)), method='COBYLA')"],
    );
    expect(after).toBe(before);
    expect(run(before.replace('np.zeros((2, 1))', 'np.ravel(np.zeros((2, 1)))'))).toEqual({ ok: true, out: '(2,)' });
  });
});
