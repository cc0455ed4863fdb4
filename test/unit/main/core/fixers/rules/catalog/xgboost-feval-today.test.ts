// xgboost.feval-custom-metric in today's stack (xgboost 3.3): xgb.train(feval=…) fails there; renamed custom_metric
// it runs, and with a built-in objective the metric gets probabilities, what feval got before xgboost 1.2
// (Booster.predict()); bookworm's 1.7.4 handed feval the margins, whose sigmoid they are.
import { expect } from 'vitest';
import { fix, snippetRunner, TODAY_ENVIRONMENT } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { TEST_PYTHON } from '../../../../../../helpers/python';
import { py } from '../../../../../../helpers/python-source';

const SNIPPET = py`
  import numpy as np
  import xgboost as xgb
  X = np.random.RandomState(0).rand(80, 3)
  y = (X[:, 0] > .5).astype(int)
  dtrain = xgb.DMatrix(X, label=y)
  seen = []
  def pmin(preds, d):
      seen.append(float(preds.min()))
      return 'pmin', float(preds.min())
  bst = xgb.train({'objective': 'binary:logistic', 'max_depth': 2}, dtrain, 3, evals=[(dtrain, 't')], verbose_eval=False, feval=pmin)
  print([round(v, 4) for v in seen])
`;

describeTodaySnippets("xgb.train's feval in today's stack", (run) => {
  itToday('xgboost.feval-custom-metric: the metric runs on the probabilities a 2017 notebook saw', async () => {
    expect(run(SNIPPET).out).toMatch(/unexpected keyword argument 'feval'/);
    const after = await fix(SNIPPET, ['xgboost.feval-custom-metric'], {
      created: '2017-10-01',
      ...TODAY_ENVIRONMENT,
      packages: { ...TODAY_ENVIRONMENT.packages, xgboost: '3.3.0' },
    });
    expect(after).toContain('verbose_eval=False, custom_metric=pmin)');
    const today = run(after);
    expect(today.ok).toBe(true);
    const probabilities = JSON.parse(today.out) as number[];
    for (const p of probabilities) expect(p).toBeGreaterThan(0);
    const old = snippetRunner(TEST_PYTHON)(SNIPPET);
    // bookworm's stack without xgboost: nothing to compare with
    if (!old.ok && /No module named 'xgboost'/.test(old.out)) return;
    const margins = JSON.parse(old.out) as number[];
    expect(probabilities).toEqual(margins.map((m) => expect.closeTo(1 / (1 + Math.exp(-m)), 3)));
  });
});
