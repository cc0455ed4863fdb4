// xgboost.label-encoder in today's stack (xgboost 3.3) and in bookworm's (xgboost 1.7, whose fit assigns classes_
// and whose predict decodes through its own `_le`): XGBClassifier on labels [3..8] fails there, and inside a
// GridSearchCV every fit fails; after the rule the notebook runs, and its predictions, classes_, accuracy and
// probabilities are those of LabelEncoder + inverse_transform written by hand (what xgboost < 1.6 did in fit/predict).
import { describe, expect, it } from 'vitest';
import { cellError, cellSource, fixCells, snippetRunner, TODAY_ENVIRONMENT } from '../helpers';
import { type SnippetRun, describeTodaySnippets, TODAY_TEST_TIMEOUT } from '../../../../../../helpers/today-snippets';
import { TEST_PYTHON } from '../../../../../../helpers/python';

const TODAY = { ...TODAY_ENVIRONMENT, packages: { ...TODAY_ENVIRONMENT.packages, xgboost: '3.3.0' } };
const BOOKWORM = {
  python: '3.11.2',
  packages: { numpy: '1.24.2', pandas: '1.5.3', 'scikit-learn': '1.2.1', scipy: '1.10.1', xgboost: '1.7.4' },
};

const DATA =
  'import numpy as np\nfrom sklearn.datasets import make_classification\n' +
  'X, y = make_classification(n_samples=300, n_features=6, n_informative=4, n_classes=6, random_state=0)\ny = y + 3\n' +
  'Xtr, Xte, ytr, yte = X[:200], X[200:], y[:200], y[200:]\n';
const CELLS = [
  `import xgboost as xgb\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.metrics import accuracy_score\n${DATA}`,
  "clf = xgb.XGBClassifier(n_estimators=20)\nclf.fit(Xtr, ytr)\np = clf.predict(Xte)\nprint(clf.classes_.tolist(), p[:8].tolist(), '%.4f' % accuracy_score(yte, p), clf.predict_proba(Xte)[:2].round(4).tolist())\n",
  "grid = GridSearchCV(clf, {'max_depth': [2, 3]}, cv=3, scoring='accuracy')\ngrid.fit(X, y)\nprint(grid.best_params_, grid.predict(Xte[:5]).tolist())\n",
];
// what xgboost < 1.6 did inside fit and predict, written out by hand
const BY_HAND =
  `import xgboost as xgb\nfrom sklearn.preprocessing import LabelEncoder\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.metrics import accuracy_score\n${DATA}` +
  'le = LabelEncoder().fit(ytr)\nclf = xgb.XGBClassifier(n_estimators=20).fit(Xtr, le.transform(ytr))\np = le.inverse_transform(clf.predict(Xte))\n' +
  "print(le.classes_.tolist(), p[:8].tolist(), '%.4f' % accuracy_score(yte, p), clf.predict_proba(Xte)[:2].round(4).tolist())\n" +
  "le = LabelEncoder().fit(y)\ngrid = GridSearchCV(xgb.XGBClassifier(n_estimators=20), {'max_depth': [2, 3]}, cv=3, scoring='accuracy').fit(X, le.transform(y))\n" +
  'print(grid.best_params_, le.inverse_transform(grid.predict(Xte[:5])).tolist())\n';

function fixesLikeByHand(run: SnippetRun, environment: typeof TODAY | typeof BOOKWORM): void {
  it(
    'xgboost.label-encoder: the shimmed notebook predicts what LabelEncoder + inverse_transform by hand give',
    { timeout: TODAY_TEST_TIMEOUT },
    async () => {
      const failing = run(CELLS.join(''));
      expect(failing.ok).toBe(false);
      expect(failing.out).toMatch(/Invalid classes inferred from unique values of `y`/);
      const errors = [
        cellError(1, 'ValueError', 'Invalid classes inferred from unique values of `y`.', 'clf.fit(Xtr, ytr)'),
      ];
      const fixed = await fixCells(CELLS, ['xgboost.label-encoder'], { ...environment, errors });
      const sources = CELLS.map((_, i) => cellSource(fixed, i));
      expect(sources[0]).toContain('class XGBClassifier(xgb.XGBClassifier):');
      expect(sources[1]).toContain('clf = XGBClassifier(n_estimators=20)');
      const after = run(sources.join(''));
      const expected = run(BY_HAND);
      expect(expected.ok).toBe(true);
      expect(after).toEqual(expected);
      expect(after.out).toMatch(/^\[3, 4, 5, 6, 7, 8\]/);
    },
  );
}

describeTodaySnippets("XGBClassifier's removed label encoder in today's stack", (run) => fixesLikeByHand(run, TODAY));
describe("XGBClassifier's removed label encoder [bookworm]", () =>
  fixesLikeByHand(snippetRunner(TEST_PYTHON), BOOKWORM));
