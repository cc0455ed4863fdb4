// calibrate.sklearn-logistic-solver: LogisticRegression: pin solver='liblinear' (default became 'lbfgs' in 0.22)
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
    "scikit-learn 0.22 changed LogisticRegression's default solver from liblinear to lbfgs (and multi_class from 'ovr' to 'auto'); liblinear fits one-vs-rest and penalizes the intercept, so scores differ. Pinning liblinear restores both old defaults.",
});
