// Mechanisms of corpus16 (held-out 2016–2019 book, article and tutorial notebooks, measured before these rules were
// written): Susan Li's diabetes notebook (2017) labels the ticks of a coefficient plot with 8 feature names for 9
// ticks (range(diabetes.shape[1]) still counts the target column), which matplotlib before 3.5 drew with the ninth
// tick blank and 3.5 refuses. The Analytics Vidhya ridge/lasso article (2016) builds Lasso(…, max_iter=1e6): a float
// that the coordinate descent solver took as one million iterations until scikit-learn 1.2's parameter validation.
// Practical Machine Learning with Python (2017) one-hot encodes new students and adds the dummy columns they lack at
// the end, so predict gets the columns in another order than fit: read by position before scikit-learn 1.0, an error
// since 1.2.
import { expect, it } from 'vitest';
import { cellError, expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("corpus16's mechanisms in today's stack", (run) => {
  it('matplotlib.xticks-extra-labels: fewer labels than ticks are padded with blank labels, as FixedFormatter drew them', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import matplotlib.pyplot as plt
      names = ['Pregnancies', 'Glucose', 'BMI']
      fig = plt.figure()
      plt.plot([0.5, -0.2, 1.0, 0.1, 0.3], 'o')
      plt.xticks(range(5), names, rotation=90)
      fig.canvas.draw()
      print([t.get_text() for t in plt.gca().get_xticklabels()])
    `;
    const errors = [
      cellError(
        0,
        'ValueError',
        'The number of FixedLocator locations (5), usually from a call to set_ticks, does not match the number of labels (3).',
        'plt.xticks(range(5), names, rotation=90)',
      ),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['matplotlib.xticks-extra-labels'],
      {
        fails:
          /The number of FixedLocator locations \(5\), usually from a call to set_ticks, does not match the number of labels \(3\)/,
        out: "['Pregnancies', 'Glucose', 'BMI', '', '']",
      },
      { errors },
    );
    expect(after).toContain("(list(names) + [''] * len(range(5)))[:len(range(5))]");
  });

  it('sklearn.integral-float-params: Lasso(max_iter=1e5) fits as Lasso(max_iter=100000)', async () => {
    const before = py`
      import numpy as np
      from sklearn.linear_model import Lasso
      rng = np.random.RandomState(0)
      X = rng.rand(60, 4)
      y = X @ [1.0, -2.0, 0.0, 0.5] + 0.05 * rng.randn(60)
      def lasso_regression(alpha):
          return Lasso(alpha=alpha, max_iter=1e5).fit(X, y)
      print(np.round(lasso_regression(0.001).coef_, 4).tolist())
    `;
    const errors = [
      cellError(
        0,
        'InvalidParameterError',
        "The 'max_iter' parameter of Lasso must be an int in the range [1, inf) or None. Got 100000.0 instead.",
        'print(np.round(lasso_regression(0.001).coef_, 4).tolist())',
      ),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['sklearn.integral-float-params'],
      {
        fails:
          /InvalidParameterError: The 'max_iter' parameter of Lasso must be an int in the range \[1, inf\) or None\. Got 100000\.0 instead\./,
        out: '[1.0216, -1.9845, -0.0067, 0.4524]',
      },
      { errors },
    );
    expect(after).toContain('Lasso(alpha=alpha, max_iter=100000)');
  });

  it('sklearn.feature-names-order: a frame with its columns in another order is read by position, as before 1.0', async () => {
    const before = py`
      import numpy as np
      import pandas as pd
      from sklearn.linear_model import LogisticRegression
      train = pd.DataFrame({'score': [0.9, 0.7, -1.8, 0.4, -1.5, 1.2], 'grade_A': [1, 0, 0, 0, 0, 1], 'grade_F': [0, 0, 1, 0, 1, 0]})
      model = LogisticRegression().fit(train, ['Yes', 'Yes', 'No', 'No', 'No', 'Yes'])
      new = pd.DataFrame({'score': [-1.1, 0.5], 'grade_F': [1, 0]})
      new['grade_A'] = [0, 1]
      proba = model.predict_proba(new)[:, 1]
      print(np.round(proba, 3).tolist())
    `;
    const errors = [
      cellError(
        0,
        'ValueError',
        'The feature names should match those that were passed during fit.\nFeature names must be in the same order as they were in fit.\n',
        'proba = model.predict_proba(new)[:, 1]',
      ),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['sklearn.feature-names-order'],
      {
        fails: /ValueError: The feature names should match those that were passed during fit/,
        // the columns by position (score, grade_F, grade_A): what check_array made of the frame before 1.0; by name
        // the probabilities would be [0.197, 0.682]
        out: '[0.33, 0.516]',
      },
      { errors, created: '2017-12-20' },
    );
    expect(after).toContain('model.predict_proba(np.asarray(new))[:, 1]');
  });
});
