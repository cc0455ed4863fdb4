// calibrate.sklearn-svm-gamma — SVC/SVR: pin gamma='auto' (default became 'scale' in 0.22)
//
// Why it broke: scikit-learn 0.22 (2019-12-03) changed a default, so a notebook written before it computes something
// else today (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.22.html
// Example:
//     svc = SVC()
//   →
//     svc = SVC(gamma='auto')
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review.
import { stringContent, keywordArgument } from '../../syntax';
import { pinDefault, SK_022 } from './_shared';

export const sklearnSvmGamma = pinDefault({
  id: 'calibrate.sklearn-svm-gamma',
  title: "SVC/SVR: pin gamma='auto' (default became 'scale' in 0.22)",
  since: SK_022,
  module: 'sklearn',
  callables: ['SVC', 'SVR', 'NuSVC', 'NuSVR', 'OneClassSVM'],
  pins: { gamma: "'auto'" },
  positions: { gamma: 3 },
  relevant: (call, parsed) => {
    const kernel = stringContent(keywordArgument(call, 'kernel', parsed)?.childForFieldName('value') ?? null, parsed);
    return kernel !== 'linear' && kernel !== 'precomputed';
  },
  explanation:
    "scikit-learn 0.22 changed the SVM kernel coefficient's default from 'auto' (1/n_features) to " +
    "'scale' (1/(n_features·X.var())); for rbf/poly/sigmoid kernels on unscaled data the scores differ.",
});
