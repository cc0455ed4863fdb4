// Mechanisms of corpus23 (held-out 2016–2019 blog-post and small-project notebooks on classic datasets, measured
// before these rules were written): a 2016 credit-scoring post (Python 2) imports ml_metrics, Ben Hamner's Kaggle
// metrics package, for the AUC in its ROC plot legend; the package is missing from today's stack, the import stops
// the cell that defines the plotting helper and both cells that call it fail.
import { expect, it } from 'vitest';
import { cellError, expectPrintsAsReference, expectRepairedToday, fix, TODAY_ENVIRONMENT } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("corpus23's mechanisms in today's stack", (run) => {
  it("environment.ml-metrics-functions: ml_metrics.auc and rmse print the package's values (tied ranks averaged)", async () => {
    const before = py`
      import numpy as np
      import ml_metrics
      y = np.array([0, 1, 1, 0, 1, 0, 1])
      p = np.array([0.1, 0.4, 0.4, 0.35, 0.8, 0.4, 0.2])
      print(ml_metrics.auc(y, p), ml_metrics.rmse([1, 2, 3], [1, 2, 5]))
    `;
    const errors = [cellError(0, 'ModuleNotFoundError', "No module named 'ml_metrics'", 'import ml_metrics')];
    // the expected line is what ml_metrics 0.1.x's own tied_rank/auc and rmse give for these inputs
    const after = await expectRepairedToday(
      run,
      before,
      ['environment.ml-metrics-functions'],
      { fails: /ModuleNotFoundError: No module named 'ml_metrics'/, out: '0.75 1.1547005383792515' },
      { errors, created: '2016-01-10' },
    );
    expect(after).toContain('class ml_metrics:');
    expect(after).not.toContain('import ml_metrics');
  });

  it("environment.ml-metrics-functions: auc reads a pandas Series' labels at actual[i], as the package did", async () => {
    // a Series whose index labels are a permutation of 0..n-1 (a shuffled frame's column): the package paired
    // actual[label i] with the rank at position i
    const before = py`
      import pandas as pd
      import ml_metrics
      y = pd.Series([1, 0, 0, 1, 1, 0], index=[3, 5, 0, 1, 4, 2])
      p = [0.9, 0.8, 0.3, 0.6, 0.2, 0.4]
      print(round(ml_metrics.auc(y, p), 6), round(ml_metrics.auc(y.values, p), 6))
    `;
    // ml_metrics 0.1.4's tied_rank and auc (benhamner/Metrics, Python/ml_metrics/auc.py), unchanged
    const reference = py`
      import pandas as pd
      def tied_rank(x):
          sorted_x = sorted(zip(x, range(len(x))))
          r = [0 for k in x]
          cur_val = sorted_x[0][0]
          last_rank = 0
          for i in range(len(sorted_x)):
              if cur_val != sorted_x[i][0]:
                  cur_val = sorted_x[i][0]
                  for j in range(last_rank, i):
                      r[sorted_x[j][1]] = float(last_rank + 1 + i) / 2.0
                  last_rank = i
              if i == len(sorted_x) - 1:
                  for j in range(last_rank, i + 1):
                      r[sorted_x[j][1]] = float(last_rank + i + 2) / 2.0
          return r
      def auc(actual, posterior):
          r = tied_rank(posterior)
          num_positive = len([0 for x in actual if x == 1])
          num_negative = len(actual) - num_positive
          sum_positive = sum([r[i] for i in range(len(r)) if actual[i] == 1])
          return (sum_positive - num_positive * (num_positive + 1) / 2.0) / (num_negative * num_positive)
      y = pd.Series([1, 0, 0, 1, 1, 0], index=[3, 5, 0, 1, 4, 2])
      p = [0.9, 0.8, 0.3, 0.6, 0.2, 0.4]
      print(round(auc(y, p), 6), round(auc(y.values, p), 6))
    `;
    const errors = [cellError(0, 'ModuleNotFoundError', "No module named 'ml_metrics'", 'import ml_metrics')];
    const after = await fix(before, ['environment.ml-metrics-functions'], {
      ...TODAY_ENVIRONMENT,
      errors,
      created: '2016-01-10',
    });
    expect(run(reference).out).not.toMatch(/^(\S+) \1$/); // the labels' pairing differs from the positions'
    expectPrintsAsReference(run, after, reference);
  });
});
