// calibrate.sklearn-lars-normalize in today's stack: Lars, LassoLars and OrthogonalMatchingPursuit of before 1.2 fit X
// as it is there (normalize=False is today's only behaviour) and score otherwise; the rewrite fits them through the
// normalizing subclass and prints what scikit-learn 0.23, whose default was normalize=True, printed.
import { expect } from 'vitest';
import { expectCalibratedToday } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("the Lars family's normalize default in today's stack", (run) => {
  itToday(
    "calibrate.sklearn-lars-normalize: the scores and LassoLars' features of the old default normalize=True",
    async () => {
      const before = py`
        import numpy as np
        from sklearn.linear_model import Lars, LassoLars, OrthogonalMatchingPursuit
        rng = np.random.RandomState(0)
        X = rng.randn(60, 8) * np.array([1, 10, 100, 1, 5, 2, 3, 0.5]) + 3
        y = X @ np.array([1.0, 0.2, 0.01, -2.0, 0.0, 0.5, 0.0, 3.0]) + rng.randn(60)
        lars = Lars(n_nonzero_coefs=4).fit(X, y)
        lasso = LassoLars(alpha=0.05).fit(X, y)
        omp = OrthogonalMatchingPursuit(n_nonzero_coefs=3).fit(X, y)
        print(round(lars.score(X, y), 6), round(lasso.score(X, y), 6), round(omp.score(X, y), 6), np.flatnonzero(lasso.coef_).tolist())
      `;
      const after = await expectCalibratedToday(run, before, ['calibrate.sklearn-lars-normalize'], {
        created: '2018-04-01',
        // today's fit of X as it is: other scores and all eight features in the lasso
        today: '0.45553 0.922412 0.426768 [0, 1, 2, 3, 4, 5, 6, 7]',
        // what scikit-learn 0.23.2 printed for the same snippet
        old: '0.643383 0.86407 0.772516 [0, 1, 2, 3, 5, 7]',
      });
      expect(after).toContain('class LassoLarsNormalized(LassoLars):');
    },
  );
});
