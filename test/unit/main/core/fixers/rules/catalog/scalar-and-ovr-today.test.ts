// NumPy 2.4's array-to-scalar conversion and scikit-learn 1.8's liblinear one-vs-rest, in today's stack: the old
// snippet fails there, the rewritten one runs and prints what the old libraries printed; shadowing and code that
// must stay as written are left alone.
import { describe, expect, it } from 'vitest';
import { cellError, fix, fixCells, cellSource, fixAfterError, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

const SCALAR_ERROR = 'only 0-dimensional arrays can be converted to Python scalars';

describe('numpy.array-to-scalar', () => {
  const scalarFix = (source: string, line: string, options = {}) =>
    fix(source, ['numpy.array-to-scalar'], {
      ...TODAY,
      ...options,
      errors: [cellError(0, 'TypeError', SCALAR_ERROR, line)],
    });

  it('takes the element out for float(), int(), math and numeric %-specifiers on the failing line only', async () => {
    const source =
      "import math\nimport numpy as np\nprint('Slope: %.3f, n=%d, name=%s' % (w[0], n, label))\nv = float(a) + int(b[0]) + math.sqrt(c)\nother = float(d)\n";
    const line = "print('Slope: %.3f, n=%d, name=%s' % (w[0], n, label))";
    expect(await scalarFix(source, line)).toBe(
      "import math\nimport numpy as np\nprint('Slope: %.3f, n=%d, name=%s' % (np.asarray(w[0]).item(), np.asarray(n).item(), label))\nv = float(a) + int(b[0]) + math.sqrt(c)\nother = float(d)\n",
    );
    expect(await scalarFix(source, 'v = float(a) + int(b[0]) + math.sqrt(c)')).toBe(
      "import math\nimport numpy as np\nprint('Slope: %.3f, n=%d, name=%s' % (w[0], n, label))\nv = float(np.asarray(a).item()) + int(np.asarray(b[0]).item()) + math.sqrt(np.asarray(c).item())\nother = float(d)\n",
    );
  });

  it('is idempotent, and leaves literals, %s, a redefined float and an older NumPy alone', async () => {
    const line = "print('%.3f' % score)";
    const once = await scalarFix(`import numpy as np\n${line}\n`, line);
    expect(once).toBe("import numpy as np\nprint('%.3f' % np.asarray(score).item())\n");
    const again = await scalarFix(once, "print('%.3f' % np.asarray(score).item())");
    expect(again).toBe(once);
    const alone = "import numpy as np\nprint('%s %.1f' % (arr, 2.5))\nx = float('3.5')\n";
    expect(await scalarFix(alone, "print('%s %.1f' % (arr, 2.5))")).toBe(alone);
    expect(await scalarFix(alone, "x = float('3.5')")).toBe(alone);
    const shadowed = 'import numpy as np\ndef float(v):\n    return v * 2\ny = float(a)\n';
    expect(await scalarFix(shadowed, 'y = float(a)')).toBe(shadowed);
    const old = `import numpy as np\n${line}\n`;
    expect(
      await fix(old, ['numpy.array-to-scalar'], {
        packages: { numpy: '2.3.4' },
        errors: [cellError(0, 'TypeError', SCALAR_ERROR, line)],
      }),
    ).toBe(old);
  });

  it('imports numpy when the notebook has not', async () => {
    const line = 'x = int(idx)';
    expect(await scalarFix(`${line}\n`, line)).toBe('import numpy as np\nx = int(np.asarray(idx).item())\n');
  });
});

describe('sklearn.liblinear-multiclass-ovr', () => {
  const MULTI =
    "The 'liblinear' solver does not support multiclass classification (n_classes >= 3). Either use another solver or wrap the estimator in a OneVsRestClassifier to keep applying a one-versus-rest scheme.";
  const setup = 'import numpy as np\nfrom sklearn.linear_model import LogisticRegression\n';
  const model = "lr = LogisticRegression(penalty='l1', C=0.1, solver='liblinear')\nlr.fit(X, y)\n";

  it('wraps the failing model, then reads coef_ / intercept_ from the per-class models', async () => {
    const wrapped = await fixCells([setup, model, 'lr.coef_[1]\n'], ['sklearn.liblinear-multiclass-ovr'], {
      ...TODAY,
      errors: [cellError(1, 'ValueError', MULTI, 'lr.fit(X, y)')],
    });
    expect(cellSource(wrapped, 1)).toBe(
      "from sklearn.multiclass import OneVsRestClassifier\nlr = OneVsRestClassifier(LogisticRegression(penalty='l1', C=0.1, solver='liblinear'))\nlr.fit(X, y)\n",
    );
    expect(cellSource(wrapped, 2)).toBe('lr.coef_[1]\n');
    const sources = [0, 1, 2].map((i) => cellSource(wrapped, i));
    const read = await fixCells(sources, ['sklearn.liblinear-multiclass-ovr'], {
      ...TODAY,
      errors: [cellError(2, 'AttributeError', "'OneVsRestClassifier' object has no attribute 'coef_'", 'lr.coef_[1]')],
    });
    expect(cellSource(read, 2)).toBe('np.vstack([e.coef_ for e in lr.estimators_])[1]\n');
  });

  it('leaves a name bound to something else, and a lbfgs model, alone', async () => {
    const reused = [setup, model, 'lr = make_pipeline()\nlr.coef_\n'];
    const result = await fixCells(reused, ['sklearn.liblinear-multiclass-ovr'], {
      ...TODAY,
      errors: [cellError(2, 'AttributeError', "'OneVsRestClassifier' object has no attribute 'coef_'", 'lr.coef_')],
    });
    expect(result.edits).toEqual([]);
    const lbfgs = 'from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(C=0.1)\nlr.fit(X, y)\n';
    expect(
      await fixAfterError(lbfgs, ['sklearn.liblinear-multiclass-ovr'], ['ValueError', MULTI, 'lr.fit(X, y)']),
    ).toBe(lbfgs);
  });
});

describeTodaySnippets("NumPy 2.4 scalars and liblinear one-vs-rest in today's stack", (run) => {
  it("'%.3f' % intercept_ and float(predict(one sample)) print the element as NumPy 2.3 did", async () => {
    const before =
      "import numpy as np\nfrom sklearn.linear_model import LinearRegression\nX = np.array([[1.0], [2.0], [3.0]])\ny = np.array([[2.0], [4.1], [5.9]])\nm = LinearRegression().fit(X, y)\nprint('Intercept: %.3f' % m.intercept_)\nprint(round(float(m.predict([[4.0]])), 3))\n";
    expect(run(before).out).toMatch(new RegExp(SCALAR_ERROR));
    let after = await fixAfterError(
      before,
      ['numpy.array-to-scalar'],
      ['TypeError', SCALAR_ERROR, "print('Intercept: %.3f' % m.intercept_)"],
    );
    after = await fixAfterError(
      after,
      ['numpy.array-to-scalar'],
      ['TypeError', SCALAR_ERROR, 'print(round(float(m.predict([[4.0]])), 3))'],
    );
    expect(run(after)).toEqual({ ok: true, out: 'Intercept: 0.100\n7.9' });
  });

  it('l1 logistic regression on 3 classes: the one-vs-rest liblinear fit, its coef_ and intercept_ shapes', async () => {
    const data = 'from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)\n';
    const before = `${data}import numpy as np\nfrom sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(penalty='l1', C=1.0, solver='liblinear')\nlr.fit(X, y)\nprint(round(lr.score(X, y), 4), lr.coef_.shape, lr.intercept_.shape)\n`;
    expect(run(before).out).toMatch(/does not support multiclass/);
    let after = await fixAfterError(
      before,
      ['sklearn.liblinear-multiclass-ovr'],
      [
        'ValueError',
        "The 'liblinear' solver does not support multiclass classification (n_classes >= 3).",
        'lr.fit(X, y)',
      ],
    );
    expect(after).toContain('OneVsRestClassifier(LogisticRegression(');
    expect(after).toContain('np.vstack([e.coef_ for e in lr.estimators_]).shape');
    // the same per-class models the old default fitted: each class against the rest with liblinear
    const reference = `${data}from sklearn.linear_model import LogisticRegression\nimport numpy as np\nms = [LogisticRegression(penalty='l1', C=1.0, solver='liblinear').fit(X, (y == k).astype(int)) for k in range(3)]\nscores = np.column_stack([m.decision_function(X) for m in ms])\nprint(round(float((scores.argmax(1) == y).mean()), 4), (3, 4), (3,))\n`;
    const expected = run(reference);
    expect(expected.ok).toBe(true);
    after = after.replace(/\n$/, '');
    expect(run(after)).toEqual(expected);
  });
  it('inverse_transform of 1-D values by a scaler fitted on one column gives them back 1-D, as before 0.19', async () => {
    const setup =
      'import numpy as np\nfrom sklearn.preprocessing import StandardScaler\ny = np.array([1.0, 2.0, 3.0, 4.0])\nsc_y = StandardScaler()\ny_std = sc_y.fit_transform(np.reshape(y, (-1, 1))).ravel()\n';
    const line = 'back = sc_y.inverse_transform(y_std[:2])';
    const show = '\nprint(back.shape, [round(float(v), 3) for v in back])\n';
    expect(run(setup + line + show).out).toMatch(/Expected 2D array, got 1D array instead/);
    const result = await fixCells([setup, line + show], 'all', {
      ...TODAY,
      errors: [cellError(1, 'ValueError', 'Expected 2D array, got 1D array instead:', line)],
    });
    expect(result.ruleIds).toEqual(['sklearn.scaler-one-dimensional']);
    expect(run(setup + cellSource(result, 1))).toEqual({ ok: true, out: '(2,) [1.0, 2.0]' });
  });
});
