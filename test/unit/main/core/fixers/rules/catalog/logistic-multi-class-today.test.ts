// scikit-learn 1.8 removed LogisticRegression(multi_class=…): in today's stack the old call fails, and without the
// keyword the model predicts what the multinomial / 'auto' model predicted.
import { expect, it } from 'vitest';
import { expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("LogisticRegression(multi_class=…) in today's stack", (run) => {
  it('multinomial on iris: the same score as scikit-learn 1.2 gave the multinomial model (0.98)', async () => {
    const before =
      "from sklearn.datasets import load_iris\nfrom sklearn.linear_model import LogisticRegression\nX, y = load_iris(return_X_y=True)\nsoftmax = LogisticRegression(multi_class='multinomial', solver='lbfgs', C=10, max_iter=1000)\nprint(round(softmax.fit(X, y).score(X, y), 3))\n";
    const after = await expectRepairedToday(run, before, ['sklearn.logistic-multi-class'], {
      fails: /unexpected keyword argument 'multi_class'/,
      out: '0.98',
    });
    expect(after).toContain("LogisticRegression(solver='lbfgs', C=10, max_iter=1000)");
  });
});
