// A 2017 Kaggle kernel's XGBRegressor: early stopping passed to fit() through a name, and the same model name reused by
// a grid search without an eval set. In today's stack the old fit fails; after the rewrite the early-stopped fit and
// the grid search both run (the grid search's constructor got no early stopping, which would need an eval set).
import { expect, it } from 'vitest';
import { fixCells, cellSource, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("xgboost fit(early_stopping_rounds=…) in today's stack", (run) => {
  it('xgboost.fit-early-stopping: each fit keyword moves to the constructor that fit trains, a named rounds value as its literal', async () => {
    const cells = [
      'import numpy as np\nimport xgboost as xgb\nfrom sklearn.model_selection import GridSearchCV\nrng = np.random.RandomState(0)\nX = rng.rand(200, 4)\ny = X[:, 0] * 3 + rng.rand(200)\nx_train, y_train, x_val, y_val = X[:150], y[:150], X[150:], y[150:]\nmodel = xgb.XGBRegressor(n_estimators=500, learning_rate=0.3, random_state=42)\nearly_stopping_rounds = 10\nmodel.fit(x_train, y_train, early_stopping_rounds=early_stopping_rounds, eval_metric="rmse", eval_set=[(x_val, y_val)], verbose=False)\n',
      'model = xgb.XGBRegressor(n_estimators=50, random_state=42)\ngsearch = GridSearchCV(estimator=model, param_grid={"max_depth": [2, 3]}, cv=3)\ngsearch.fit(x_train, y_train)\n',
    ];
    const print = '\nprint(first < 499, sorted(gsearch.best_params_))';
    const source = (c: string[]) => `${c[0]}first = model.best_iteration\n${c[1]}${print}`;
    expect(run(source(cells)).out).toMatch(/got an unexpected keyword argument 'early_stopping_rounds'/);
    const result = await fixCells(cells, ['xgboost.fit-early-stopping'], { ...TODAY, packages: { xgboost: '3.3.0' } });
    const fixed = [cellSource(result, 0), cellSource(result, 1)];
    expect(fixed[0]).toContain('random_state=42, early_stopping_rounds=10, eval_metric="rmse")');
    expect(fixed[1]).toContain('xgb.XGBRegressor(n_estimators=50, random_state=42)\n');
    expect(run(source(fixed))).toEqual({ ok: true, out: "True ['max_depth']" });
  });
});
