// calibrate.sklearn-svm-gamma: SVC/SVR: pin gamma='auto' (default became 'scale' in 0.22)
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
    "scikit-learn 0.22 changed the SVM kernel coefficient's default from 'auto' (1/n_features) to 'scale' (1/(n_features·X.var())); for rbf/poly/sigmoid kernels on unscaled data the scores differ.",
});
