// Mechanisms of corpus17 (held-out 2015–2019 statistics, statsmodels and time-series notebooks): a 2018 regression
// diagnostics tutorial calls sms.het_breushpagan, one of the three misspelled names statsmodels 0.8 kept as
// deprecated aliases and 0.10 removed (the Breusch-Pagan LM statistic is n·R² of the squared residuals regressed on
// the regressors, which the repaired cell prints).
import { it } from 'vitest';
import { cellError, expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("corpus17's mechanisms in today's stack", (run) => {
  it('statsmodels.misspelled-names: sms.het_breushpagan / lillifors are het_breuschpagan / lilliefors', async () => {
    const before = py`
      import numpy as np
      import statsmodels.api as sm
      import statsmodels.stats.api as sms
      from statsmodels.stats.diagnostic import lillifors
      rng = np.random.RandomState(0)
      x = rng.rand(60)
      X = sm.add_constant(x)
      y = 1 + 2 * x + rng.normal(scale=0.2 + x, size=60)
      res = sm.OLS(y, X).fit()
      lm = sms.het_breushpagan(res.resid, res.model.exog)[0]
      aux = sm.OLS(res.resid ** 2, X).fit()
      print('%.6f %.6f %.4f' % (lm, 60 * aux.rsquared, lillifors(res.resid)[0]))
    `;
    const line = 'from statsmodels.stats.diagnostic import lillifors';
    await expectRepairedToday(
      run,
      before,
      ['statsmodels.misspelled-names'],
      // the LM statistic equals n·R² of the auxiliary regression, as Breusch and Pagan (Koenker's form) define it
      { fails: /ImportError: cannot import name 'lillifors'/, out: '8.900083 8.900083 0.0659' },
      {
        errors: [
          cellError(0, 'ImportError', "cannot import name 'lillifors' from 'statsmodels.stats.diagnostic'", line),
        ],
      },
    );
  });
});
