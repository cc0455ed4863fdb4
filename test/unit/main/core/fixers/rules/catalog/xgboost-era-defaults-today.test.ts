// The xgboost calibration rules in today's stack (xgboost 3.3) against bookworm's (xgboost 1.7.4, before 2.0): a 2019
// notebook's XGBClassifier/XGBRegressor with the pins of both rules gives in xgboost 3.3 exactly the probabilities
// and predictions that bookworm's 1.7.4 gives with the 1.0 pins alone (its tree method and base_score were still
// the old ones); unpinned, today's differ. max_depth=3 / learning_rate=0.1 are the 0.x wrapper's signature defaults.
// The same for xgb.train with a params dict (calibrate.xgboost-train-params).
import { expect } from 'vitest';
import { fix, snippetRunner, TODAY_ENVIRONMENT } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { TEST_PYTHON } from '../../../../../../helpers/python';
import { py } from '../../../../../../helpers/python-source';

const RULES = ['calibrate.xgboost-depth-and-learning-rate', 'calibrate.xgboost-tree-method-and-base-score'];
const SNIPPET = py`
  import xgboost as xgb
  from sklearn.datasets import make_classification, make_regression
  X, y = make_classification(n_samples=400, n_features=8, n_informative=5, n_classes=3, random_state=2)
  Xr, yr = make_regression(n_samples=400, n_features=8, noise=10, random_state=3)
  clf = xgb.XGBClassifier()
  clf.fit(X[:300], y[:300])
  reg = xgb.XGBRegressor(n_estimators=50)
  reg.fit(Xr[:300], yr[:300])
  print((clf.predict(X[300:]) == y[300:]).mean(), clf.predict_proba(X[300:302]).round(5).tolist(), reg.predict(Xr[300:303]).round(3).tolist())
`;

describeTodaySnippets("xgboost's era defaults in today's stack", (run) => {
  itToday('pinned in xgboost 3.3, a 2019 notebook computes what xgboost 1.7.4 computed', async () => {
    const options = { created: '2019-09-23' };
    const today = await fix(SNIPPET, RULES, {
      ...options,
      ...TODAY_ENVIRONMENT,
      packages: { ...TODAY_ENVIRONMENT.packages, xgboost: '3.3.0' },
    });
    expect(today).toContain(
      "clf = xgb.XGBClassifier(max_depth=3, learning_rate=0.1, tree_method='exact', base_score=0.5)",
    );
    const bookworm = await fix(SNIPPET, RULES, { ...options, packages: { xgboost: '1.7.4' } });
    expect(bookworm).toContain('clf = xgb.XGBClassifier(max_depth=3, learning_rate=0.1)\n');
    const old = snippetRunner(TEST_PYTHON)(bookworm);
    // bookworm's stack without xgboost: nothing to compare with
    if (!old.ok && /No module named 'xgboost'/.test(old.out)) return;
    expect(old.ok).toBe(true);
    const pinned = run(today);
    expect(pinned).toEqual(old);
    expect(run(SNIPPET).out).not.toBe(old.out);
  });
});

const TRAIN = py`
  import xgboost as xgb
  from sklearn.datasets import make_classification
  X, y = make_classification(n_samples=400, n_features=8, n_informative=5, random_state=1)
  params = {'objective': 'binary:logistic', 'eta': 0.1, 'max_depth': 4}
  bst = xgb.train(params, xgb.DMatrix(X[:300], label=y[:300]), num_boost_round=30)
  print(bst.predict(xgb.DMatrix(X[300:305])).round(5).tolist())
`;

describeTodaySnippets("xgb.train's era defaults in today's stack", (run) => {
  itToday('pinned in xgboost 3.3, a 2019 params dict trains the booster xgboost 1.7.4 trained', async () => {
    const today = await fix(TRAIN, ['calibrate.xgboost-train-params'], {
      created: '2019-09-23',
      ...TODAY_ENVIRONMENT,
      packages: { ...TODAY_ENVIRONMENT.packages, xgboost: '3.3.0' },
    });
    expect(today).toContain("'max_depth': 4, 'tree_method': 'exact', 'base_score': 0.5}");
    const old = snippetRunner(TEST_PYTHON)(TRAIN);
    // bookworm's stack without xgboost: nothing to compare with
    if (!old.ok && /No module named 'xgboost'/.test(old.out)) return;
    expect(old.ok).toBe(true);
    expect(run(today)).toEqual(old);
    expect(run(TRAIN).out).not.toBe(old.out);
  });
});
