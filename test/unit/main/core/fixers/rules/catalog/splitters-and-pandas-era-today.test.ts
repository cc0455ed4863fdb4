// Old scikit-learn splitters handed to a notebook's own function and pandas idioms removed by 0.25–2.0 (row-wise
// reductions over text columns, .ix, astype('category', categories=…), pd.TimeSeries), in today's stack (Python 3.14,
// pandas 2.3, scikit-learn 1.9): the old snippet fails there, the rewritten one runs and prints what the old code
// printed.
import { expect } from 'vitest';
import { cellError, fix, fixCells, cellSource, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("old splitters and pandas idioms in today's stack", (run) => {
  itToday("sklearn.splitter-constructors: a KFold handed to the notebook's own loop yields the old folds", async () => {
    const cells = [
      'import numpy as np\nfrom sklearn.cross_validation import KFold\ny = np.array([0, 1, 0, 1, 0])\ncv = KFold(len(y), n_folds=3)\n',
      'def evaluate(folds):\n    return [test.tolist() for train, test in folds], len(folds)\nprint(evaluate(cv), evaluate(KFold(len(y), 2)))\n',
    ];
    expect(run(cells.join('')).out).toMatch(/No module named 'sklearn.cross_validation'/);
    const result = await fixCells(cells, ['sklearn.model-selection-modules', 'sklearn.splitter-constructors'], TODAY);
    const after = [0, 1].map((i) => cellSource(result, i)).join('');
    expect(after).toContain('cv = list(KFold(n_splits=3).split(y))');
    // scikit-learn 0.19's KFold(5, n_folds=3) tested [0, 1], [2, 3], [4], without shuffling
    expect(run(after)).toEqual({ ok: true, out: '([[0, 1], [2, 3], [4]], 3) ([[0, 1, 2], [3, 4]], 2)' });
  });

  itToday(
    'pandas.numeric-only: row-wise mean/sum/min over a frame with a text column reduce its numeric columns',
    async () => {
      const frame = "import pandas as pd\ndf = pd.DataFrame({'name': ['a', 'b'], 'x': [1, 2], 'y': [3.0, 4.5]})\n";
      const lines = ["df['avg'] = df.mean(axis=1)\n", 'print(df.sum(1).tolist(), df.min(axis=1).tolist())\n'];
      const errors = [
        cellError(1, 'TypeError', 'can only concatenate str (not "int") to str', lines[0]?.trim()),
        cellError(2, 'TypeError', "'<=' not supported between instances of 'str' and 'int'", lines[1]?.trim()),
      ];
      expect(run(frame + lines[0]).out).toMatch(/can only concatenate str/);
      expect(run(`${frame}print(df.min(axis=1))\n`).out).toMatch(/'<=' not supported between instances of 'str'/);
      const result = await fixCells([frame, ...lines], ['pandas.numeric-only'], { ...TODAY, errors });
      const after = [0, 1, 2].map((i) => cellSource(result, i)).join('');
      // pandas 1.5: [2.0, 3.25], then the sums and minima of x, y (and avg) per row
      expect(run(`${after}print(df['avg'].tolist())\n`)).toEqual({
        ok: true,
        out: '[6.0, 9.75] [1.0, 2.0]\n[2.0, 3.25]',
      });
    },
  );

  itToday(
    "pandas.ix-indexer: .ix's integer row key on a string index was a position; .loc's KeyError turns it into .iloc",
    async () => {
      const frame =
        "import pandas as pd\ndf = pd.DataFrame({'Name': ['Ann', 'Bob', 'Cy'], 'Age': [30, 40, 50]}, index=['a', 'b', 'c'])\n";
      const line = "print(df.ix[1, 'Name'], df.ix[0:2, 'Age'].tolist())";
      expect(run(frame + line).out).toMatch(/'DataFrame' object has no attribute 'ix'/);
      const once = await fix(frame + line, ['pandas.ix-indexer'], TODAY);
      const failing = run(once);
      expect(failing.out).toMatch(/KeyError: 1/);
      const errors = [cellError(0, 'KeyError', '1', line.replace(/\.ix/g, '.loc'), failing.out.split('\n'))];
      const twice = await fix(once, ['pandas.ix-indexer'], { ...TODAY, errors });
      expect(run(twice).out).toMatch(/cannot do slice indexing on Index with these indexers \[0\] of type int/);
      const slice = cellError(0, 'TypeError', 'cannot do slice indexing on Index with these indexers [0] of type int');
      const thrice = await fix(twice, ['pandas.ix-indexer'], {
        ...TODAY,
        errors: [{ ...slice, line: twice.split('\n').at(-1) as string }],
      });
      expect(thrice).toContain("df.iloc[1, df.columns.get_loc('Name')], df.iloc[0:2, df.columns.get_loc('Age')]");
      // pandas 0.25: .ix[1, 'Name'] on the index a, b, c was the second row's, and .ix[0:2] the first two rows
      expect(run(thrice)).toEqual({ ok: true, out: 'Bob [30, 40]' });
    },
  );

  itToday(
    "pandas.astype-category-keywords and pandas.time-series-alias: astype('category', categories=, ordered=) and pd.TimeSeries",
    async () => {
      const before =
        "import pandas as pd\ng = pd.Series(['B', 'A', 'C', 'A']).astype('category', categories=['C', 'B', 'A'], ordered=True)\nh = pd.Series(['y', 'x']).astype('category', ordered=True)\nts = pd.TimeSeries([1.0, 2.0], index=pd.date_range('2015-01-01', periods=2))\nprint(g.max(), list(g.cat.categories), g.cat.ordered, list(h.cat.categories), h.min(), type(ts).__name__, ts.sum())\n";
      expect(run(before).out).toMatch(/astype\(\) got an unexpected keyword argument 'categories'/);
      const after = await fix(before, ['pandas.astype-category-keywords', 'pandas.time-series-alias'], TODAY);
      // pandas 0.24: the dtype astype built from the keywords (categories in the given order, ordered; inferred and
      // sorted without categories=), and TimeSeries was Series
      expect(run(after)).toEqual({ ok: true, out: "A ['C', 'B', 'A'] True ['x', 'y'] x Series 3.0" });
    },
  );

  itToday(
    "pandas.frame-date-string-rows and pandas.to-datetime-mixed-formats: df['2017'] rows and dates of several formats",
    async () => {
      const frame =
        "import pandas as pd\ndf = pd.DataFrame({'n': range(40)}, index=pd.date_range('2016-10-01', periods=40, freq='W'))\n";
      const rows = "print(df['2017'].shape, df['2016-12']['n'].sum())";
      const dates =
        "print(list(pd.to_datetime(['2 June 2013', 'Aug 29, 2014', '2015-06-26', '7/12/16'], dayfirst=True).day))";
      const failing = run(frame + rows);
      expect(failing.out).toMatch(/KeyError: '2017'/);
      const mixed = run(`import pandas as pd\n${dates}`);
      expect(mixed.out).toMatch(/doesn't match format/);
      const evalue = mixed.out.slice(mixed.out.lastIndexOf('ValueError: ') + 'ValueError: '.length);
      const keyError = (key: string, line: string, out: string) =>
        cellError(1, 'KeyError', `'${key}'`, line, out.split('\n'));
      const after = await fixCells(
        [frame, rows, dates],
        ['pandas.frame-date-string-rows', 'pandas.to-datetime-mixed-formats'],
        { ...TODAY, errors: [keyError('2017', rows, failing.out), cellError(2, 'ValueError', evalue, dates)] },
      );
      const once = cellSource(after, 1);
      expect(once).toContain("df.loc['2017':'2017'].shape, df['2016-12']['n']");
      // one key a run: the next run's KeyError names the month
      const second = run([frame, once, cellSource(after, 2)].join('\n'));
      expect(second.out).toMatch(/KeyError: '2016-12'/);
      const again = await fixCells([frame, once], ['pandas.frame-date-string-rows'], {
        ...TODAY,
        errors: [keyError('2016-12', once, second.out)],
      });
      const fixed = [frame, cellSource(again, 1), cellSource(after, 2)].join('\n');
      // pandas 1.5: frame[string] was the rows the year or month covers (27 rows of 2017, December's sum), and each
      // date string was parsed on its own (7/12/16 with dayfirst: 7 December)
      expect(run(fixed)).toEqual({ ok: true, out: '(27, 1) 42\n[2, 29, 26, 7]' });
    },
  );
});
