// calibrate.sklearn-forest-n-estimators — RandomForest/ExtraTrees: pin n_estimators=10 (default became 100 in 0.22)
//
// Why it broke: scikit-learn 0.22 (2019-12-03) changed a default, so a notebook written before it computes something
// else today (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.22.html
// Example:
//     rf = ske.RandomForestClassifier(max_depth=5)
//     rf2 = RFC()
//   →
//     rf = ske.RandomForestClassifier(max_depth=5, n_estimators=10)
//     rf2 = RFC(n_estimators=10)
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned', 'estimators' for review.
// Left alone: not for a notebook written after 0.22; not when the environment predates 0.22.
import { pinDefault, SK_022 } from './_shared';

export const sklearnForestNEstimators = pinDefault({
  id: 'calibrate.sklearn-forest-n-estimators',
  title: 'RandomForest/ExtraTrees: pin n_estimators=10 (default became 100 in 0.22)',
  since: SK_022,
  module: 'sklearn',
  callables: ['RandomForestClassifier', 'RandomForestRegressor', 'ExtraTreesClassifier', 'ExtraTreesRegressor'],
  pins: { n_estimators: '10' },
  positions: { n_estimators: 0 },
  reducesWork: true,
  explanation:
    'scikit-learn 0.22 raised the default number of trees of random forests and extra-trees ' +
    'from 10 to 100; the notebook was written with 10 trees, and its score came from them.',
  flags: ['defaults-pinned', 'estimators'],
});
