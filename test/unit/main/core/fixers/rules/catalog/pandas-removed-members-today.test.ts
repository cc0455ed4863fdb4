// pandas members removed by 1.0/2.0 with a documented replacement, in today's stack: each old line fails there, the
// rewritten one runs and prints what pandas 0.23–0.25 computed (its implementation, written out in the snippet where
// the value is not obvious, stands in for the old library).
import { expect, it } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';

const SETUP =
  'import numpy as np\nimport pandas as pd\n' +
  "s = pd.Series([3.0, np.nan, 1.0, 0.0])\nr = pd.DataFrame({'a': [0.1, -0.05, np.nan]})\n" +
  "idx = pd.Index(['a', 'b', 'a'])\nmi = pd.MultiIndex.from_product([[1, 2], ['x', 'y']])\n" +
  "ts = pd.Timestamp('2017-03-04 05:06')\ndi = pd.date_range('2017-01-01', periods=3)\ncat = pd.Categorical(['b', 'a', 'b'])\n";

/** [old line, class the AttributeError names, the value pandas 0.25 printed] */
const LINES: [string, string, string][] = [
  ['print(s.asobject.tolist(), type(s.asobject).__name__)', 'Series', '[3.0, nan, 1.0, 0.0] ndarray'],
  ['print(di.asobject.dtype, di.asobject[0])', 'DatetimeIndex', 'object 2017-01-01 00:00:00'],
  ['print(s.nonzero())', 'Series', '(array([0, 1, 2]),)'],
  ['print(s.ptp())', 'Series', '3.0'],
  ["print(r.compound().round(4).tolist(), r['a'].compound().round(4))", 'DataFrame', '[0.045] 0.045'],
  ['print(idx.get_duplicates().tolist())', 'Index', "['a']"],
  ['print(idx.dtype_str)', 'Index', 'object'],
  ["print(idx.contains('b'), idx.contains('z'))", 'Index', 'True False'],
  ['print(repr(ts.to_datetime()))', 'Timestamp', 'datetime.datetime(2017, 3, 4, 5, 6)'],
  ['print(di.to_datetime().equals(di))', 'DatetimeIndex', 'True'],
  ['print([c.tolist() for c in mi.labels])', 'MultiIndex', '[[0, 0, 1, 1], [0, 1, 0, 1]]'],
  ['print(s.valid().tolist())', 'Series', '[3.0, 1.0, 0.0]'],
  ['print(s.compress(s > 1).tolist())', 'Series', '[3.0]'],
  ["print(r.select(lambda c: c == 'a', axis=1).columns.tolist())", 'DataFrame', "['a']"],
  ['print(s.select(lambda i: i % 2).tolist())', 'Series', '[nan, 0.0]'],
  ['print(cat.levels.tolist())', 'Categorical', "['a', 'b']"],
  ['print(cat.labels.tolist())', 'Categorical', '[1, 0, 1]'],
];

describeTodaySnippets("pandas' removed members in today's stack", (run) => {
  itToday('pandas.removed-methods: the typed members compute what pandas 0.25 computed', async () => {
    for (const [line, cls, out] of LINES) {
      const member =
        /\.(\w+)\b(?!.*\.(asobject|nonzero|ptp|compound|get_duplicates|dtype_str|contains|to_datetime|labels|valid|compress|select|levels)\b)/.exec(
          line,
        )?.[1] as string;
      const before = SETUP + line + '\n';
      expect(run(before).out, line).toMatch(new RegExp(`'${cls}' object has no attribute '${member}'`));
      const error = cellError(0, 'AttributeError', `'${cls}' object has no attribute '${member}'`, line);
      const after = await fix(before, ['pandas.removed-methods'], { ...TODAY, errors: [error] });
      expect(run(after), line).toEqual({ ok: true, out });
    }
    const from = `${SETUP}a = pd.Series.from_array(np.array([1, 2]), ['p', 'q'], 'n')\nprint(a.to_dict(), a.name, pd.Categorical.from_array(['m', 'f', 'm']).codes.tolist())\n`;
    expect(run(from).out).toMatch(/has no attribute 'from_array'/);
    const fixed = await fix(from, ['pandas.removed-methods'], TODAY);
    expect(run(fixed)).toEqual({ ok: true, out: "{'p': 1, 'q': 2} n [1, 0, 1]" });
  });

  it("pandas.2-removed-methods: a groupby's pad() and a resampler's backfill() fill as ffill()/bfill()", async () => {
    const line = "print(g.groupby('k')['v'].pad().tolist(), t.resample('12h').backfill().tolist())";
    const before =
      'import numpy as np\nimport pandas as pd\n' +
      "g = pd.DataFrame({'k': [1, 1, 2, 2], 'v': [1.0, np.nan, np.nan, 4.0]})\n" +
      "t = pd.Series([1.0, 2.0], index=pd.to_datetime(['2017-01-01', '2017-01-02']))\n" +
      line +
      '\n';
    expect(run(before).out).toMatch(/'SeriesGroupBy' object has no attribute 'pad'/);
    const pad = cellError(0, 'AttributeError', "'SeriesGroupBy' object has no attribute 'pad'", line);
    let after = await fix(before, ['pandas.2-removed-methods'], { ...TODAY, errors: [pad] });
    expect(run(after).out).toMatch(/'DatetimeIndexResampler' object has no attribute 'backfill'/);
    const fill = cellError(0, 'AttributeError', "'DatetimeIndexResampler' object has no attribute 'backfill'", line);
    after = await fix(after, ['pandas.2-removed-methods'], { ...TODAY, errors: [fill] });
    // pandas 1.5 (pad = ffill, backfill = bfill): [1.0, 1.0, nan, 4.0] [1.0, 2.0, 2.0]
    expect(run(after)).toEqual({ ok: true, out: '[1.0, 1.0, nan, 4.0] [1.0, 2.0, 2.0]' });
  });
  it("pandas.weekofyear: an index's .week is the ISO week number pandas 1.x gave", async () => {
    const line = "df['w'] = df.index.week";
    const before =
      "import pandas as pd\ndf = pd.DataFrame({'v': [1, 2, 3]}, index=pd.to_datetime(['2016-01-03', '2016-01-04', '2016-01-04']))\n" +
      `${line}\nprint(df['w'].tolist(), df.groupby(df.index.week)['v'].sum().tolist())\n`;
    expect(run(before).out).toMatch(/'DatetimeIndex' object has no attribute 'week'/);
    const error = cellError(0, 'AttributeError', "'DatetimeIndex' object has no attribute 'week'", line);
    let after = await fix(before, ['pandas.weekofyear'], { ...TODAY, errors: [error] });
    const printed = "print(df['w'].tolist(), df.groupby(df.index.week)['v'].sum().tolist())";
    const other = cellError(0, 'AttributeError', "'DatetimeIndex' object has no attribute 'week'", printed);
    after = await fix(after, ['pandas.weekofyear'], { ...TODAY, errors: [other] });
    // pandas 1.5: [53, 1, 1] [5, 1]
    expect(run(after)).toEqual({ ok: true, out: '[53, 1, 1] [5, 1]' });
  });
});
