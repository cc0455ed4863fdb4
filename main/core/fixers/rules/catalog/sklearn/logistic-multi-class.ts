// sklearn.logistic-multi-class — LogisticRegression(multi_class='multinomial' | 'auto', …) → LogisticRegression(…)
//
// Why it broke: scikit-learn 1.8 (2025-12-09) removed LogisticRegression's and LogisticRegressionCV's multi_class
// (deprecated in 1.5); the old call fails with "__init__() got an unexpected keyword argument 'multi_class'".
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.5.rst#L503
// Example:
//     softmax = LogisticRegression(multi_class='multinomial', solver='lbfgs', C=10)
//     clf = LogisticRegression(solver='lbfgs', multi_class='auto')
//   →
//     softmax = LogisticRegression(solver='lbfgs', C=10)
//     clf = LogisticRegression(solver='lbfgs')
// Fix safety: Same result: the solvers other than liblinear now always fit the multinomial model on three or more
// classes, which is what 'multinomial' and 'auto' asked for, and 'auto' fitted the binary model on two classes, as
// today's code does; multi_class='ovr' with the liblinear solver is dropped too, since liblinear fits one model per
// class by itself (on three or more classes it then raises, and sklearn.liblinear-multiclass-ovr wraps it).
// Left alone: multi_class='ovr' with another solver (sklearn.liblinear-multiclass-ovr's OneVsRestClassifier
// covers liblinear only), a value held in a name, and 'multinomial' on a two-class target, which the call does not
// show: there the old multinomial fit equals today's binary fit with twice the C (flagged for review).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { hasSplat, keywordArgument, keywordValue, removeArgument, stringContent } from '../../syntax';
import { SK } from './_shared';

export const logisticMultiClass = defineRule({
  id: 'sklearn.logistic-multi-class',
  title: "LogisticRegression(multi_class='multinomial' | 'auto', …) → LogisticRegression(…)",
  kind: 'error-repair',
  library: SK,
  since: { package: SK, version: '1.8', date: '2025-12-09' },
  deprecatedIn: '1.5',
  explanation:
    "scikit-learn 1.8 removed LogisticRegression's multi_class (deprecated in 1.5): every " +
    'solver but liblinear now fits the multinomial model on three or more classes. ' +
    "multi_class='multinomial' and 'auto' are dropped, as is 'ovr' with the liblinear solver, " +
    "which is one-vs-rest by itself; 'ovr' with another solver is left to review. On a two-class " +
    "target the old 'multinomial' fit differs from today's binary fit, so the fix is flagged.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /LogisticRegression(CV)?\.__init__\(\) got an unexpected keyword argument 'multi_class'/,
      },
    ],
    pattern: true,
  },
  needles: ['multi_class'],
  flags: ['multinomial-two-classes'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({
      module: 'sklearn',
      names: ['LogisticRegression', 'LogisticRegressionCV'],
    })) {
      const multiClass = keywordArgument(call, 'multi_class', parsed);
      if (!multiClass || hasSplat(call)) continue;
      const value = stringContent(keywordValue(call, 'multi_class', parsed), parsed);
      const solver = stringContent(keywordValue(call, 'solver', parsed), parsed);
      const drop = value === 'multinomial' || value === 'auto' || (value === 'ovr' && solver === 'liblinear');
      if (drop) edits.push(removeArgument(multiClass as Node, call));
    }
    return edits;
  },
});
