// calibrate.sklearn-logistic-multi-class — LogisticRegression with a non-liblinear solver: pin multi_class='ovr'
// (default became 'auto' in 0.22)
//
// Why it broke: scikit-learn 0.22 (2019-12-03) changed a default, so a notebook written before it computes something
// else today (the explanation below cites the release notes). The rewrite applies before scikit-learn 1.7, which no
// longer has the replacement.
// Changelog: https://scikit-learn.org/stable/whats_new/v0.22.html
// Example:
//     c = LogisticRegression(solver="lbfgs")
//   →
//     c = LogisticRegression(solver="lbfgs", multi_class='ovr')
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review.
import { stringContent, keywordArgument } from '../../syntax';
import { pinDefault, SK_022 } from './_shared';

export const sklearnLogisticMultiClass = pinDefault({
  id: 'calibrate.sklearn-logistic-multi-class',
  title: "LogisticRegression with a non-liblinear solver: pin multi_class='ovr' (default became 'auto' in 0.22)",
  since: SK_022,
  until: '1.7',
  module: 'sklearn',
  callables: ['LogisticRegression'],
  pins: { multi_class: "'ovr'" },
  relevant: (call, parsed) => {
    const solver = stringContent(keywordArgument(call, 'solver', parsed)?.childForFieldName('value') ?? null, parsed);
    return solver !== null && solver !== 'liblinear';
  },
  explanation:
    'Before 0.22, LogisticRegression fitted multi-class problems one-vs-rest whatever the solver; ' +
    "'auto' now picks multinomial for lbfgs/newton-cg/sag/saga. For binary targets nothing changes.",
});
