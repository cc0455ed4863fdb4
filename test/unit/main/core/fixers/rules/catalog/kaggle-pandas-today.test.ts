// pandas mechanisms of 2016–2019 Kaggle kernels, in today's stack: the old snippet fails there, the rewritten one
// runs and prints what the old libraries printed.
import { expect, it } from 'vitest';
import { cellError, fix, fixAfterError, TODAY_ENVIRONMENT as TODAY, expectRepairedAfterError } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

const FRAME =
  "import pandas as pd\ndf = pd.DataFrame({'Age': [10.0, 20.0, 30.0, 70.0], 'Sex': ['m', 'f', 'm', 'f'], 'Fare': [7.0, 80.0, 30.0, 200.0], 'Name': list('abcd')})\n";

describeTodaySnippets("Kaggle kernels' pandas idioms in today's stack", (run) => {
  it('pandas.loc-single-value-tuple: the Titanic binning loop with trailing commas bins as pandas 1.1 did', async () => {
    const line = "    df.loc[df['Age'] <= 16, 'Age'] = 0,";
    const before = `${FRAME}for _ in [0]:\n${line}\n    df.loc[(df['Age'] > 16) & (df['Age'] <= 36), 'Age'] = 1,\n    df.loc[df['Age'] > 62, 'Age'] = 4\nprint(df['Age'].tolist())\n`;
    await expectRepairedAfterError(
      run,
      before,
      ['pandas.loc-single-value-tuple'],
      ['ValueError', 'Must have equal len keys and value when setting with an iterable', line],
      { fails: /Must have equal len keys and value when setting with an iterable/, out: '[0.0, 1.0, 1.0, 4.0]' },
    );
  });

  it(".agg('mean') over a frame with a string column, then a stacked bar chart with colors=", async () => {
    const line =
      "ax = df.groupby('Sex').agg('mean')[['Age', 'Fare']].plot(kind='bar', stacked=True, colors=['g', 'r'])";
    const before = `import matplotlib\nmatplotlib.use('Agg')\n${FRAME}${line}\nprint([float(round(p.get_height(), 1)) for p in ax.patches], [p.get_facecolor()[:3] for p in ax.patches][::2])\n`;
    expect(run(before).out).toMatch(/agg function failed \[how->mean,dtype->object\]/);
    let after = await fixAfterError(
      before,
      ['pandas.numeric-only'],
      ['TypeError', 'agg function failed [how->mean,dtype->object]', line],
    );
    expect(run(after).out).toMatch(/Rectangle.set\(\) got an unexpected keyword argument 'colors'/);
    const fixedLine = after.split('\n').find((l) => l.startsWith('ax = ')) as string;
    after = await fixAfterError(
      after,
      ['pandas.plot-colors-keyword'],
      ['AttributeError', "Rectangle.set() got an unexpected keyword argument 'colors'", fixedLine],
    );
    expect(after).toContain("agg('mean', numeric_only=True)");
    expect(run(after)).toEqual({
      ok: true,
      out: '[45.0, 20.0, 140.0, 18.5] [(0.0, 0.5, 0.0), (1.0, 0.0, 0.0)]',
    });
  });

  it('pandas.groupby-apply-group-keys: ages filled by group median, assigned back as a column, as in pandas 1.5', async () => {
    const line = "df['AgeFill'] = df.groupby('Sex')['AgeFill'].apply(lambda x: x.fillna(x.median()))";
    const before = `${FRAME}df.loc[1, 'Age'] = None\ndf['AgeFill'] = df['Age']\n${line}\nprint(df['AgeFill'].tolist())\n`;
    const after = await expectRepairedAfterError(
      run,
      before,
      ['pandas.groupby-apply-group-keys'],
      ['TypeError', 'incompatible index of inserted column with frame index', line],
      { fails: /incompatible index of inserted column with frame index/, out: '[10.0, 70.0, 30.0, 70.0]' },
    );
    expect(after).toContain("groupby('Sex', group_keys=False)");
  });

  it('pandas.numeric-only: df.fillna(df.median()) over a frame with text columns fills the numeric gaps', async () => {
    const line = 'df = df.fillna(df.median())';
    const before = `${FRAME}df.loc[1, 'Age'] = None\n${line}\nprint(df['Age'].tolist())\n`;
    await expectRepairedAfterError(
      run,
      before,
      ['pandas.numeric-only'],
      ['TypeError', "Cannot convert [['m' 'f' 'm' 'f']] to numeric", line],
      { fails: /Cannot convert \[[\s\S]*\] to numeric/, out: '[10.0, 30.0, 30.0, 70.0]' },
    );
  });

  it('pandas.weekday-name and get_values(): the day names and arrays pandas 0.25 gave', async () => {
    const before =
      "import pandas as pd\nd = pd.DataFrame({'t': pd.to_datetime(['2011-01-01 00:00', '2011-01-03 05:00'])})\nprint(d['t'].dt.weekday_name.tolist(), d['t'].apply(lambda x: x.weekday_name).tolist(), d.columns.get_values().tolist())\n";
    expect(run(before).out).toMatch(/has no attribute 'weekday_name'/);
    const error = cellError(0, 'AttributeError', "'Timestamp' object has no attribute 'weekday_name'");
    let after = await fix(before, ['pandas.weekday-name'], { ...TODAY, errors: [error] });
    expect(run(after).out).toMatch(/has no attribute 'get_values'/);
    const values = cellError(0, 'AttributeError', "'Index' object has no attribute 'get_values'");
    after = await fix(after, ['pandas.removed-methods'], { ...TODAY, errors: [values] });
    expect(run(after)).toEqual({ ok: true, out: "['Saturday', 'Monday'] ['Saturday', 'Monday'] ['t']" });
  });

  it("pandas.value-counts-names: value_counts().reset_index() has pandas 1's 'index' and name columns again", async () => {
    const line = "print(counts['index'].tolist(), counts['Sex'].tolist(), shares.columns.tolist())";
    const before = `${FRAME}counts = df['Sex'].value_counts().reset_index()\nshares = df.Sex.value_counts(normalize=True).reset_index()\n${line}\n`;
    // pandas 1.5.3 printed: ['m', 'f'] [2, 2] ['index', 'Sex']
    await expectRepairedAfterError(run, before, ['pandas.value-counts-names'], ['KeyError', "'index'", line], {
      fails: /KeyError: 'index'/,
      out: "['m', 'f'] [2, 2] ['index', 'Sex']",
    });
  });
  it('pandas.2-removed-argument-values: boolean inclusive, a unit-less datetime64 and get_loc(nearest) as in pandas 1.5', async () => {
    const lines = [
      "print(df['Age'].between(10, 30, inclusive=True).tolist(), df['Age'].between(10, 30, inclusive=False).tolist())",
      "d = pd.Series(['2017-01-01', '2017-03-05']).astype('datetime64')",
      "print(pd.date_range('2017-01-01', periods=5).get_loc(pd.Timestamp('2017-01-03 13:00'), method='nearest'), d.dt.month.tolist())",
    ];
    let source = `${FRAME}${lines.join('\n')}\n`;
    const errors = [
      cellError(
        0,
        'ValueError',
        "Inclusive has to be either string of 'both','left', 'right', or 'neither'.",
        lines[0],
      ),
      cellError(0, 'ValueError', "Passing in 'datetime64' dtype with no precision is not allowed.", lines[1]),
      cellError(0, 'TypeError', "DatetimeIndex.get_loc() got an unexpected keyword argument 'method'", lines[2]),
    ];
    expect(run(source).out).toMatch(/Inclusive has to be either string/);
    source = await fix(source, ['pandas.2-removed-argument-values'], { ...TODAY, errors });
    // pandas 1.5.3 printed the same two lines
    expect(run(source)).toEqual({ ok: true, out: '[True, True, True, False] [False, True, False, False]\n3 [1, 3]' });
  });
});
