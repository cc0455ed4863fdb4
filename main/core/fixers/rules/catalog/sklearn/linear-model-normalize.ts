// sklearn.linear-model-normalize — Ridge(alpha=4, normalize=True) → RidgeNormalized(alpha=4), a subclass that normalizes
// in fit as scikit-learn < 1.2 did
//
// Why it broke: scikit-learn 1.2 (2022-12-08), deprecated since 1.0: the linear models' `normalize` parameter was
// removed (Ridge, Lasso, ElasticNet, RidgeCV, RidgeClassifier …: "got an unexpected keyword argument 'normalize'").
// With fit_intercept=True, normalize=True centred X and divided each column by its l2 norm before fitting, then
// expressed coef_ and intercept_ on X's own scale. Dropping the argument changes a penalized model's result.
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Changelog: https://github.com/scikit-learn/scikit-learn/pull/17772
// Example:
//     ridge2 = Ridge(alpha=4, normalize=True)
//   →
//     class RidgeNormalized(Ridge):
//         # normalize=True (removed in scikit-learn 1.2): …
//         def fit(self, X, y, *args, **kwargs):
//             …
//     ridge2 = RidgeNormalized(alpha=4)
// Fix safety: Same result: the subclass's fit does what scikit-learn < 1.2's _preprocess_data did for normalize=True
// (centre X, divide each column by the l2 norm of the centred column, a zero norm counting as 1), fits the same
// model on that X, and returns coef_ / norm and intercept_ - mean · coef_, so coef_, intercept_, predict and score
// are those of the old estimator; it keeps the constructor, so set_params, clone and grid searches work as before.
// fit_intercept=False ignored normalize then and is fitted as it is; sample weights and sparse X (which the old code
// normalized otherwise) raise instead of computing something else.
// Left alone: the cross-validated estimators that normalized each fold separately (LassoCV, ElasticNetCV, LarsCV,
// RidgeCV with cv=), normalize given as anything but the literal True (False is sklearn.removed-keywords'), a
// class of the notebook's own, calls with **kwargs.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import { definesName, hasSplat, keywordArgument, lineStart, removeArgument, topLevelStatement } from '../../syntax';
import { SK, sk } from './_shared';

/** estimators whose normalize=True the subclass reproduces (one fit on the whole X) */
const CLASSES = ['Ridge', 'Lasso', 'ElasticNet', 'RidgeCV', 'RidgeClassifier'];

/** The subclass restoring normalize=True in fit; `base` is the expression of scikit-learn's class. */
function shim(name: string, base: string): string {
  return [
    `class ${name}(${base}):`,
    `${MARKER} X centred and scaled to unit l2 norm per column before the`,
    "    # fit, coef_ and intercept_ returned on X's scale, as scikit-learn < 1.2 did",
    '    def fit(self, X, y, *args, **kwargs):',
    '        import numpy as np',
    '        if not self.fit_intercept:',
    '            return super().fit(X, y, *args, **kwargs)',
    "        if args or kwargs.get('sample_weight') is not None or hasattr(X, 'toarray'):",
    "            raise TypeError('normalize=True with sample weights or sparse X is not reproduced')",
    '        values = np.asarray(X, dtype=float)',
    '        mean = values.mean(axis=0)',
    '        norm = np.sqrt(((values - mean) ** 2).sum(axis=0))',
    '        norm[norm == 0] = 1.0',
    '        super().fit((X - mean) / norm, y, **kwargs)',
    '        self.coef_ = self.coef_ / norm',
    '        self.intercept_ = self.intercept_ - np.dot(self.coef_, mean)',
    '        return self',
    '',
  ].join('\n');
}

const MARKER = '    # normalize=True (removed in scikit-learn 1.2):';

/** Does the source hold this rule's subclass (its class line followed by the marker comment)? */
function isShim(source: string, shimName: string): boolean {
  return source.includes(`class ${shimName}(`) && source.includes(`:\n${MARKER}`);
}

export const linearModelNormalize = defineRule({
  id: 'sklearn.linear-model-normalize',
  title: 'Ridge(alpha=4, normalize=True) → RidgeNormalized(alpha=4), a subclass that normalizes in fit as before 1.2',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    "scikit-learn 1.2 removed the linear models' normalize parameter (deprecated in 1.0). normalize=True " +
    'centred X and scaled each column to unit l2 norm before the fit, then gave coef_ and intercept_ on the ' +
    "original scale; the penalty saw the normalized columns, so dropping it changes Ridge's and Lasso's " +
    'coefficients. A subclass inserted before the statement does that preprocessing in fit, keeping the ' +
    'constructor (set_params, clone and grid searches work), and the call uses it without normalize=True.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /(Ridge|Lasso|ElasticNet|RidgeCV|RidgeClassifier)\.__init__\(\) got an unexpected keyword argument 'normalize'/,
      },
    ],
  },
  errorScope: 'cell',
  needles: ['normalize'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const shimmed = new Set<string>();
    for (const { node: call, name } of ctx.calls({ module: 'sklearn', names: CLASSES })) {
      const kw = keywordArgument(call, 'normalize', parsed);
      if (!name || !kw || parsed.text(kw.childForFieldName('value') as Node) !== 'True' || hasSplat(call)) continue;
      // RidgeCV with cv= normalized each fold on its own: not one fit on the whole X
      if (name === 'RidgeCV' && keywordArgument(call, 'cv', parsed)) continue;
      const shimName = `${name}Normalized`;
      const cells = [
        ...ctx.notebook.codeCells.filter((i) => i < ctx.cellIndex).map((i) => ctx.notebook.parse(i)),
        parsed,
      ];
      // the name is the notebook's own (bound otherwise than by this rule's subclass)
      if (cells.some((cell) => definesName(cell, shimName) && !isShim(cell.source, shimName))) continue;
      const callee = call.childForFieldName('function') as Node;
      if (!shimmed.has(shimName) && !cells.some((cell) => isShim(cell.source, shimName))) {
        shimmed.add(shimName);
        edits.push(
          insertAt(lineStart(parsed.source, topLevelStatement(call).startIndex), shim(shimName, parsed.text(callee))),
        );
      }
      edits.push(replaceNode(callee, shimName), removeArgument(kw, call));
    }
    return edits;
  },
});
