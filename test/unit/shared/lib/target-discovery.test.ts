// Target discovery's ranking on outputs written here in the formats the libraries print: scikit-learn metrics and
// scoring calls, Keras epoch logs, XGBoost and LightGBM iteration logs, pandas reprs; and that every pattern
// proposed reads its value back through the score reader.
import { describe, expect, it } from 'vitest';
import { parseNotebook } from '../../../../shared/lib/ipynb';
import { readScore, scoreCellText } from '../../../../shared/lib/score-output';
import { discoverTargets, type TargetCandidate } from '../../../../shared/lib/target-discovery';
import type { Notebook } from '../../../../shared/models/notebook';

type CellSpec = { source: string; stdout?: string; stderr?: string; result?: string; html?: string };

function notebook(cells: CellSpec[]): Notebook {
  return parseNotebook(
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 4,
      metadata: {},
      cells: cells.map((c, i) => ({
        cell_type: 'code',
        metadata: {},
        execution_count: i + 1,
        source: c.source,
        outputs: [
          ...(c.stdout !== undefined ? [{ output_type: 'stream', name: 'stdout', text: c.stdout }] : []),
          ...(c.stderr !== undefined ? [{ output_type: 'stream', name: 'stderr', text: c.stderr }] : []),
          ...(c.result !== undefined || c.html !== undefined
            ? [
                {
                  output_type: 'execute_result',
                  execution_count: i + 1,
                  metadata: {},
                  data: {
                    ...(c.result !== undefined ? { 'text/plain': c.result } : {}),
                    ...(c.html !== undefined ? { 'text/html': c.html } : {}),
                  },
                },
              ]
            : []),
        ],
      })),
    }),
  );
}

/** Every candidate's pattern reads its own value from its cell, as the judge will. */
function expectReadable(nb: Notebook, candidates: TargetCandidate[]): void {
  for (const c of candidates.filter((x) => x.scoreable)) {
    const read = readScore(scoreCellText(nb.cells[c.cellIndex]!), c.pattern, c.occurrence);
    expect(read.score, `${c.pattern} in cell ${c.cellIndex}`).toBe(c.value);
  }
}

