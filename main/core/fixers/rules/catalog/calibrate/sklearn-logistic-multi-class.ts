// calibrate.sklearn-logistic-multi-class: LogisticRegression with a non-liblinear solver: pin multi_class='ovr' (default became 'auto' in 0.22)
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
    "Before 0.22, LogisticRegression fitted multi-class problems one-vs-rest whatever the solver; 'auto' now picks multinomial for lbfgs/newton-cg/sag/saga. For binary targets nothing changes.",
});
