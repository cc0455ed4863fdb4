// Mechanisms of corpus21 (held-out 2015–2018 tutorial, Kaggle and blog notebooks, measured before these rules were
// written): ogrisel's parallel_ml_tutorial (2015, Python 3.4) prints vars() of a GridSearchCV grid_scores_ entry, a
// namedtuple whose __dict__ property Python 3.5.1 removed. donnemartin's churn analysis (2015, Python 2) imports
// operator.idiv beside `from __future__ import division` and never calls it: Python 3 has no idiv. Its Kaggle Titanic
// notebook (2015, Python 2) sorts a column's unique values with NaN among the port letters, which Python 2 ordered
// (numbers before strings) and Python 3 refuses, and tests `if len(df[df['Embarked'].isnull()] > 0):`, a misplaced
// parenthesis that compared text columns with 0 (True in Python 2, a TypeError in Python 3); it then fits a random
// forest on `df_train.values`, which pandas 2's bool dummies turn into an object array whose label column
// scikit-learn cannot type; its age histograms ask for bins=max_age / bin_size, a float NumPy 1.9 truncated.
import { expect, it } from 'vitest';
import { applyRules } from '../../../../../../../main/core/fixers/rules/rules-engine';
import { TODAY_ENVIRONMENT, cellError, cellSource, environment, expectRepairedToday, notebookOf } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("corpus21's mechanisms in today's stack", (run) => {
  it("python.namedtuple-vars: vars() of a namedtuple gives the fields' mapping, as namedtuple.__dict__ did", async () => {
    const before = py`
      from collections import namedtuple
      class CVScoreTuple(namedtuple('CVScoreTuple', ('parameters', 'mean_validation_score', 'cv_validation_scores'))):
          __slots__ = ()
      scores = [CVScoreTuple({'C': 1.0}, 0.5, [0.4, 0.6])]
      first_score = scores[0]
      print(sorted(dict(vars(first_score)).items()))
    `;
    const errors = [
      cellError(
        0,
        'TypeError',
        'vars() argument must have __dict__ attribute',
        'print(sorted(dict(vars(first_score)).items()))',
      ),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['python.namedtuple-vars'],
      {
        fails: /TypeError: vars\(\) argument must have __dict__ attribute/,
        out: "[('cv_validation_scores', [0.4, 0.6]), ('mean_validation_score', 0.5), ('parameters', {'C': 1.0})]",
      },
      { errors, created: '2015-04-08' },
    );
    expect(after).toContain("(first_score._asdict() if hasattr(first_score, '_asdict') else vars(first_score))");
  });

  it('python2.operator-removed-imports: an unused idiv is dropped from the import, the cell runs on', async () => {
    const before = py`
      from __future__ import division
      from operator import itemgetter, idiv
      pairs = [(1, 7), (2, 3)]
      print(sorted(pairs, key=itemgetter(1)), 7 / 2)
    `;
    const errors = [
      cellError(0, 'ImportError', "cannot import name 'idiv' from 'operator' (/usr/lib/python3.14/operator.py)"),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['python2.operator-removed-imports'],
      { fails: /ImportError: cannot import name 'idiv' from 'operator'/, out: '[(2, 3), (1, 7)] 3.5' },
      { errors, created: '2015-06-06' },
    );
    expect(after).toContain('from operator import itemgetter\n');
  });

  it("python2.mixed-type-ordering: NaN among strings sorts first, as Python 2's cross-type order put it", async () => {
    const before = py`
      import pandas as pd
      import numpy as np
      df_train = pd.DataFrame({'Embarked': ['S', 'C', np.nan, 'Q', 'S', None]})
      print(sorted(df_train['Embarked'].unique()), min(['b', 2.5, 'a', 1]), max([None, 3, 'x']))
    `;
    const errors = [
      cellError(
        0,
        'TypeError',
        "'<' not supported between instances of 'float' and 'str'",
        "print(sorted(df_train['Embarked'].unique()), min(['b', 2.5, 'a', 1]), max([None, 3, 'x']))",
      ),
    ];
    expect(run(before).out).toMatch(/TypeError: '<' not supported between instances of 'float' and 'str'/);
    // a Python 2 notebook: its kernelspec says so
    const notebook = notebookOf(before);
    notebook.metadata = { kernelspec: { name: 'python2', language: 'python', display_name: 'Python 2' } };
    const env = environment(TODAY_ENVIRONMENT.packages, TODAY_ENVIRONMENT.python);
    const result = await applyRules(notebook, ['python2.mixed-type-ordering'], env, { errors });
    const after = cellSource(result, 0);
    expect(run(after)).toEqual({ ok: true, out: "[None, nan, 'C', 'Q', 'S'] 1 x" });
    expect(after).toContain("sorted(df_train['Embarked'].unique(), key=lambda v: (0,) if v is None else (1, v)");
  });

  it('python2.len-of-comparison: len(df[mask] > 0) counts the rows, as the element-wise comparison did', async () => {
    const before = py`
      import pandas as pd
      import numpy as np
      df = pd.DataFrame({'Name': ['a', 'b', 'c'], 'Embarked': ['S', np.nan, np.nan], 'Fare': [7.25, 8.0, 9.5]})
      print(len(df[df['Embarked'].isnull()] > 0), len(df[df['Fare'].isnull()] > 0))
    `;
    const errors = [
      cellError(
        0,
        'TypeError',
        "'>' not supported between instances of 'str' and 'int'",
        "print(len(df[df['Embarked'].isnull()] > 0), len(df[df['Fare'].isnull()] > 0))",
      ),
    ];
    expect(run(before).out).toMatch(/TypeError: '>' not supported between instances of 'str' and 'int'/);
    const notebook = notebookOf(before);
    notebook.metadata = { kernelspec: { name: 'python2', language: 'python', display_name: 'Python 2' } };
    const env = environment(TODAY_ENVIRONMENT.packages, TODAY_ENVIRONMENT.python);
    const result = await applyRules(notebook, ['python2.len-of-comparison'], env, { errors });
    const after = cellSource(result, 0);
    expect(run(after)).toEqual({ ok: true, out: '2 0' });
    expect(after).toContain("print(len(df[df['Embarked'].isnull()]), len(df[df['Fare'].isnull()]))");
  });

  it("pandas.get-dummies-dtype: a classifier fits on .values with the era's 0/1 dummies", async () => {
    const before = py`
      import pandas as pd
      from sklearn.tree import DecisionTreeClassifier
      df_train = pd.DataFrame({'Survived': [0, 1, 1, 0, 1, 0], 'Fare': [7.25, 71.3, 7.9, 8.05, 53.1, 8.4],
                               'Embarked_Val': [3, 1, 3, 2, 3, 2]})
      df_train = pd.concat([df_train, pd.get_dummies(df_train['Embarked_Val'], prefix='Embarked_Val')], axis=1)
      train_data = df_train.values
      clf = DecisionTreeClassifier(random_state=0).fit(train_data[:, 1:], train_data[:, 0])
      print(train_data.dtype, clf.predict(train_data[:, 1:]).tolist())
    `;
    const errors = [
      cellError(
        0,
        'ValueError',
        'Unknown label type: unknown. Maybe you are trying to fit a classifier, which expects discrete classes on ' +
          'a regression target with continuous values.',
        'clf = DecisionTreeClassifier(random_state=0).fit(train_data[:, 1:], train_data[:, 0])',
      ),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['pandas.get-dummies-dtype'],
      { fails: /ValueError: Unknown label type: unknown/, out: 'float64 [0.0, 1.0, 1.0, 0.0, 1.0, 0.0]' },
      { errors, created: '2015-03-14' },
    );
    // a 2015 notebook: pandas before 0.19 made float64 dummies
    expect(after).toContain("pd.get_dummies(df_train['Embarked_Val'], prefix='Embarked_Val', dtype=float)");
  });

  it('numpy.histogram-float-bins: a float number of bins is truncated, as NumPy 1.9 did', async () => {
    const before = py`
      import numpy as np
      import matplotlib
      matplotlib.use('Agg')
      import matplotlib.pyplot as plt
      ages = np.array([1.0, 4.0, 15.5, 22.0, 38.0, 80.0, 35.0, 54.0, 2.0, 27.0])
      max_age, bin_size = max(ages), 10
      counts, edges, _ = plt.hist(ages,
                                  bins=max_age / bin_size * 1.05,
                                  range=(1, max_age))
      print(len(counts), counts.tolist())
    `;
    const errors = [
      cellError(
        0,
        'TypeError',
        '`bins` must be an integer, a string, or an array',
        'counts, edges, _ = plt.hist(ages,',
      ),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['numpy.histogram-float-bins'],
      {
        fails: /TypeError: `bins` must be an integer, a string, or an array/,
        // 8.4 bins: NumPy 1.9 made 8 (int() truncates)
        out: '8 [3.0, 1.0, 2.0, 2.0, 0.0, 1.0, 0.0, 1.0]',
      },
      { errors, created: '2015-03-14' },
    );
    expect(after).toContain('bins=int(max_age / bin_size * 1.05),');
  });
});
