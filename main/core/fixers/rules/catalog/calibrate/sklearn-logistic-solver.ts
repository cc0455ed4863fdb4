// calibrate.sklearn-logistic-solver — LogisticRegression: pin solver='liblinear' (default became 'lbfgs' in 0.22)
//
// Why it broke: scikit-learn 0.22 (2019-12-03) changed a default, so a notebook written before it computes something
// else today (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.22.html
// Example:
//     clf = lm.LogisticRegression()
//   →
//     clf = lm.LogisticRegression(solver='liblinear')
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review.
import { stringContent, keywordArgument } from '../../syntax';
import { pinDefault, SK_022 } from './_shared';

export const sklearnLogisticSolver = pinDefault({
  id: 'calibrate.sklearn-logistic-solver',
  title: "LogisticRegression: pin solver='liblinear' (default became 'lbfgs' in 0.22)",
  since: SK_022,
  module: 'sklearn',
  callables: ['LogisticRegression'],
  pins: { solver: "'liblinear'" },
  positions: { solver: 8 },
  relevant: (call, parsed) => {
    const penalty = stringContent(keywordArgument(call, 'penalty', parsed)?.childForFieldName('value') ?? null, parsed);
    return penalty === null || penalty === 'l1' || penalty === 'l2';
  },
  explanation:
    "scikit-learn 0.22 changed LogisticRegression's default solver from liblinear to " +
    "lbfgs (and multi_class from 'ovr' to 'auto'); liblinear fits one-vs-rest and penalizes " +
    'the intercept, so scores differ. Pinning liblinear restores both old defaults.',
});
