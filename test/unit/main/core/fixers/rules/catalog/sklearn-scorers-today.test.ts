// scikit-learn's scorer API in today's stack: make_scorer's needs_proba (1.6) builds a scorer that scores nan without
// an error, SCORERS (1.3) and cross_val_score's fit_params (1.6) fail; the rewritten snippets print what
// scikit-learn 1.2 printed.
import { expect, it } from 'vitest';
import { fix, fixAfterError, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

const DATA = py`
  import numpy as np
  from sklearn.datasets import make_classification
  from sklearn.linear_model import LogisticRegression
  from sklearn.model_selection import cross_val_score
  Xb, yb = make_classification(n_samples=120, n_features=6, random_state=0)`;

describeTodaySnippets("scikit-learn's scorer API in today's stack", (run) => {
  it('make_scorer(needs_proba=True) scores AUC again instead of nan', async () => {
    const before = [
      DATA,
      'from sklearn.metrics import make_scorer, roc_auc_score',
      'sc = make_scorer(roc_auc_score, needs_proba=True)',
      'print(cross_val_score(LogisticRegression(max_iter=1000), Xb, yb, cv=3, scoring=sc).round(4).tolist())',
      '',
    ].join('\n');
    // no error today: every fold's score fails inside the metric and becomes nan
    expect(run(before)).toEqual({ ok: true, out: '[nan, nan, nan]' });
    const after = await fix(before, ['sklearn.make-scorer-response-method'], TODAY);
    // scikit-learn 1.2.1 printed: [0.995, 0.955, 0.9375]
    expect(run(after)).toEqual({ ok: true, out: '[0.995, 0.955, 0.9375]' });
  });

  it('SCORERS read by name and cross_val_score(fit_params=…) run as in 1.2', async () => {
    const lines = [
      'from sklearn.metrics import SCORERS',
      "print('accuracy' in SCORERS, SCORERS['accuracy'](LogisticRegression(max_iter=1000).fit(Xb, yb), Xb, yb))",
      "print(cross_val_score(LogisticRegression(max_iter=1000), Xb, yb, cv=3, fit_params={'sample_weight': np.ones(len(yb))}).round(4).tolist())",
    ];
    const before = `${DATA}\n${lines.join('\n')}\n`;
    expect(run(before).out).toMatch(/cannot import name 'SCORERS'/);
    const after = await fixAfterError(
      before,
      ['sklearn.scorers-dict', 'sklearn.renamed-keywords'],
      ['ImportError', "cannot import name 'SCORERS' from 'sklearn.metrics'", lines[0]],
    );
    const accuracy = run(`${DATA}\nprint(LogisticRegression(max_iter=1000).fit(Xb, yb).score(Xb, yb))`).out;
    // scikit-learn 1.2.1 printed the training accuracy and [0.95, 0.875, 0.95]
    expect(run(after)).toEqual({ ok: true, out: `True ${accuracy}\n[0.95, 0.875, 0.95]` });
  });
});
