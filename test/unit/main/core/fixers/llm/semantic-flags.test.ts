import { describe, expect, it } from 'vitest';
import { semanticFlagList, semanticFlags } from '../../../../../../main/core/fixers/llm/semantic-flags';
import { code, markdown, notebookOf } from './fix-context';

const nb = notebookOf([
  code("df = pd.read_csv('train.csv')\nnp.random.seed(42)"),
  code(
    'model = RandomForestClassifier(n_estimators=500, random_state=1)\nmodel.fit(X, y)\npreds = model.predict(X_test)',
  ),
  code('history = net.fit(X, y, epochs=50, batch_size=32)'),
  markdown('notes'),
]);

describe('semantic flags', () => {
  it('flags estimators, seeds, epochs, subsampling, removed cells and removed model code', () => {
    const kinds = semanticFlagList(nb, [
      {
        cellIndex: 0,
        source: "df = pd.read_csv('train.csv', nrows=1000)\ndf = df.sample(frac=0.1)\nnp.random.seed(0)",
      },
      { cellIndex: 1, source: 'model = RandomForestClassifier(n_estimators=10, random_state=1)\nmodel.fit(X, y)' },
      { cellIndex: 2, source: null },
    ]).map((f) => `${f.kind}@${f.cellIndex}`);
    expect(kinds).toEqual([
      'seed-changed@0',
      'data-subsampled@0',
      'data-subsampled@0',
      'data-subsampled@0',
      'estimators-changed@1',
      'model-code-removed@1',
      'cell-removed@2',
      'model-code-removed@2',
    ]);
  });

  it('formats flags with the kind first and the detail', () => {
    const flags = semanticFlags(nb, [{ cellIndex: 2, source: 'history = net.fit(X, y, epochs=5, batch_size=32)' }]);
    expect(flags).toEqual(['epochs-changed: cell 2: epochs: 50 → 5']);
  });

  it('does not flag a harmless API fix, a comment, or a removed markdown cell as model code', () => {
    expect(
      semanticFlags(nb, [
        {
          cellIndex: 1,
          source:
            'model = RandomForestClassifier(n_estimators=500, random_state=1)  # n_estimators=10 before\nmodel.fit(X.values, y)\npreds = model.predict(X_test.values)',
        },
      ]),
    ).toEqual([]);
    expect(semanticFlags(nb, [{ cellIndex: 3, source: null }])).toEqual([
      'cell-removed: cell 3: markdown cell removed',
    ]);
  });
});
