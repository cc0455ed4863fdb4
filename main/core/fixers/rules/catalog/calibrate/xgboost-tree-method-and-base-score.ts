// calibrate.xgboost-tree-method-and-base-score — XGBoost estimators: pin tree_method='exact', base_score=0.5 (defaults
// before 2.0)
//
// Why it broke: XGBoost 2.0 (2023-09-12) changed two defaults, so a notebook written before it computes something
// else today: `hist` became the default tree method (before, `auto` chose `exact` for data of up to 2^22 rows and
// `approx` above) and base_score, a constant 0.5 before, is now estimated from the labels.
// Changelog: https://github.com/dmlc/xgboost/blob/master/NEWS.md#200-2023-aug-16
// Example:
//     model = XGBClassifier(max_depth=3, learning_rate=0.1)
//   →
//     model = XGBClassifier(max_depth=3, learning_rate=0.1, tree_method='exact', base_score=0.5)
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review. Data over 2^22 rows got `approx` from `auto`;
// `exact` gives the same splits as the old notebook only below that size (a notebook's data nearly always is).
// Left alone: not for a notebook written after 2.0; parameters the call sets (also through **params); calls with
// parameters `exact` does not take (grow_policy, max_leaves, max_bin, enable_categorical, a GPU device) or a linear
// booster.
import { keywordArgument, positionalArguments, stringContent } from '../../syntax';
import { XGB_ESTIMATORS, xgbSubclassCalls } from '../xgboost/_shared';
import { pinDefault } from './_shared';

/** Parameters of the `hist`/`approx` methods or the GPU: the call did not run on `exact`'s defaults. */
const NOT_EXACT = ['grow_policy', 'max_leaves', 'max_bin', 'enable_categorical', 'device', 'gpu_id'];

export const xgboostTreeMethodAndBaseScore = pinDefault({
  id: 'calibrate.xgboost-tree-method-and-base-score',
  title: "XGBoost estimators: pin tree_method='exact', base_score=0.5 (defaults before 2.0)",
  since: { package: 'xgboost', version: '2.0', date: '2023-09-12' },
  module: 'xgboost',
  callables: XGB_ESTIMATORS,
  moreCalls: xgbSubclassCalls(XGB_ESTIMATORS),
  pins: { tree_method: "'exact'", base_score: '0.5' },
  relevant: (call, parsed) =>
    positionalArguments(call).length <= 2 &&
    !NOT_EXACT.some((name) => keywordArgument(call, name, parsed)) &&
    stringContent(keywordArgument(call, 'booster', parsed)?.childForFieldName('value') ?? null, parsed) !== 'gblinear',
  explanation:
    'XGBoost 2.0 made `hist` the default tree method (before, `auto` picked the exact greedy ' +
    'algorithm for data of up to 2^22 rows) and estimates base_score from the labels instead of ' +
    "starting every model at 0.5: the trees, and the scores, differ from those of the notebook's era.",
});
