// calibrate.sklearn-isolation-forest-contamination — IsolationForest: pin contamination=0.1 (default became "auto" in
// 0.22)
//
// Why it broke: scikit-learn 0.22 (2019-12-03) changed a default, so a notebook written before it computes something
// else today (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.22.html
// Example:
//     iso = IsolationForest(random_state=0)
//   →
//     iso = IsolationForest(random_state=0, contamination=0.1)
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review.
import { pinDefault, SK_022 } from './_shared';

export const sklearnIsolationForestContamination = pinDefault({
  id: 'calibrate.sklearn-isolation-forest-contamination',
  title: 'IsolationForest: pin contamination=0.1 (default became "auto" in 0.22)',
  since: SK_022,
  module: 'sklearn',
  callables: ['IsolationForest'],
  pins: { contamination: '0.1' },
  positions: { contamination: 2 },
  explanation:
    "Before 0.22 IsolationForest flagged 10% of the samples as outliers by default ('legacy' " +
    "contamination 0.1); 'auto' now uses the paper's threshold, so predictions change.",
});
