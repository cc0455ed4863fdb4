// corpus12 (issue 18, held-out Kaggle notebooks): the 2018 Elite Data Science seaborn tour on the Pokemon stats
// (swarmplot(split=True), violinplot(…, size=10)) fails in today's seaborn; the rewrites draw what seaborn 0.9–0.12
// drew: the same points in the same places, the same violins. A 2019 churn notebook plots a grid search's
// mean_train_score, which scikit-learn computes by default no more; its Ames twin imputes pandas 2's bool dummies.
import { expect, it } from 'vitest';
import { cellError, expectRepairedToday, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

const SEABORN = { packages: { ...TODAY.packages, seaborn: '0.13.2' } };
const FRAME = [
  'import matplotlib',
  'matplotlib.use("Agg")',
  'import pandas as pd, seaborn as sns',
  "df = pd.DataFrame({'t': ['a', 'b'] * 6, 'v': [3, 5, 3, 6, 4, 5, 3, 7, 4, 6, 3, 5], 'h': ['u'] * 6 + ['w'] * 6})",
];

describeTodaySnippets("corpus12 mechanisms, in today's stack", (run) => {
  it('seaborn.strip-swarm-dodge: swarmplot(split=True) draws each hue level apart (dodge=True)', async () => {
    const before = [
      ...FRAME,
      "ax = sns.swarmplot(x='t', y='v', hue='h', data=df, split=True)",
      'xs = sorted({round(float(x), 1) for c in ax.collections for x in c.get_offsets()[:, 0]})',
      'print(len(xs) > 2, min(xs) < 0, max(xs) > 1)',
      '',
    ].join('\n');
    // dodged: the two hue levels sit left and right of each category's center, so x spreads past 0 and 1
    const after = await expectRepairedToday(
      run,
      before,
      ['seaborn.strip-swarm-dodge'],
      { fails: /PathCollection\.set\(\) got an unexpected keyword argument 'split'/, out: 'True True True' },
      SEABORN,
    );
    expect(after).toContain("hue='h', data=df, dodge=True)");
  });

  it('seaborn.violinplot-ignored-kwargs: violinplot(…, size=10) draws the violins seaborn 0.12 drew', async () => {
    const before = [
      ...FRAME,
      "ax = sns.violinplot(x='t', y='v', data=df, inner=None, size=10)",
      'print(len(ax.collections))',
      '',
    ].join('\n');
    const error = "FillBetweenPolyCollection.set() got an unexpected keyword argument 'size'";
    const after = await expectRepairedToday(
      run,
      before,
      ['seaborn.violinplot-ignored-kwargs'],
      { fails: /FillBetweenPolyCollection\.set\(\) got an unexpected keyword argument 'size'/, out: '2' },
      { ...SEABORN, errors: [cellError(0, 'AttributeError', error)] },
    );
    expect(after).toContain("sns.violinplot(x='t', y='v', data=df, inner=None)");
  });

  it("sklearn.return-train-score: a grid search's mean_train_score is computed again (return_train_score=True)", async () => {
    const before = [
      'from sklearn.datasets import load_iris',
      'from sklearn.linear_model import LogisticRegression',
      'from sklearn.model_selection import GridSearchCV',
      'X, y = load_iris(return_X_y=True)',
      "grid = GridSearchCV(LogisticRegression(max_iter=1000), {'C': [0.01, 1.0]}, cv=3)",
      'grid.fit(X, y)',
      "train = grid.cv_results_['mean_train_score']",
      'print(len(train), bool(train[1] > train[0]), grid.best_params_)',
      '',
    ].join('\n');
    // the training-fold means of both candidates; the search itself (best_params_) is the one it was
    const after = await expectRepairedToday(
      run,
      before,
      ['sklearn.return-train-score'],
      { fails: /KeyError: 'mean_train_score'/, out: "2 True {'C': 1.0}" },
      { errors: [cellError(0, 'KeyError', "'mean_train_score'")] },
    );
    expect(after).toContain("{'C': [0.01, 1.0]}, cv=3, return_train_score=True)");
  });

  it('pandas.get-dummies-dtype: SimpleImputer gets the uint8 dummies pandas 1 made, not bool', async () => {
    const before = [
      'import numpy as np, pandas as pd',
      'from sklearn.impute import SimpleImputer',
      'from sklearn.linear_model import LinearRegression',
      'from sklearn.model_selection import cross_val_score',
      'from sklearn.pipeline import make_pipeline',
      "df = pd.DataFrame({'zone': list('ABCAB' * 4), 'price': [float(v) for v in range(20)]})",
      "X = pd.get_dummies(df[['zone']])",
      "pipe = make_pipeline(SimpleImputer(strategy='most_frequent'), LinearRegression())",
      "print(round(float(np.mean(cross_val_score(pipe, X, df['price'], cv=5, scoring='r2'))), 6))",
      '',
    ].join('\n');
    // -41.81551: the mean R² pandas 1.5's uint8 dummies give (bookworm's stack prints the same)
    const error = 'All the 5 fits failed. ValueError: SimpleImputer does not support data with dtype bool.';
    const after = await expectRepairedToday(
      run,
      before,
      ['pandas.get-dummies-dtype'],
      { fails: /SimpleImputer does not support data with dtype bool/, out: '-41.81551' },
      { errors: [cellError(0, 'ValueError', error)] },
    );
    expect(after).toContain("pd.get_dummies(df[['zone']], dtype='uint8')");
  });

  it("sklearn.ridge-coef-shape: a one-column target's Ridge coef_ is the (1, n_features) row again", async () => {
    const before = [
      'import numpy as np, pandas as pd',
      'from sklearn.linear_model import Ridge',
      "df = pd.DataFrame({'a': [1.0, 2, 3, 4, 5, 6], 'b': [2.0, 1, 4, 3, 6, 5], 'y': [3.0, 3.5, 7, 7.5, 11, 11.5]})",
      "ridge = Ridge(alpha=1.0).fit(df[['a', 'b']], df[['y']])",
      'coef = ridge.coef_',
      'coef = np.abs(coef)',
      'print([round(float(coef[0][i]), 3) for i in np.argsort(coef)[0]])',
      '',
    ].join('\n');
    // [0.782, 1.157]: what scikit-learn 1.2's (1, 2) coef_ prints in bookworm's stack
    const line = 'print([round(float(coef[0][i]), 3) for i in np.argsort(coef)[0]])';
    const after = await expectRepairedToday(
      run,
      before,
      ['sklearn.ridge-coef-shape'],
      { fails: /'numpy\.int64' object is not iterable/, out: '[0.782, 1.157]' },
      { errors: [{ ...cellError(0, 'TypeError', "'numpy.int64' object is not iterable"), line }] },
    );
    expect(after).toContain('coef = np.atleast_2d(ridge.coef_)');
  });

  it("sklearn.ridge-coef-shape: a two-class RidgeClassifier's coef_[0] is the row, without an error", async () => {
    const before = [
      'import numpy as np',
      'from sklearn.linear_model import RidgeClassifier',
      'X = np.array([[1.0, 2], [2, 1], [3, 4], [4, 3], [5, 6], [6, 5]])',
      'clf = RidgeClassifier().fit(X, [0, 0, 0, 1, 1, 1])',
      'print(np.argsort(clf.coef_[0]), clf.coef_.shape)',
      '',
    ].join('\n');
    // bookworm's scikit-learn 1.2 prints the sorted row and its (1, 2) shape; today's 1-D coef_ prints [0] (2,)
    const after = await expectRepairedToday(
      run,
      before,
      ['sklearn.ridge-coef-shape'],
      { fails: /^\[0\] \(2,\)$/m, out: '[1 0] (1, 2)' },
      {
        created: '2017-05-01',
      },
    );
    expect(after).toContain('np.argsort(np.atleast_2d(clf.coef_)[0]), np.atleast_2d(clf.coef_).shape');
  });
});
