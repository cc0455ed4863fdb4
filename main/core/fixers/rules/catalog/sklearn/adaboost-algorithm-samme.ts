// sklearn.adaboost-algorithm-samme — AdaBoostClassifier(algorithm='SAMME') → the argument removed
//
// Why it broke: scikit-learn 1.8, deprecated since 1.6: from this release on the old code fails or computes something
// else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.8.html
// Example:
//     ada = AdaBoostClassifier(n_estimators=200, algorithm='SAMME', learning_rate=0.5)
//   →
//     ada = AdaBoostClassifier(n_estimators=200, learning_rate=0.5)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.8; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: 'SAMME.R' (other predictions), a user's own AdaBoostClassifier, other classes: left alone; not before
// scikit-learn 1.8.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { keywordArgument, stringContent, removeArgument } from '../../syntax';

export const adaboostAlgorithmSamme = defineRule({
  id: 'sklearn.adaboost-algorithm-samme',
  title: "AdaBoostClassifier(algorithm='SAMME') → the argument removed",
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '1.8' },
  deprecatedIn: '1.6',
  explanation:
    "scikit-learn 1.6 deprecated AdaBoostClassifier's algorithm parameter (SAMME became the " +
    'only algorithm) and 1.8 removed it ("unexpected keyword argument \'algorithm\'"). ' +
    "algorithm='SAMME' asked for what the classifier now always does, so the argument is " +
    "dropped. algorithm='SAMME.R' (the old default) is left alone: SAMME gives other predictions.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /AdaBoostClassifier.*unexpected keyword argument 'algorithm'/ }],
    pattern: true,
  },
  needles: ['SAMME'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: ['AdaBoostClassifier'] })) {
      const kw = keywordArgument(call, 'algorithm', parsed);
      if (kw && stringContent(kw.childForFieldName('value'), parsed) === 'SAMME') edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});
