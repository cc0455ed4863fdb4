// scikit-learn 1.8 removed LogisticRegression(multi_class=…): an lbfgs model written with multi_class='ovr' fails in
// today's stack, and dropping the keyword would fit the multinomial model instead. Wrapped in OneVsRestClassifier it
// prints what scikit-learn 0.23 and 1.2 printed for the old one-vs-rest model (checked in both: 0.9533 (3, 4) (3,)
// 0.8527 -0.179), where the multinomial model scores 0.9733.
import { expect, it } from 'vitest';
import { expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("LogisticRegression(multi_class='ovr', solver='lbfgs') in today's stack", (run) => {
  it("one-vs-rest on iris: the old model's score, coefficient shapes, probabilities and coefficients", async () => {
    const before =
      'from sklearn.datasets import load_iris\nfrom sklearn.linear_model import LogisticRegression\n' +
      'X, y = load_iris(return_X_y=True)\n' +
      "lr = LogisticRegression(C=1.0, solver='lbfgs', multi_class='ovr', max_iter=1000).fit(X, y)\n" +
      'print(round(lr.score(X, y), 4), lr.coef_.shape, lr.intercept_.shape, ' +
      'round(lr.predict_proba(X[100:101])[0][2], 4), round(lr.coef_[1][0], 3))\n';
    const after = await expectRepairedToday(run, before, ['sklearn.logistic-ovr-solver'], {
      fails: /unexpected keyword argument 'multi_class'/,
      out: '0.9533 (3, 4) (3,) 0.8527 -0.179',
    });
    expect(after).toContain("OneVsRestClassifier(LogisticRegression(C=1.0, solver='lbfgs', max_iter=1000)).fit(X, y)");
  });

  it('dropping the keyword instead would fit the multinomial model: another score', () => {
    const dropped =
      'from sklearn.datasets import load_iris\nfrom sklearn.linear_model import LogisticRegression\n' +
      'X, y = load_iris(return_X_y=True)\n' +
      "print(round(LogisticRegression(C=1.0, solver='lbfgs', max_iter=1000).fit(X, y).score(X, y), 4))\n";
    expect(run(dropped)).toEqual({ ok: true, out: '0.9733' });
  });
});
