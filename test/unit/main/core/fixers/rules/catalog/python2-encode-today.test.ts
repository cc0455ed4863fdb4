// python2.encode-to-text in today's stack: a formula encoded to ASCII (Python 2's str) fails in patsy as bytes, and the
// notebook's except clause skipped every formula; after the rule each formula fits, and a non-ASCII one still raises
// the UnicodeEncodeError (a ValueError) that Python 2 raised, so the except clause skips the same columns.
import { expect } from 'vitest';
import { fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("python2 encoded formulas, in today's stack", (run) => {
  itToday("python2.encode-to-text: formula.encode('ascii') given to smf.ols", async () => {
    const before =
      'import numpy as np, pandas as pd\nimport statsmodels.formula.api as smf\n' +
      "rng = np.random.RandomState(0)\ndf = pd.DataFrame(rng.normal(size=(50, 3)), columns=['y', 'x', 'z'])\n" +
      "df['y'] = 2 * df.x + df.z + rng.normal(size=50)\nfound = []\n" +
      "for name in ['x', 'z', u'caf\\u00e9']:\n    try:\n        formula = 'y ~ ' + name\n" +
      "        formula = formula.encode('ascii')\n        results = smf.ols(formula, data=df).fit()\n" +
      '    except ValueError:\n        continue\n    except Exception as e:\n' +
      '        found.append(type(e).__name__)\n        continue\n    found.append((name, float(round(results.rsquared, 4))))\n' +
      'print(found)\n';
    expect(run(before)).toEqual({ ok: true, out: "['PatsyError', 'PatsyError']" });
    const after = await fix(before, ['python2.encode-to-text'], TODAY);
    expect(after).toContain("formula = formula.encode('ascii').decode('ascii')");
    expect(run(after)).toEqual({ ok: true, out: "[('x', 0.7055), ('z', 0.1898)]" });
  });
});
