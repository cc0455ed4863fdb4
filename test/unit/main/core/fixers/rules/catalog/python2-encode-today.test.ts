// python2.encode-to-text in today's stack: a formula encoded to ASCII (Python 2's str) fails in patsy as bytes, and the
// notebook's except clause skipped every formula; after the rule each formula fits, and a non-ASCII one still raises
// the UnicodeEncodeError (a ValueError) that Python 2 raised, so the except clause skips the same columns. Text folded
// to ASCII and given to re.sub fails the same way and gives Python 2's words after the rule.
import { expect } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
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

  itToday('python2.encode-to-text: an ASCII-folded text given to re.sub', async () => {
    const before =
      'import re, unicodedata\n' +
      "def clean(text):\n    text = unicodedata.normalize('NFKD', text).encode('ascii', 'ignore')\n" +
      "    text = re.sub('[^a-zA-Z]', ' ', text)\n    return text.lower().split()\n" +
      "print(clean(u'Caf\\u00e9 cr\\u00e8me, 2 br\\u00fbl\\u00e9es'))\n";
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
