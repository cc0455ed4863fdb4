// calibrate.sklearn-lars-normalize — Lars() / LassoLars() / OrthogonalMatchingPursuit() of before scikit-learn 1.2 →
// LarsNormalized(), a subclass that normalizes X in fit as their default normalize=True did
//
// Why it broke: scikit-learn 1.2 (2022-12-08) changed the default of normalize from True to False for Lars, LassoLars
// and OrthogonalMatchingPursuit (announced in 1.0, PR #17769 and #17750) and 1.4 removed the parameter. Until then a
// Lars fitted without normalize centred X and divided each column by its l2 norm before the path was computed, then
// gave coef_ and intercept_ on X's scale; today it fits X as it is, so the path, the selected features and the score
// change silently (in this rule's today's-stack test, on columns of different scales: a Lars with 4 coefficients
// scores R² 0.6434 then and 0.4555 now, a LassoLars(alpha=0.05) keeps 6 features then and all 8 now).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.0.html
// Changelog: https://github.com/scikit-learn/scikit-learn/pull/17769
// Changelog: https://github.com/scikit-learn/scikit-learn/pull/17750
// Example:
//     lars = LassoLars(alpha=0.1)
//   →
//     class LassoLarsNormalized(LassoLars):
//         # normalize=True (removed in scikit-learn 1.2): …
//         def fit(self, X, y, *args, **kwargs):
//             …
//     lars = LassoLarsNormalized(alpha=0.1)
// Fix safety: Restores the old result: the subclass is sklearn.linear-model-normalize's (centre X, divide each column
// by the l2 norm of the centred column, a zero norm counting as 1, fit, coef_ / norm and intercept_ - mean · coef_),
// which is what the old fit did through _preprocess_data / _pre_fit and _set_intercept: checked with scikit-learn
// 0.23's default-normalized Lars, LassoLars and OrthogonalMatchingPursuit against the subclass with normalize=False
// there (coef_ and intercept_ equal to 1e-11, the same R²). It keeps the constructor, so set_params, clone and grid
// searches work. A score-calibration: applied when the score drifted, to notebooks dated before 1.2.
// Left alone: calls that set normalize (True is sklearn.linear-model-normalize's, False sklearn.removed-keywords'),
// fit_intercept other than True (normalize did nothing without it), positional arguments from fit_intercept's old
// place on, **kwargs,
// LarsCV / LassoLarsCV / OrthogonalMatchingPursuitCV (each fold was normalized on its own), LassoLarsIC (1.1
// corrected its AIC/BIC, so it selects otherwise anyway), and a name LarsNormalized … of the notebook's own.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import {
  definesName,
  hasSplat,
  keywordArgument,
  lineStart,
  positionalArguments,
  topLevelStatement,
} from '../../syntax';
import { isShim, shim } from '../sklearn/linear-model-normalize';
import { SK, sk } from '../sklearn/_shared';

/**
 * The classes whose normalize defaulted to True, and how many positional parameters came before fit_intercept (then
 * normalize) in their old signatures: more positional arguments may set them.
 */
const BEFORE_FIT_INTERCEPT: Record<string, number> = {
  Lars: 0, // fit_intercept, verbose, normalize
  LassoLars: 1, // alpha, fit_intercept, verbose, normalize
  OrthogonalMatchingPursuit: 2, // n_nonzero_coefs, tol, fit_intercept, normalize
};
const CLASSES = Object.keys(BEFORE_FIT_INTERCEPT);

export const sklearnLarsNormalize = defineRule({
  id: 'calibrate.sklearn-lars-normalize',
  title: 'Lars()/LassoLars()/OrthogonalMatchingPursuit() before 1.2 → a subclass normalizing as their default did',
  kind: 'score-calibration',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  explanation:
    'scikit-learn 1.2 changed the default of normalize from True to False for Lars, LassoLars and ' +
    'OrthogonalMatchingPursuit (announced in 1.0) and 1.4 removed the parameter. A notebook written before 1.2 ' +
    'fitted them on X centred and scaled to unit l2 norm per column: the rewrite uses a subclass whose fit does ' +
    'that preprocessing and returns coef_ and intercept_ on X’s scale, as the old default did.',
  trigger: { pattern: true },
  needles: CLASSES,
  flags: ['defaults-pinned'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const shimmed = new Set<string>();
    for (const { node: call, name } of ctx.calls({ module: 'sklearn', names: CLASSES })) {
      if (!name || hasSplat(call) || keywordArgument(call, 'normalize', parsed)) continue;
      if (positionalArguments(call).length > (BEFORE_FIT_INTERCEPT[name] as number)) continue;
      const intercept = keywordArgument(call, 'fit_intercept', parsed)?.childForFieldName('value');
      if (intercept && parsed.text(intercept) !== 'True') continue;
      const shimName = `${name}Normalized`;
      const cells = [
        ...ctx.notebook.codeCells.filter((i) => i < ctx.cellIndex).map((i) => ctx.notebook.parse(i)),
        parsed,
      ];
      if (cells.some((cell) => definesName(cell, shimName) && !isShim(cell.source, shimName))) continue;
      const callee = call.childForFieldName('function') as Node;
      if (!shimmed.has(shimName) && !cells.some((cell) => isShim(cell.source, shimName))) {
        shimmed.add(shimName);
        edits.push(
          insertAt(lineStart(parsed.source, topLevelStatement(call).startIndex), shim(shimName, parsed.text(callee))),
        );
      }
      edits.push(replaceNode(callee, shimName));
    }
    return edits;
  },
});
