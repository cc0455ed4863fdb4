// python2.encode-to-text in today's stack: a formula encoded to ASCII (Python 2's str) fails in patsy as bytes, and the
// notebook's except clause skipped every formula; after the rule each formula fits, and a non-ASCII one still raises
// the UnicodeEncodeError (a ValueError) that Python 2 raised, so the except clause skips the same columns. Text folded
// to ASCII and given to re.sub fails the same way and gives Python 2's words after the rule.
import { expect } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("python2 encoded formulas, in today's stack", (run) => {
  itToday("python2.encode-to-text: formula.encode('ascii') given to smf.ols", async () => {
    const before = py`
      import numpy as np, pandas as pd
      import statsmodels.formula.api as smf
      rng = np.random.RandomState(0)
      df = pd.DataFrame(rng.normal(size=(50, 3)), columns=['y', 'x', 'z'])
      df['y'] = 2 * df.x + df.z + rng.normal(size=50)
      found = []
      for name in ['x', 'z', u'caf\u00e9']:
          try:
              formula = 'y ~ ' + name
              formula = formula.encode('ascii')
              results = smf.ols(formula, data=df).fit()
          except ValueError:
              continue
          except Exception as e:
              found.append(type(e).__name__)
              continue
          found.append((name, float(round(results.rsquared, 4))))
      print(found)
    `;
    expect(run(before)).toEqual({ ok: true, out: "['PatsyError', 'PatsyError']" });
    const after = await fix(before, ['python2.encode-to-text'], TODAY);
    expect(after).toContain("formula = formula.encode('ascii').decode('ascii')");
    expect(run(after)).toEqual({ ok: true, out: "[('x', 0.7055), ('z', 0.1898)]" });
  });

  itToday('python2.encode-to-text: an ASCII-folded text given to re.sub', async () => {
    const before = py`
      import re, unicodedata
      def clean(text):
          text = unicodedata.normalize('NFKD', text).encode('ascii', 'ignore')
          text = re.sub('[^a-zA-Z]', ' ', text)
          return text.lower().split()
      print(clean(u'Caf\u00e9 cr\u00e8me, 2 br\u00fbl\u00e9es'))
    `;
    expect(run(before).out).toMatch(/cannot use a string pattern on a bytes-like object/);
    const errors = [
      cellError(
        0,
        'TypeError',
        'cannot use a string pattern on a bytes-like object',
        "    text = re.sub('[^a-zA-Z]', ' ', text)",
      ),
    ];
    const after = await fix(before, ['python2.encode-to-text'], { ...TODAY, errors });
    expect(run(after)).toEqual({ ok: true, out: "['cafe', 'creme', 'brulees']" });
  });
});
