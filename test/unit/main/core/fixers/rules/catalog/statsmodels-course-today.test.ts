// statsmodels idioms of 2016–2019 course labs (ISLR in Python) in today's stack: the old snippet fails there, the
// rewritten one runs and prints what the old libraries printed.
import { expect, it } from 'vitest';
import { expectRepairedAfterError } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

const WAGES =
  "import pandas as pd\nimport statsmodels.api as sm\ndf = pd.DataFrame({'age': [18, 25, 33, 41, 47, 52, 60, 66], 'wage': [70.0, 90.0, 110.0, 120.0, 125.0, 118.0, 100.0, 95.0]})\n";

describeTodaySnippets("ISLR labs' statsmodels idioms in today's stack", (run) => {
  it('pandas.get-dummies-dtype: a step-function GLM on get_dummies + add_constant fits with uint8 dummies and prints what pandas 1.5 printed', async () => {
    const line = 'fit = sm.GLM(df.wage, X.drop(X.columns[1], axis=1)).fit()';
    const before = `${WAGES}X = sm.add_constant(pd.get_dummies(pd.cut(df.age, 2)))\n${line}\nprint([round(float(p), 3) for p in fit.params])\n`;
    const after = await expectRepairedAfterError(
      run,
      before,
      ['pandas.get-dummies-dtype'],
      ['ValueError', 'Pandas data cast to numpy dtype of object. Check input data with np.asarray(data).', line],
      { fails: /Pandas data cast to numpy dtype of object/, out: '[97.5, 12.0]' },
    );
    expect(after).toContain("pd.get_dummies(pd.cut(df.age, 2), dtype='uint8')");
  });

  it('statsmodels.family-link-class: a logistic GLM given the link class fits with an instance of that link, which the old family built from the class', async () => {
    const line = 'res = sm.GLM(y, sm.add_constant(df.age), family=sm.families.Binomial(sm.families.links.logit)).fit()';
    const before = `${WAGES}y = (df.wage > 100).astype(int)\n${line}\nprint([round(float(p), 4) for p in res.params])\n`;
    const after = await expectRepairedAfterError(
      run,
      before,
      ['statsmodels.family-link-class'],
      [
        'TypeError',
        'Calling Family(..) with a link class is not allowed. Use an instance of a link class instead.',
        line,
      ],
      { fails: /Calling Family\(\.\.\) with a link class is not allowed/, out: '[-0.1739, 0.0041]' },
    );
    expect(after).toContain('sm.families.Binomial(sm.families.links.Logit())');
  });

  it('statsmodels.formula-api-classes: the array interface reached through the formula module (smf.OLS(y, X)) fits through statsmodels.api, the same class', async () => {
    const line = 'res = smf.OLS(df.wage, sm.add_constant(df.age)).fit()';
    const before = `${WAGES}import statsmodels.formula.api as smf\n${line}\nprint([round(float(p), 4) for p in res.params])\n`;
    const after = await expectRepairedAfterError(
      run,
      before,
      ['statsmodels.formula-api-classes'],
      ['AttributeError', "module 'statsmodels.formula.api' has no attribute 'OLS'", line],
      { fails: /module 'statsmodels\.formula\.api' has no attribute 'OLS'/, out: '[82.9887, 0.4798]' },
    );
    expect(after).toContain('res = sm.OLS(df.wage, sm.add_constant(df.age)).fit()');
  });
});
