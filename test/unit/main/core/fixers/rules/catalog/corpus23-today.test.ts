// Mechanisms of corpus23 (held-out 2016–2019 blog-post and small-project notebooks on classic datasets, measured
// before these rules were written): a 2016 credit-scoring post (Python 2) imports ml_metrics, Ben Hamner's Kaggle
// metrics package, for the AUC in its ROC plot legend; the package is missing from today's stack, the import stops
// the cell that defines the plotting helper and both cells that call it fail.
import { expect, it } from 'vitest';
import { cellError, expectRepairedToday } from '../helpers';
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
});
