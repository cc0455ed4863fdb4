// sklearn.linear-model-normalize — Ridge(alpha=4, normalize=True) → RidgeNormalized(alpha=4), a subclass that
// normalizes in fit as scikit-learn < 1.2 did
//
// Why it broke: scikit-learn 1.2 (2022-12-08), deprecated since 1.0: the linear models' `normalize` parameter was
// removed (Ridge, Lasso, ElasticNet, RidgeCV, RidgeClassifier …: "got an unexpected keyword argument 'normalize'");
// Lars, LassoLars and OrthogonalMatchingPursuit, whose default it was, kept it until 1.4 (default False from 1.2).
// With fit_intercept=True, normalize=True centred X and divided each column by its l2 norm before fitting, then
// expressed coef_ and intercept_ on X's own scale. Dropping the argument changes a penalized model's result.
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Changelog: https://github.com/scikit-learn/scikit-learn/pull/17772
// Changelog: https://scikit-learn.org/stable/whats_new/v1.0.html
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
// normalized otherwise) raise instead of computing something else. LassoCV(alphas=…, cv=…) normalized each training
// fold with its own mean and norms: its subclass does the same with lasso_path and check_cv (the folds LassoCV uses),
// picks the alpha of least mean fold MSE and refits it on the normalized X, so alpha_, mse_path_ and coef_ are the old
// ones (equal to 1e-12 with a tight tol to cross_val_score of the normalized Lasso per alpha).
// Left alone: LassoCV without its own alphas (the default grid came from the normalized X) or without cv= (3 folds
// before 0.22), ElasticNetCV, LarsCV, LassoLarsCV, OrthogonalMatchingPursuitCV, RidgeCV with cv= (each fold
// normalized separately), LassoLarsIC (scikit-learn 1.1 corrected its AIC/BIC, so it selects otherwise), normalize
// given as anything but the literal True (False is sklearn.removed-keywords'), a class of the notebook's own,
// **kwargs. Lars, LassoLars and OrthogonalMatchingPursuit without normalize in a notebook of before 1.2 are
// calibrate.sklearn-lars-normalize's (True was their default).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import { definesName, hasSplat, keywordArgument, lineStart, removeArgument, topLevelStatement } from '../../syntax';
import { SK, sk } from './_shared';

/** estimators whose normalize=True a subclass reproduces (LassoCV's normalized each fold: cvShim) */
const CLASSES = [
  'Ridge',
  'Lasso',
  'ElasticNet',
  'RidgeCV',
  'RidgeClassifier',
  'LassoCV',
  'Lars',
  'LassoLars',
  'OrthogonalMatchingPursuit',
];

/** The subclass restoring normalize=True in fit; `base` is the expression of scikit-learn's class. */
export function shim(name: string, base: string): string {
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

/**
 * The LassoCV subclass: scikit-learn < 1.2 normalized each training fold on its own (its mean and norms), fitted the
 * path there and refitted the chosen alpha on the whole X normalized the same way; done here with public API.
 */
function cvShim(name: string, base: string): string {
  return [
    `class ${name}(${base}):`,
    `${MARKER} each training fold centred and scaled to unit l2 norm per`,
    '    # column, the path fitted there, the chosen alpha refitted on X normalized so, as scikit-learn < 1.2 did',
    '    def fit(self, X, y, *args, **kwargs):',
    '        import numpy as np',
    '        from sklearn.linear_model import Lasso, lasso_path',
    '        from sklearn.model_selection import check_cv',
    "        if args or kwargs.get('sample_weight') is not None or hasattr(X, 'toarray') or not self.fit_intercept:",
    "            raise TypeError('normalize=True with these arguments is not reproduced')",
    '        values, target = np.asarray(X, dtype=float), np.asarray(y, dtype=float)',
    '        alphas = np.sort(np.asarray(self.alphas, dtype=float))[::-1]',
    '        options = dict(max_iter=self.max_iter, tol=self.tol, positive=self.positive, selection=self.selection, random_state=self.random_state)',
    '',
    '        def scaled(a):',
    '            mean = a.mean(axis=0)',
    '            norm = np.sqrt(((a - mean) ** 2).sum(axis=0))',
    '            norm[norm == 0] = 1.0',
    '            return mean, norm',
    '',
    '        folds = []',
    '        for train, test in check_cv(self.cv).split(values, target):',
    '            mean, norm = scaled(values[train])',
    '            y_mean = target[train].mean()',
    '            _, coefs, _ = lasso_path((values[train] - mean) / norm, target[train] - y_mean, alphas=alphas, **options)',
    '            coefs = coefs / norm[:, None]',
    '            residues = values[test] @ coefs + (y_mean - mean @ coefs) - target[test][:, None]',
    '            folds.append((residues**2).mean(axis=0))',
    '        self.alphas_, self.mse_path_ = alphas, np.array(folds).T',
    '        self.alpha_ = alphas[np.argmin(self.mse_path_.mean(axis=1))]',
    '        mean, norm = scaled(values)',
    '        final = Lasso(alpha=self.alpha_, **options)',
    '        final.fit((values - mean) / norm, target)',
    '        self.coef_ = final.coef_ / norm',
    '        self.intercept_ = final.intercept_ - mean @ self.coef_',
    '        self.dual_gap_, self.n_iter_, self.n_features_in_ = final.dual_gap_, final.n_iter_, values.shape[1]',
    '        return self',
    '',
  ].join('\n');
}

const MARKER = '    # normalize=True (removed in scikit-learn 1.2):';

/** Does the source hold this rule's subclass (its class line followed by the marker comment)? */
export function isShim(source: string, shimName: string): boolean {
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
    'constructor (set_params, clone and grid searches work), and the call uses it without normalize=True. ' +
    'LassoCV(alphas=…, cv=…) normalized each training fold: its subclass redoes that cross-validation with ' +
    'lasso_path on each normalized fold and refits the chosen alpha on the normalized X.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /(Ridge|Lasso|ElasticNet|RidgeCV|RidgeClassifier|LassoCV|Lars|LassoLars|OrthogonalMatchingPursuit)\.__init__\(\) got an unexpected keyword argument 'normalize'/,
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
      // LassoCV: its own alphas (the default grid came from the normalized X) and folds (the default cv was 3 before
      // scikit-learn 0.22)
      const alphas = name === 'LassoCV' ? keywordArgument(call, 'alphas', parsed) : null;
      if (
        name === 'LassoCV' &&
        (!alphas ||
          parsed.text(alphas.childForFieldName('value') as Node) === 'None' ||
          !keywordArgument(call, 'cv', parsed))
      )
        continue;
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
          insertAt(
            lineStart(parsed.source, topLevelStatement(call).startIndex),
            (name === 'LassoCV' ? cvShim : shim)(shimName, parsed.text(callee)),
          ),
        );
      }
      edits.push(replaceNode(callee, shimName), removeArgument(kw, call));
    }
    return edits;
  },
});
