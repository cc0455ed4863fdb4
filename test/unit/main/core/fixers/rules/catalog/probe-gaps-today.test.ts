// Gaps found by output-comparison probes (a notebook run by bookworm's stack as its author, modernized by the rules,
// run again today, outputs compared cell by cell), checked in today's stack: the old code fails there, the rewritten
// code runs and prints what the old code printed in bookworm's (json's encoding, HTMLParser.unescape, cgi/pipes,
// numpy's private linalg/fft modules, calibration_curve's normalize, DataFrame.lookup's dtype) or what pandas 0.25's
// .ix did (its integer row key, a position on a string index).
import { expect } from 'vitest';
import { fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday, snippetRunner } from '../../../../../../helpers/today-snippets';
import { TEST_PYTHON } from '../../../../../../helpers/python';
import { py } from '../../../../../../helpers/python-source';

const bookworm = snippetRunner(TEST_PYTHON);

describeTodaySnippets("probe gaps in today's stack", (run) => {
  itToday('python: json encoding=, HTMLParser().unescape, cgi.escape and pipes.quote with their imports', async () => {
    const before = py`
      import json
      import cgi
      import pipes
      from html.parser import HTMLParser
      h = HTMLParser()
      print(json.loads('{"a": [1, 2]}', encoding="utf-8"), h.unescape("&lt;b&gt; caf&eacute; &#39;x&#39;"))
      print(cgi.escape('<a href="x">&</a>'), pipes.quote("it's a file"))
    `;
    expect(run(before).ok).toBe(false);
    const after = await fix(
      before,
      [
        'python.removed-stdlib-names',
        'python.removed-stdlib-3-12',
        'python.json-encoding-argument',
        'python.html-parser-unescape',
        'python.unused-removed-module-imports',
      ],
      TODAY,
    );
    expect(after).not.toMatch(/import (cgi|pipes)/);
    expect(run(after)).toEqual({
      ok: true,
      // cgi.escape left the quotes alone (html.escape(s, quote=False))
      out: "{'a': [1, 2]} <b> café 'x'\n&lt;a href=\"x\"&gt;&amp;&lt;/a&gt; 'it'\"'\"'s a file'",
    });
  });

  itToday('numpy.private-submodules: numpy.linalg.linalg and numpy.fft.helper names', async () => {
    const before = py`
      import numpy as np
      from numpy.linalg.linalg import LinAlgError, norm
      import numpy.fft.helper as fh
      print(norm(np.array([3.0, 4.0])), LinAlgError.__name__, fh.fftshift(np.arange(4)).tolist(), fh.fftfreq(4).tolist())
    `;
    expect(run(before).out).toMatch(/No module named 'numpy\.linalg\.linalg'/);
    const after = await fix(before, ['numpy.private-submodules'], TODAY);
    expect(run(after)).toEqual(bookworm(before));
    expect(run(after).out).toBe('5.0 LinAlgError [2, 3, 0, 1] [0.0, 0.25, -0.5, -0.25]');
  });

  itToday('sklearn.calibration-curve-normalize: the bins scikit-learn 1.2 computed with normalize=True', async () => {
    const before = py`
      import numpy as np
      from sklearn.calibration import calibration_curve
      rng = np.random.RandomState(0)
      y = rng.randint(0, 2, 200)
      score = rng.normal(size=200) + y
      a, b = calibration_curve(y, score, normalize=True, n_bins=5)
      c, d = calibration_curve(y, 1 / (1 + np.exp(-score)), n_bins=4, normalize=True)
      print(np.round(a, 6).tolist(), np.round(b, 6).tolist(), np.round(c, 6).tolist(), np.round(d, 6).tolist())
    `;
    expect(run(before).out).toMatch(/unexpected keyword argument 'normalize'/);
    const author = bookworm(before);
    expect(author.ok).toBe(true);
    const after = await fix(before, ['sklearn.calibration-curve-normalize'], TODAY);
    expect(run(after)).toEqual(author);
  });

  itToday('pandas.lookup-mad: lookup on a frame with a text column keeps the numbers dtype', async () => {
    const before = py`
      import pandas as pd
      m = pd.DataFrame({'x': [1, 2, 3], 'y': [4.5, 5.5, 6.5], 'n': ['p', 'q', 'r']})
      v = m.lookup([0, 1, 2], ['x', 'y', 'x'])
      w = m.lookup([0, 2], ['x', 'x'])
      h = pd.DataFrame({'x': [1.5, 2.5], 'y': [4.0, 5.0]})
      u = h.lookup([1, 0], ['x', 'y'])
      print(v.tolist(), v.dtype, w.tolist(), w.dtype, u.tolist(), u.dtype)
    `;
    expect(run(before).out).toMatch(/has no attribute 'lookup'/);
    const author = bookworm(before);
    expect(author).toEqual({ ok: true, out: '[1.0, 5.5, 3.0] float64 [1, 3] int64 [2.5, 4.0] float64' });
    const after = await fix(before, ['pandas.lookup-mad'], TODAY);
    expect(run(after)).toEqual(author);
  });

  itToday("pandas.lookup-mad: mad() of a call (pipe) and of a Series groupby (agg) is pandas 1.5's mad()", async () => {
    const before = py`
      import pandas as pd
      df = pd.DataFrame({'Sex': ['m', 'f', 'm', 'f', 'm'], 'Pclass': [1, 1, 2, 3, 3], 'Fare': [7.25, 71.3, 8.05, 53.1, 8.46]})
      g = df.groupby('Sex')
      print(round(float(df.groupby('Pclass')['Fare'].mean().mad()), 6), [round(float(v), 6) for v in g['Fare'].mad()])
    `;
    expect(run(before).out).toMatch(/has no attribute 'mad'/);
    const author = bookworm(before);
    expect(author).toEqual({ ok: true, out: '11.99 [9.1, 0.446667]' });
    const after = await fix(before, ['pandas.lookup-mad'], TODAY);
    expect(run(after)).toEqual(author);
  });

  itToday(".ix's integer row key assigned on a string index is a position, on an integer index a label", async () => {
    const before = py`
      import pandas as pd
      s = pd.DataFrame({'v': [1.0, 2.0, 3.0]}, index=['a', 'b', 'c'])
      n = pd.DataFrame({'v': [1.0, 2.0, 3.0]}, index=[10, 11, 12])
      s.ix[0, 'v'] = 9.0
      n.ix[1, 'v'] = 9.0
      for i in range(2):
          s.ix[i, 'v'] += 1
      print(s.index.tolist(), s.v.tolist(), n.index.tolist(), n.v.tolist())
    `;
    const after = await fix(before, ['pandas.ix-indexer'], TODAY);
    // pandas 0.25's .ix: a position on the string index; a new label 1 on the integer index, where 1 is none
    expect(run(after)).toEqual({
      ok: true,
      out: "['a', 'b', 'c'] [10.0, 3.0, 3.0] [10, 11, 12, 1] [1.0, 2.0, 3.0, 9.0]",
    });
  });

  itToday('pandas.2-removed-methods: tshift shifts the index by its frequency, as pandas 1.5 did', async () => {
    const before = py`
      import pandas as pd
      ts = pd.Series([1.0, 2.0, 3.0], index=pd.date_range('2016-01-01', periods=3, freq='D'))
      df = ts.to_frame('v')
      print(ts.tshift(1).index[0], df.tshift(-2, freq='h').index[0], ts.tshift().index.freqstr)
    `;
    expect(run(before).out).toMatch(/has no attribute 'tshift'/);
    const author = bookworm(before);
    expect(author.ok).toBe(true);
    const errors = [
      {
        cellIndex: 0,
        cellId: null,
        ename: 'AttributeError',
        evalue: "'Series' object has no attribute 'tshift'",
        traceback: [],
        line: "print(ts.tshift(1).index[0], df.tshift(-2, freq='h').index[0], ts.tshift().index.freqstr)",
        preExisting: false,
      },
      {
        cellIndex: 0,
        cellId: null,
        ename: 'AttributeError',
        evalue: "'DataFrame' object has no attribute 'tshift'",
        traceback: [],
        line: "print(ts.tshift(1).index[0], df.tshift(-2, freq='h').index[0], ts.tshift().index.freqstr)",
        preExisting: false,
      },
    ];
    const after = await fix(before, ['pandas.2-removed-methods'], { ...TODAY, errors });
    expect(after).not.toMatch(/tshift/);
    expect(run(after)).toEqual(author);
  });

  itToday(
    'scipy.stats-mode-keepdims without an error: a 2017 notebook prints the modes SciPy 1.10 printed',
    async () => {
      const before = py`
        import warnings
        warnings.simplefilter("ignore")
        import numpy as np
        from scipy import stats
        print(stats.mode([1, 2, 2, 3])[0], stats.mode(np.array([[1, 2], [1, 3], [2, 3]]))[0].tolist())
      `;
      const author = bookworm(before);
      expect(author).toEqual({ ok: true, out: '[2] [[1, 3]]' });
      expect(run(before)).toEqual({ ok: true, out: '2 [1, 3]' });
      const after = await fix(before, ['scipy.stats-mode-keepdims'], { ...TODAY, created: '2017-05-01' });
      expect(run(after)).toEqual(author);
    },
  );
});
