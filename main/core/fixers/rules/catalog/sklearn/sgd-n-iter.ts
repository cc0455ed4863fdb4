// sklearn.sgd-n-iter — SGDClassifier/SGDRegressor/Perceptron(n_iter=k) → max_iter=k, tol=None
//
// Why it broke: scikit-learn 0.21 (2019-05-09), deprecated since 0.19: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.21.html
// Example:
//     sgd = SGDClassifier(n_iter=5, tol=1e-4)
//   →
//     sgd = SGDClassifier(max_iter=5, tol=1e-4)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.21; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a notebook's own SGDClassifier is left alone.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { keywordArgument, renameKeyword } from '../../syntax';
import { SK, sk } from './_shared';

export const sgdNIter = defineRule({
  id: 'sklearn.sgd-n-iter',
  title: 'SGDClassifier/SGDRegressor/Perceptron(n_iter=k) → max_iter=k, tol=None',
  kind: 'error-repair',
  library: SK,
  since: sk('0.21', '2019-05-09'),
  deprecatedIn: '0.19',
  explanation: 'n_iter was removed in 0.21; max_iter=k with tol=None runs exactly k epochs, as n_iter did.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'n_iter'/ }], pattern: true },
  needles: ['n_iter'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({
      module: 'sklearn',
      names: [
        'SGDClassifier',
        'SGDRegressor',
        'Perceptron',
        'PassiveAggressiveClassifier',
        'PassiveAggressiveRegressor',
      ],
    })) {
      const kw = keywordArgument(call, 'n_iter', parsed);
      if (!kw || keywordArgument(call, 'max_iter', parsed)) continue;
      const rename = renameKeyword(kw, 'max_iter');
      if (rename) edits.push(rename);
      if (!keywordArgument(call, 'tol', parsed)) edits.push(insertAt(kw.endIndex, ', tol=None'));
    }
    return edits;
  },
});
