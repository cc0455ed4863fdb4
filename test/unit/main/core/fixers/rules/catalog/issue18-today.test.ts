// Issue 18's mechanisms run in today's stack (Python 3.14, scikit-learn 1.9, SciPy 1.17, matplotlib 3.10): the
// old snippet fails there, the rewritten one runs and computes what the old code meant. Plus the one change that
// must stay unrepaired (AdaBoost's SAMME.R: its replacement predicts differently).
import { describe, expect, it } from 'vitest';
import { diagnoseErrors } from '../../../../../../../main/core/fixers/rules/rules-fixer';
import {
  cellError,
  environment,
  fix,
  fixCells,
  notebookOf,
  TODAY_ENVIRONMENT as TODAY,
  fixAfterError,
} from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describe('AdaBoostClassifier(algorithm=SAMME.R) is reported, never rewritten', () => {
  it('no rule edits it, and the loop is told why', async () => {
    const source =
      "from sklearn.ensemble import AdaBoostClassifier\nada = AdaBoostClassifier(n_estimators=50, algorithm='SAMME.R')\nada.fit(X, y)\n";
    const error = cellError(
      0,
      'TypeError',
      "AdaBoostClassifier.__init__() got an unexpected keyword argument 'algorithm'",
      "ada = AdaBoostClassifier(n_estimators=50, algorithm='SAMME.R')",
    );
    expect(await fix(source, 'all', { ...TODAY, errors: [error] })).toBe(source);
    const [diagnosis] = await diagnoseErrors(notebookOf(source), environment(TODAY.packages, TODAY.python), {
      errors: [error],
    });
    expect(['no-rule', 'ambiguous', 'refused']).toContain(diagnosis?.reason);
  });
});

describeTodaySnippets("issue 18 rewrites run in today's stack", (run) => {
  it('print (a+b)/4. prints the whole expression instead of raising', async () => {
    const before = 'a, b = 1, 3\nprint "go"\nprint (a+b)/4.\nprint (a), b\n';
    expect(run(before.replace('print "go"\n', '')).ok).toBe(false); // TypeError: None / float
    const after = await fix(before, ['python2.print-statement'], TODAY);
    expect(run(after)).toEqual({ ok: true, out: 'go\n1.0\n1 3' });
  });

  it('StratifiedKFold(random_state) without shuffle: same folds as the unshuffled splitter', async () => {
    const before =
      'from sklearn.model_selection import StratifiedKFold\nskf = StratifiedKFold(n_splits=2, random_state=7)\nprint([[int(i) for i in te] for tr, te in skf.split([[0]] * 6, [0, 1, 0, 1, 0, 1])])\n';
    expect(run(before).out).toMatch(/Setting a random_state has no effect/);
    const after = await fix(before, ['sklearn.splitter-random-state-without-shuffle'], TODAY);
    expect(run(after)).toEqual({ ok: true, out: '[[0, 1, 2], [3, 4, 5]]' });
  });

  it('predict(1-D) is one sample, as np.atleast_2d made it before 0.19', async () => {
    const setup =
      'from sklearn.linear_model import LinearRegression\nm = LinearRegression().fit([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 1, 1, 1]], [1, 2, 3, 4, 10])\n';
    const line = 'print(round(float(m.predict([3, 5, 4, 2])[0]), 6))';
    expect(run(setup + line).out).toMatch(/Expected 2D array, got 1D array instead/);
    const errors = [cellError(1, 'ValueError', 'Expected 2D array, got 1D array instead:', line)];
    const result = await fixCells([setup, `${line}\n`], ['sklearn.one-dimensional-x'], { ...TODAY, errors });
    const fixed = (result.notebook.cells[1]?.source as string) ?? '';
    const expected = run(`${setup}print(round(float(m.predict([[3, 5, 4, 2]])[0]), 6))`);
    expect(expected.ok).toBe(true);
    expect(run(setup + fixed)).toEqual(expected);
  });

  it("scipy.interp, LogisticRegression(l1), SCORERS, cmap spectral and c='' run after the rewrite", async () => {
    const before = py`
      import numpy as np
      import scipy
      import matplotlib.pyplot as plt
      from sklearn.linear_model import LogisticRegression
      from sklearn.metrics import SCORERS
      y = scipy.interp(0.5, [0, 1], [0, 10])
      lr = LogisticRegression(penalty='l1', C=1.0).fit([[0, 1], [1, 0], [0, 2], [2, 0]], [0, 1, 0, 1])
      plt.scatter([1, 2], [1, 2], c='', edgecolors='r')
      plt.scatter([1, 2], [1, 2], c=[1, 2], cmap='spectral')
      print(y, lr.predict([[0, 3]])[0], 'accuracy' in sorted(SCORERS.keys()))
    `;
    expect(run(before).ok).toBe(false);
    const after = await fix(
      before,
      [
        'scipy.numpy-aliases',
        'sklearn.logistic-l1-solver',
        'sklearn.scorers-dict',
        'matplotlib.spectral-colormap',
        'matplotlib.scatter-empty-color',
      ],
      TODAY,
    );
    expect(run(after)).toEqual({ ok: true, out: '5.0 0 True' });
  });

  it('filter(…) + […] and ks = d.keys(); ks.sort() give the Python 2 lists', async () => {
    const before =
      'd = {"b": 1, "a": 2}\nks = d.keys()\nks.sort()\nprint(ks, filter(lambda v: v > 1, [1, 2, 3]) + [9])\n';
    const failing = run(before);
    expect(failing.out).toMatch(/'dict_keys' object has no attribute 'sort'/);
    let after = await fix(before, ['python2.iterator-builtins'], TODAY);
    after = await fixAfterError(
      after,
      ['python2.list-valued-variables'],
      ['AttributeError', "'dict_keys' object has no attribute 'sort'", 'ks.sort()'],
    );
    expect(run(after)).toEqual({ ok: true, out: "['a', 'b'] [2, 3, 9]" });
  });
});
