// Python 2, pandas and IPython idioms of 2015–2019 notebooks, in today's stack (Python 3.14, pandas 2.3,
// IPython 9): the old snippet fails there, the rewritten one runs and prints what the old code printed.
import { expect } from 'vitest';
import { cellError, fix, fixAfterError, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

const FRAME =
  "import pandas as pd\ndf = pd.DataFrame({'Pclass': [1, 1, 2], 'Survived': [1, 0, 1], 'Fare': [80.0, 60.0, 10.0]})\n";

describeTodaySnippets("legacy idioms in today's stack", (run) => {
  itToday("pandas.groupby-tuple-columns: grouped['a', 'b'] selects the columns the list selects", async () => {
    const before = `${FRAME}print(df.groupby('Pclass')['Survived', 'Fare'].mean().values.tolist())\n`;
    expect(run(before).out).toMatch(/Cannot subset columns with a tuple with more than one element/);
    const after = await fix(before, ['pandas.groupby-tuple-columns'], TODAY);
    expect(run(after)).toEqual({ ok: true, out: '[[0.5, 70.0], [1.0, 10.0]]' });
  });

  itToday("pandas.series-agg-dict: a DataFrame's nested renaming dict keeps its two column levels", async () => {
    const line = "r = df.groupby('Pclass').agg({'Fare': {'total': 'sum', 'top': 'max'}, 'Survived': 'mean'})";
    const before = `${FRAME}${line}\nprint(r.columns.tolist(), r.values.tolist())\n`;
    expect(run(before).out).toMatch(/nested renamer is not supported/);
    const after = await fixAfterError(
      before,
      ['pandas.series-agg-dict'],
      ['SpecificationError', 'nested renamer is not supported', line],
    );
    expect(run(after)).toEqual({
      ok: true,
      out: "[('Fare', 'total'), ('Fare', 'top'), ('Survived', 'mean')] [[140.0, 80.0, 0.5], [10.0, 10.0, 1.0]]",
    });
  });

  itToday("pandas.display-options: set_option('max_columns') and the removed display options", async () => {
    const before =
      "import pandas as pd\npd.set_option('max_columns', 7)\npd.set_option('display.mpl_style', 'default')\npd.options.display.line_width = 99\nprint(pd.get_option('display.max_columns'), pd.get_option('display.width'))\n";
    expect(run(before).out).toMatch(/Pattern matched multiple keys/);
    const after = await fix(before, ['pandas.display-options'], TODAY);
    expect(run(after)).toEqual({ ok: true, out: '7 99' });
  });

  itToday('python2 exception messages, cmp, str.decode and translate(None, chars)', async () => {
    const cells: [string, string, string, string][] = [
      [
        "try:\n    int('x')\nexcept ValueError as e:\n    print(e.message)\n",
        'python2.exception-message',
        'AttributeError',
        "'ValueError' object has no attribute 'message'",
      ],
      ['print(cmp(3, 1), cmp(1, 3), cmp(2, 2))\n', 'python2.cmp-builtin', 'NameError', "name 'cmp' is not defined"],
      [
        "line = 'Caf\\u00e9 au lait'\nprint(line.decode('utf-8').lower().split())\n",
        'python2.str-decode',
        'AttributeError',
        "'str' object has no attribute 'decode'",
      ],
      [
        "import string\nprint('a, b; c!'.translate(None, string.punctuation))\n",
        'python2.translate-deletechars',
        'TypeError',
        'str.translate() takes exactly one argument (2 given)',
      ],
    ];
    const outputs: string[] = [];
    for (const [before, rule, ename, evalue] of cells) {
      const failing = run(before);
      expect(failing.ok, rule).toBe(false);
      expect(failing.out).toContain(evalue);
      const line = before
        .split('\n')
        .filter((l) => l.trim())
        .at(-1) as string;
      const after = await fixAfterError(before, [rule], [ename, evalue, line]);
      const result = run(after);
      expect(result.ok, `${rule}: ${after}`).toBe(true);
      outputs.push(result.out);
    }
    expect(outputs).toEqual([
      "invalid literal for int() with base 10: 'x'",
      '1 -1 0',
      "['café', 'au', 'lait']",
      'a b c',
    ]);
  });

  itToday('ipython.core-display and ipython.magic-method under IPython 9', async () => {
    const importLine = 'from IPython.core.display import display, HTML';
    const before = `${importLine}\ndisplay(HTML('<b>x</b>'))\nprint('shown')\n`;
    expect(run(before).out).toMatch(/cannot import name 'display' from 'IPython.core.display'/);
    const after = await fixAfterError(
      before,
      ['ipython.core-display'],
      ['ImportError', "cannot import name 'display' from 'IPython.core.display'", importLine],
    );
    expect(run(after).out).toContain('shown');
    const magic = await fix("get_ipython().magic('matplotlib inline')\n", ['ipython.magic-method'], {
      ...TODAY,
      errors: [cellError(0, 'AttributeError', "'ZMQInteractiveShell' object has no attribute 'magic'")],
    });
    const shell = py`
      from IPython.core.interactiveshell import InteractiveShell
      shell = InteractiveShell.instance()
      get_ipython = lambda: shell
      print(hasattr(shell, 'magic'))
    `;
    expect(run(`${shell}${magic.replace("'matplotlib', 'inline'", "'colors', 'nocolor'")}print('ok')\n`)).toEqual({
      ok: true,
      out: 'False\nok',
    });
  });

  itToday(
    'sklearn.renamed-keywords (affinity → metric) and sklearn.renamed-attributes (n_features_, sigma_)',
    async () => {
      const before =
        "import numpy as np\nfrom sklearn.cluster import AgglomerativeClustering\nfrom sklearn.ensemble import RandomForestClassifier\nfrom sklearn.naive_bayes import GaussianNB\nX = np.array([[0.0, 1.0], [0.2, 1.1], [5.0, 0.0], [5.1, 0.3]])\ny = [0, 0, 1, 1]\nprint(AgglomerativeClustering(n_clusters=2, affinity='euclidean').fit_predict(X).tolist())\n";
      expect(run(before).out).toMatch(/unexpected keyword argument 'affinity'/);
      const renamed = await fix(before, ['sklearn.renamed-keywords'], TODAY);
      expect(run(renamed)).toEqual({ ok: true, out: '[1, 1, 0, 0]' });
      const line =
        'print(RandomForestClassifier(n_estimators=2, random_state=0).fit(X, y).n_features_, GaussianNB().fit(X, y).sigma_.shape)';
      const attributes = `${renamed}${line}\n`;
      expect(run(attributes).out).toMatch(/has no attribute 'n_features_'/);
      let after = await fixAfterError(
        attributes,
        ['sklearn.renamed-attributes'],
        ['AttributeError', "'RandomForestClassifier' object has no attribute 'n_features_'", line],
      );
      const next = after.split('\n').at(-2) as string;
      after = await fixAfterError(
        after,
        ['sklearn.renamed-attributes'],
        ['AttributeError', "'GaussianNB' object has no attribute 'sigma_'", next],
      );
      expect(run(after)).toEqual({ ok: true, out: '[1, 1, 0, 0]\n2 (2, 2)' });
    },
  );

  itToday('sklearn.one-dimensional-x: a Series X (scikit-learn 1.6+ message) in fit, predict and score', async () => {
    const series =
      "Expected a 2-dimensional container but got <class 'pandas.core.series.Series'> instead. Pass a DataFrame containing a single row (i.e. single sample) or a single column (i.e. single feature) instead.";
    let source =
      "import pandas as pd\nfrom sklearn.linear_model import LinearRegression\ndf = pd.DataFrame({'sqft': [1.0, 2, 3, 4], 'price': [2.0, 4, 6, 9]})\nX = df['sqft']\nlr = LinearRegression()\nlr.fit(X, df['price'])\nprint(lr.predict(X).round(2).tolist(), round(lr.score(X, df['price']), 4))\n";
    expect(run(source).out).toContain(series);
    // as the loop does: run, take the failing line from the traceback, apply the rule there, run again
    for (let round = 0; round < 4 && !run(source).ok; round++) {
      const lineNumber = Number(/File "<string>", line (\d+)/.exec(run(source).out)?.[1]);
      const line = source.split('\n')[lineNumber - 1] as string;
      source = await fixAfterError(source, ['sklearn.one-dimensional-x'], ['ValueError', series, line]);
    }
    expect(run(source)).toEqual({ ok: true, out: '[1.8, 4.1, 6.4, 8.7] 0.9888' });
  });
});