describe('target discovery', () => {
  it('ranks a printed scikit-learn metric over shapes, counts, seeds and p-values, with its direction', () => {
    const nb = notebook([
      { source: 'print(X.shape)\nprint("rows:", len(df))', stdout: '(891, 12)\nrows: 891\n' },
      {
        source: 'print("random_state =", 42)\nprint("p-value: 0.0312")',
        stdout: 'random_state = 42\np-value: 0.0312\n',
      },
      {
        source:
          'from sklearn.metrics import mean_squared_error\nrmse = np.sqrt(mean_squared_error(y_test, pred))\nprint("Test RMSE: %.4f" % rmse)',
        stdout: 'Test RMSE: 0.1234\n',
      },
    ]);
    const [best, ...rest] = discoverTargets(nb);
    expect(best).toMatchObject({
      cellIndex: 2,
      value: 0.1234,
      metric: 'rmse',
      higherIsBetter: false,
      origin: 'printed',
    });
    expect(rest.some((c) => c.value === 42 || (c.value === 0.0312 && c.rank < 2))).toBe(false);
    expectReadable(nb, [best!, ...rest]);
  });

  it('reads the value after a metric named with a number (R^2) or printed with a count ("on 5 folds")', () => {
    const nb = notebook([
      {
        source: "print('The best R^2 for Ridge is: {}'.format(grid.best_score_))",
        stdout: 'The best R^2 for Ridge is: 0.8598284374966042\n',
      },
      {
        source: "print('RMSE on 5 folds: %.4f' % np.sqrt(-scores.mean()))",
        stdout: 'RMSE on 5 folds: 0.1234\n',
      },
    ]);
    const candidates = discoverTargets(nb);
    // the 2 of R^2 is part of the metric's name; the 5 counts folds: neither is the score
    expect(candidates.map((c) => c.value)).not.toContain(2);
    const [first, second, ...rest] = candidates;
    expect([first?.value, second?.value].sort()).toEqual([0.1234, 0.8598284374966042]);
    expect(candidates.find((c) => c.value === 0.1234)).toMatchObject({ metric: 'rmse', higherIsBetter: false });
    expect(candidates.find((c) => c.value === 0.8598284374966042)).toMatchObject({ metric: 'r2' });
    expect(rest.every((c) => c.value === 5)).toBe(true);
    expectReadable(nb, candidates);
  });

  it("reads a scoring call's expression result (numpy 2's np.float64 repr too) and a metric-named variable", () => {
    const nb = notebook([
      { source: 'acc_knn = round(knn.score(X_train, y_train) * 100, 2)\nacc_knn', result: '84.74' },
      { source: 'accuracy_score(y_val, preds)', result: 'np.float64(0.7084745762711865)' },
      { source: 'len(df)', result: '891' },
    ]);
    const candidates = discoverTargets(nb);
    expect(candidates[0]).toMatchObject({
      cellIndex: 1,
      value: 0.7084745762711865,
      metric: 'accuracy',
      higherIsBetter: true,
      origin: 'expression',
    });
    expect(candidates[1]).toMatchObject({ cellIndex: 0, value: 84.74, metric: 'accuracy' });
    expect(candidates.find((c) => c.cellIndex === 2)).toBeUndefined();
    expectReadable(nb, candidates);
  });

  it('takes the direction of a CV score from its scoring and of a generic name from .min()', () => {
    const nb = notebook([
      { source: "scores = cross_val_score(linreg, X, y, cv=10, scoring='neg_mean_squared_error')", stdout: '' },
      { source: 'np.mean(np.sqrt(-scores))', result: '165.22328668912968' },
      { source: 'cv = [rmse_cv(Ridge(alpha=a)).mean() for a in alphas]\ncv = pd.Series(cv, index=alphas)', stdout: '' },
      { source: 'cv.min()', result: '0.1273' },
    ]);
    const byCell = new Map(discoverTargets(nb).map((c) => [c.cellIndex, c]));
    expect(byCell.get(1)).toMatchObject({ metric: 'rmse', higherIsBetter: false });
    expect(byCell.get(3)).toMatchObject({ metric: 'rmse', higherIsBetter: false });
  });

  it('keeps only the final line of a Keras epoch log, and prefers a later evaluation', () => {
    const log = [
      'Epoch 1/3',
      '891/891 [==============================] - 1s 1ms/step - loss: 0.6012 - acc: 0.6734 - val_loss: 0.5511 - val_acc: 0.7188',
      'Epoch 2/3',
      '891/891 [==============================] - 0s 300us/step - loss: 0.5123 - acc: 0.7512 - val_loss: 0.4901 - val_acc: 0.7812',
      'Epoch 3/3',
      '891/891 [==============================] - 0s 310us/step - loss: 0.4811 - acc: 0.7845 - val_loss: 0.4702 - val_acc: 0.8021',
      '',
    ].join('\n');
    const nb = notebook([
      { source: 'model.fit(X, y, epochs=3, validation_split=0.2)', stdout: log },
      {
        source: 'loss, acc = model.evaluate(X_test, y_test)\nprint("Test accuracy:", acc)',
        stdout: 'Test accuracy: 0.7933\n',
      },
    ]);
    const candidates = discoverTargets(nb);
    expect(candidates[0]).toMatchObject({ cellIndex: 1, value: 0.7933, metric: 'accuracy' });
    const fromLog = candidates.filter((c) => c.cellIndex === 0);
    expect(fromLog.length).toBeGreaterThan(0);
    // every candidate from the log is on its last epoch line
    for (const c of fromLog) expect(c.line).toContain('val_acc: 0.8021');
    expect(fromLog.map((c) => c.value)).not.toContain(0.7188);
    expectReadable(nb, candidates);
  });

  it('reads XGBoost and LightGBM logs at their final and best iterations only', () => {
    const xgb = [
      '[0]\tvalidation_0-rmse:10.12345',
      '[50]\tvalidation_0-rmse:2.34567',
      '[99]\tvalidation_0-rmse:1.23456',
      '',
    ].join('\n');
    const lgb = [
      "Training until validation scores don't improve for 50 rounds",
      "[100]\tvalid_0's auc: 0.81234",
      "[200]\tvalid_0's auc: 0.83456",
      'Early stopping, best iteration is:',
      "[187]\tvalid_0's auc: 0.83901",
      '',
    ].join('\n');
    const nb = notebook([
      {
        source: 'model = xgb.XGBRegressor(random_state=0)\nmodel.fit(X, y, eval_set=[(Xv, yv)], verbose=50)',
        stdout: xgb,
      },
      {
        source: 'clf = lgb.LGBMClassifier(random_state=0)\nclf.fit(X, y, eval_set=[(Xv, yv)], eval_metric="auc")',
        stdout: lgb,
      },
    ]);
    const candidates = discoverTargets(nb);
    const values = candidates.map((c) => c.value);
    expect(values).toContain(1.23456);
    expect(values).toContain(0.83901);
    expect(values).not.toContain(10.12345);
    expect(values).not.toContain(2.34567);
    expect(values).not.toContain(0.81234);
    expect(candidates.find((c) => c.value === 0.83901)).toMatchObject({
      metric: 'auc',
      higherIsBetter: true,
      origin: 'log',
    });
    expect(candidates.find((c) => c.value === 1.23456)).toMatchObject({ metric: 'rmse', higherIsBetter: false });
    expectReadable(nb, candidates);
  });

  it('reads a metric column of a pandas repr, and demotes a table that repeats earlier results', () => {
    const nb = notebook([
      { source: 'acc_svc = round(svc.score(X, y) * 100, 2)\nacc_svc', result: '83.84' },
      { source: 'acc_nb = round(nb.score(X, y) * 100, 2)\nacc_nb', result: '72.28' },
      {
        source:
          "models = pd.DataFrame({'Model': ['SVC', 'NB'], 'Score': [acc_svc, acc_nb]})\nmodels.sort_values(by='Score', ascending=False)",
        result: '  Model  Score\n0   SVC  83.84\n1    NB  72.28',
      },
    ]);
    const candidates = discoverTargets(nb);
    const table = candidates.filter((c) => c.origin === 'table');
    expect(table.map((c) => c.value).sort()).toEqual([72.28, 83.84]);
    expect(table[0]!.reason).toContain('repeats the value of cell');
    // the first row's pattern names its row, so it reads 83.84 and not the last row's value
    expectReadable(nb, candidates);
    expect(candidates[0]!.origin).toBe('expression');
  });

  it('prefers a deterministic model over an unseeded random one and one whose default changed', () => {
    const nb = notebook([
      { source: 'clf = LogisticRegression()\nclf.fit(X, y)\nacc_log = clf.score(X, y)\nacc_log', result: '0.8036' },
      { source: 'gnb = GaussianNB()\ngnb.fit(X, y)\nacc_gnb = gnb.score(X, y)\nacc_gnb', result: '0.7228' },
      {
        source: 'rf = RandomForestClassifier(n_estimators=100)\nrf.fit(X, y)\nacc_rf = rf.score(X, y)\nacc_rf',
        result: '0.8676',
      },
    ]);
    const candidates = discoverTargets(nb);
    expect(candidates[0]).toMatchObject({ cellIndex: 1, value: 0.7228 });
    expect(candidates.find((c) => c.cellIndex === 2)!.reason).toMatch(/random without a seed \(RandomForestClassifier/);
    expect(candidates.find((c) => c.cellIndex === 0)!.reason).toMatch(/default solver changed/);
  });

  it('reads an HTML-only table as a candidate an output spec cannot read, and a stderr warning not at all first', () => {
    const nb = notebook([
      { source: 'print("Accuracy: 0.91")', stdout: 'Accuracy: 0.91\n', stderr: 'UserWarning: accuracy 0.5 is low\n' },
      {
        source: 'styled',
        html: '<table><tr><th>model</th><th>AUC</th></tr><tr><td>lr</td><td>0.88</td></tr></table>',
        result: '<pandas.io.formats.style.Styler at 0x7f00>',
      },
    ]);
    const candidates = discoverTargets(nb);
    expect(candidates[0]).toMatchObject({ value: 0.91, cellIndex: 0 });
    expect(candidates.find((c) => c.value === 0.88)).toMatchObject({ scoreable: false, metric: 'auc' });
  });

  it('finds nothing in a notebook that prints no metric', () => {
    expect(
      discoverTargets(
        notebook([
          { source: 'df.head()', result: '   a  b\n0  1  2' },
          { source: 'print("done")', stdout: 'done\n' },
        ]),
      ),
    ).toEqual([]);
  });
});
