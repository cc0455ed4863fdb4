// Mechanisms of corpus15 (held-out 2016–2019 course, book and tutorial notebooks): the DS100 textbook (2018) one-hot
// encodes rows with DictVectorizer from df.to_dict(orient='row') — an abbreviation of 'records' that pandas read by
// its first letter until 2.0 removed the short names (deprecated in 1.1). Hands-On Data Analysis with Pandas (2019)
// searches a grid over Pipeline([('scale', …), ('lr', LinearRegression())]) with 'lr__normalize': [True, False] —
// a parameter scikit-learn 1.2 removed, which never changed an ordinary least-squares fit. DS100's setup cell
// imports ipywidgets and nbinteract (neither installed today; nbi is never used), and its df_interact helper shows
// a table with interact(peek, …) inside an if/else. The pandas tutorial of EuroScipy 2016 reads hourly air quality
// files with names=['date', '00', 'flag', '01', 'flag', …]: numbered flag, flag.1 … until pandas 0.25 refused them.
// Hands-On Data Analysis with Pandas (2019) selects a day of earthquake timestamps with frame['2018-09-28'], a row
// slice until pandas 2.0; the author's saved output shows it ran, so the index was finer than days.
import { expect, it } from 'vitest';
import { cellError, expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("corpus15's mechanisms in today's stack", (run) => {
  it("pandas.2-removed-argument-values: to_dict(orient='row') / to_dict('sp') are the records / split pandas 1.x read", async () => {
    const before = py`
      import pandas as pd
      df = pd.DataFrame({'shot_distance': [0, 14], 'opponent': ['IND', 'TOR']})
      rows = df.to_dict(orient='row')
      parts = df.to_dict('sp')
      print(rows[1]['opponent'], parts['columns'])
    `;
    const errors = [
      cellError(0, 'ValueError', "orient 'row' not understood", "rows = df.to_dict(orient='row')"),
      cellError(0, 'ValueError', "orient 'sp' not understood", "parts = df.to_dict('sp')"),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['pandas.2-removed-argument-values'],
      { fails: /ValueError: orient 'row' not understood/, out: "TOR ['shot_distance', 'opponent']" },
      { errors },
    );
    expect(after).toContain("to_dict(orient='records')");
  });

  it("sklearn.grid-normalize: a Pipeline step's 'lr__normalize' grid entry goes; the search finds the same best score", async () => {
    const before = py`
      import numpy as np
      from sklearn.linear_model import LinearRegression
      from sklearn.model_selection import GridSearchCV
      from sklearn.pipeline import Pipeline
      from sklearn.preprocessing import StandardScaler
      rng = np.random.RandomState(0)
      X = rng.rand(40, 3)
      y = X @ [1.0, 2.0, 3.0] + 0.1 * rng.rand(40)
      model_pipeline = Pipeline([('scale', StandardScaler()), ('lr', LinearRegression())])
      search_space = {'scale__with_std': [True, False], 'lr__fit_intercept': [True, False], 'lr__normalize': [True, False]}
      grid = GridSearchCV(model_pipeline, search_space, cv=5, scoring='neg_mean_absolute_error').fit(X, y)
      print('%.6f' % grid.best_score_, grid.best_params_['lr__fit_intercept'])
    `;
    await expectRepairedToday(run, before, ['sklearn.grid-normalize'], {
      fails: /Invalid parameter 'normalize' for estimator LinearRegression/,
      out: '-0.021476 True', // least squares: every normalize value scored this
    });
  });

  it("environment.unused-missing-import + widget-imports: DS100's setup cell and df_interact run without the packages", async () => {
    const before = py`
      import numpy as np
      import pandas as pd
      import ipywidgets as widgets
      from ipywidgets import interact, interactive, fixed, interact_manual
      import nbinteract as nbi
      def df_interact(df, nrows=7, ncols=7):
          def peek(row=0, col=0):
              return df.iloc[row:row + nrows, col:col + ncols]
          if len(df.columns) <= ncols:
              interact(peek, row=(0, len(df) - nrows, nrows), col=fixed(0))
          else:
              interact(peek,
                       row=(0, len(df) - nrows, nrows),
                       col=(0, len(df.columns) - ncols))
          print('({} rows, {} columns) total'.format(df.shape[0], df.shape[1]))
      df_interact(pd.DataFrame({'a': np.arange(3), 'b': np.arange(3)}))
    `;
    const errors = [
      cellError(0, 'ModuleNotFoundError', "No module named 'ipywidgets'", 'import ipywidgets as widgets'),
      cellError(0, 'ModuleNotFoundError', "No module named 'nbinteract'", 'import nbinteract as nbi'),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['environment.widget-imports', 'environment.unused-missing-import'],
      { fails: /No module named 'ipywidgets'/, out: '(3 rows, 2 columns) total' },
      { errors },
    );
    expect(after).toContain('# import nbinteract as nbi  # nbrevive: nbinteract is not installed here');
  });

  it('pandas.read-csv-duplicate-names: repeated names= are numbered flag, flag.1 as pandas 0.24 numbered them', async () => {
    const before = py`
      import io
      import pandas as pd
      hours = ['00', '01']
      column_names = ['date'] + [item for pair in zip(hours, ['flag'] * 2) for item in pair]
      text = '1990-01-02\t-999\t0\t48\t1\n'
      data = pd.read_csv(io.StringIO(text), sep='\t', header=None, names=column_names, na_values=[-999, -9999])
      print(list(data.columns), data['01'].iloc[0], data['flag.1'].iloc[0])
    `;
    const line =
      "data = pd.read_csv(io.StringIO(text), sep='\\t', header=None, names=column_names, na_values=[-999, -9999])";
    await expectRepairedToday(
      run,
      before,
      ['pandas.read-csv-duplicate-names'],
      {
        fails: /ValueError: Duplicate names are not allowed/,
        out: "['date', '00', 'flag', '01', 'flag.1'] 48 1",
      },
      { errors: [cellError(0, 'ValueError', 'Duplicate names are not allowed.', line)] },
    );
  });

  it("pandas.frame-date-string-rows: a day of an unsorted timestamp index, where the author's cell ran, is .loc[day]", async () => {
    const line = "print(len(quakes.set_index('time')['2018-09-28']))";
    const before = py`
      import pandas as pd
      quakes = pd.DataFrame({'time': pd.to_datetime(['2018-09-29 01:00', '2018-09-28 10:02', '2018-09-28 23:00']),
                             'mag': [7.5, 4.0, 5.1]})
      print(len(quakes.set_index('time')['2018-09-28']))
    `;
    const traceback = ['  File "/usr/lib/python3/dist-packages/pandas/core/frame.py", line 4113, in __getitem__'];
    const errors = [cellError(0, 'KeyError', "'2018-09-28'", line, traceback)];
    const saved = { 0: [{ output_type: 'stream' as const, name: 'stdout', text: '2\n' }] };
    await expectRepairedToday(
      run,
      before,
      ['pandas.frame-date-string-rows'],
      { fails: /KeyError: '2018-09-28'/, out: '2' },
      { errors, saved },
    );
  });
});
