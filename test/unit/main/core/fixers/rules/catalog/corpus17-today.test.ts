// Mechanisms of corpus17 (held-out 2015–2019 statistics, statsmodels and time-series notebooks): a 2018 regression
// diagnostics tutorial calls sms.het_breushpagan, one of the three misspelled names statsmodels 0.8 kept as
// deprecated aliases and 0.10 removed (the Breusch-Pagan LM statistic is n·R² of the squared residuals regressed on
// the regressors, which the repaired cell prints; acorr_breush_godfrey keeps its old default number of lags). A 2018
// state-space notebook reads exchange rates from an Excel 3.0 (BIFF3) file whose header pandas 1.2+'s format detection
// does not know; pandas 1.1 read it with xlrd. Julia Evans' pandas cookbook (2014, a 2016 revision) plots the bool mask
// str.contains('Snow'), drawn as 0/1 then.
import { expect, it } from 'vitest';
import { cellError, expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("corpus17's mechanisms in today's stack", (run) => {
  it('statsmodels.misspelled-names: sms.het_breushpagan / acorr_breush_godfrey with the old default nlags', async () => {
    const before = py`
      import numpy as np
      import statsmodels.api as sm
      import statsmodels.stats.api as sms
      from statsmodels.stats.diagnostic import acorr_breush_godfrey
      rng = np.random.RandomState(0)
      x = rng.rand(100)
      X = sm.add_constant(x)
      y = 1 + 2 * x + rng.normal(scale=0.2 + x, size=100)
      res = sm.OLS(y, X).fit()
      lm = sms.het_breushpagan(res.resid, res.model.exog)[0]
      aux = sm.OLS(res.resid ** 2, X).fit()
      print('%.6f %.6f %.6f' % (lm, 100 * aux.rsquared, acorr_breush_godfrey(res)[0]))
    `;
    const line = 'from statsmodels.stats.diagnostic import acorr_breush_godfrey';
    const after = await expectRepairedToday(
      run,
      before,
      ['statsmodels.misspelled-names'],
      // the Breusch-Pagan LM statistic equals n·R² of the auxiliary regression (Koenker's form); the Breusch-Godfrey
      // one is statsmodels 0.8's with its default 12 lags at 100 observations (8.286163; today's default 10 lags give
      // 7.620979)
      { fails: /ImportError: cannot import name 'acorr_breush_godfrey'/, out: '20.640026 20.640026 8.286163' },
      {
        errors: [
          cellError(
            0,
            'ImportError',
            "cannot import name 'acorr_breush_godfrey' from 'statsmodels.stats.diagnostic'",
            line,
          ),
        ],
      },
    );
    expect(after).toContain('acorr_breush_godfrey(res, nlags=int(12. * (len(res.resid) / 100.) ** 0.25))');
  });

  it("pandas.read-excel-engine: an Excel 3.0 file pandas cannot identify is read with xlrd, pandas 1.1's reader", async () => {
    // a BIFF3 worksheet (BOF version field 2, as older writers set it; CODEPAGE; a LABEL and three NUMBER records)
    const before = py`
      import struct
      import pandas as pd
      def rec(op, data):
          return struct.pack('<HH', op, len(data)) + data
      cells = rec(0x0204, struct.pack('<HHHH', 0, 0, 0, 4) + b'rate')
      for i, v in enumerate([1.8315, 1.825, 1.8512]):
          cells += rec(0x0203, struct.pack('<HHHd', i + 1, 0, 0, v))
      book = rec(0x0209, struct.pack('<HHH', 2, 0x10, 0)) + rec(0x0042, struct.pack('<H', 1252)) + cells + rec(0x000A, b'')
      open('rates.xls', 'wb').write(book)
      ex = pd.read_excel('rates.xls')
      print(ex['rate'].round(4).tolist(), round(ex['rate'].mean(), 4))
    `;
    const evalue = 'Excel file format cannot be determined, you must specify an engine manually.';
    const after = await expectRepairedToday(
      run,
      before,
      ['pandas.read-excel-engine'],
      { fails: /ValueError: Excel file format cannot be determined/, out: '[1.8315, 1.825, 1.8512] 1.8359' },
      { errors: [cellError(0, 'ValueError', evalue, "ex = pd.read_excel('rates.xls')")] },
    );
    expect(after).toContain("pd.read_excel('rates.xls', engine='xlrd')");
  });

  it('pandas.plot-include-bool: a bool mask plots as the 0/1 line older pandas drew', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import pandas as pd
      hours = pd.date_range('2012-01-01', periods=5, freq='h')
      weather = pd.DataFrame({'Weather': ['Snow', 'Clear', 'Snow Showers', 'Fog', 'Cloudy']}, index=hours)
      is_snowing = weather['Weather'].str.contains('Snow')
      ax = is_snowing.plot()
      print(is_snowing.dtype, ax.lines[0].get_ydata().astype(float).tolist())
    `;
    const after = await expectRepairedToday(
      run,
      before,
      ['pandas.plot-include-bool'],
      { fails: /TypeError: no numeric data to plot/, out: 'bool [1.0, 0.0, 1.0, 0.0, 0.0]' },
      { errors: [cellError(0, 'TypeError', 'no numeric data to plot', 'ax = is_snowing.plot()')] },
    );
    expect(after).toContain('ax = is_snowing.plot(include_bool=True)');
  });
});
