// Rules written for the held-out Kaggle kernels of corpus10 (issue 18), in today's stack: each old snippet fails there
// as the kernel failed, and after the rule it runs and prints what the old stack printed.
import { expect } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("corpus10 mechanisms, in today's stack", (run) => {
  itToday('python2.mixed-tabs-indentation: a function body indented with spaces and tabs', async () => {
    const before =
      'def log(xs):\n    out = []\n    for x in xs:\n\t\tout.append(x * 2)\n\n    return out\nprint(log([1, 2, 3]))\n';
    expect(run(before).out).toMatch(/TabError: inconsistent use of tabs and spaces in indentation/);
    const errors = [cellError(0, 'TabError', 'inconsistent use of tabs and spaces in indentation')];
    const after = await fix(before, ['python2.mixed-tabs-indentation'], { ...TODAY, errors });
    expect(after).toContain('                out.append(x * 2)');
    // Python 2 read the tabs as 16 columns: the append is inside the loop
    expect(run(after)).toEqual({ ok: true, out: '[2, 4, 6]' });
  });
  itToday('sklearn.gradient-boosting-loss: the user guide example scores each stage with clf.loss_', async () => {
    const before = py`
      import numpy as np
      from sklearn import ensemble
      rng = np.random.RandomState(0)
      X = rng.rand(200, 3)
      y = X @ [1.0, 2.0, 3.0] + rng.rand(200)
      params = {'n_estimators': 20, 'max_depth': 2, 'learning_rate': 0.1, 'loss': 'ls'}
      clf = ensemble.GradientBoostingRegressor(**params)
      clf.fit(X[:150], y[:150])
      scores = np.zeros(20)
      for i, y_pred in enumerate(clf.staged_predict(X[150:])):
          scores[i] = clf.loss_(y[150:], y_pred)
      last = clf.predict(X[150:])
      print(bool(np.isclose(scores[-1], np.mean((y[150:] - last) ** 2))))
    `;
    // scikit-learn 1.9 refuses loss='ls' first; the renamed value is the one-line rule already in the catalog
    const modern = before.replace("'loss': 'ls'", "'loss': 'squared_error'");
    expect(run(modern).out).toMatch(/'GradientBoostingRegressor' object has no attribute 'loss_'/);
    const after = await fix(modern, ['sklearn.gradient-boosting-loss'], TODAY);
    expect(after).toContain('scores[i] = metrics.mean_squared_error(y[150:], y_pred)');
    expect(run(after)).toEqual({ ok: true, out: 'True' });
  });
  itToday('seaborn.keyword-only-data: a positional vector beside hue= is the x of the count plot', async () => {
    const before = py`
      import matplotlib
      matplotlib.use("Agg")
      import pandas as pd, seaborn as sns
      train = pd.DataFrame({'Pclass': [1, 2, 3, 3, 3, 2, 1, 3], 'Survived': [1, 0, 0, 1, 0, 1, 1, 0]})
      ax = sns.countplot(train['Pclass'], hue=train['Survived'])
      print(sorted(int(p.get_height()) for p in ax.patches if p.get_height() > 0))
      print(sorted(pd.crosstab(train['Pclass'], train['Survived']).values.ravel().tolist()))
    `;
    expect(run(before).out).toMatch(/cannot be assigned with wide-form data: `hue`/);
    const errors = [cellError(0, 'ValueError', 'The following variable cannot be assigned with wide-form data: `hue`')];
    const after = await fix(before, ['seaborn.keyword-only-data'], { ...TODAY, errors });
    expect(after).toContain("sns.countplot(x=train['Pclass'], hue=train['Survived'])");
    expect(run(after)).toEqual({ ok: true, out: '[1, 1, 1, 2, 3]\n[0, 1, 1, 1, 2, 3]' });
  });
  itToday("pandas.value-counts-names: counts made a frame and reset later keep pandas 1's 'index' column", async () => {
    const before = py`
      import pandas as pd
      train_df = pd.DataFrame({'FamilySize': [1, 2, 1, 3, 1, 2], 'Survived': [0, 1, 0, 1, 1, 1]})
      freq = train_df['FamilySize'].value_counts().to_frame(name='Frequency')
      freq = freq.reset_index()
      rank = train_df.groupby(['FamilySize'], as_index=False)['Survived'].mean()
      out = rank.merge(freq, left_on='FamilySize', right_on='index').drop('index', axis=1)
      print(out.values.tolist())
    `;
    expect(run(before).out).toMatch(/KeyError: 'index'/);
    const errors = [cellError(0, 'KeyError', "'index'")];
    const after = await fix(before, ['pandas.value-counts-names'], { ...TODAY, errors });
    expect(after).toContain("value_counts().rename_axis(None).to_frame(name='Frequency')");
    expect(run(after)).toEqual({ ok: true, out: '[[1.0, 0.3333333333333333, 3.0], [2.0, 1.0, 2.0], [3.0, 1.0, 1.0]]' });
  });
});
