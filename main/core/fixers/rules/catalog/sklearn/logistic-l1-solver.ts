// sklearn.logistic-l1-solver — LogisticRegression(penalty='l1') → solver='liblinear' (the solver it had)
//
// Why it broke: scikit-learn 0.22 (2019-12-03), deprecated since 0.20: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.22.html
// Example:
//     lr = LogisticRegression(penalty='l1', C=0.1)
//   →
//     lr = LogisticRegression(penalty='l1', C=0.1, solver='liblinear')
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.22; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a solver given, penalty='l2', elasticnet, a user's own class: left alone; a user's own
// LogisticRegression.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import {
  hasSplat,
  positionalArguments,
  keywordArgument,
  stringContent,
  keywordValue,
  appendArguments,
} from '../../syntax';

export const logisticL1Solver = defineRule({
  id: 'sklearn.logistic-l1-solver',
  title: "LogisticRegression(penalty='l1') → solver='liblinear' (the solver it had)",
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.22', date: '2019-12-03' },
  deprecatedIn: '0.20',
  explanation:
    "scikit-learn 0.22 changed LogisticRegression's default solver from 'liblinear' to 'lbfgs', which " +
    'supports only the l2 penalty ("Solver lbfgs supports only \'l2\' or None penalties, got l1 penalty"). ' +
    "A model with penalty='l1' and no solver was fitted by liblinear: solver='liblinear' is the old " +
    "default, so the fit is the same. (penalty='elasticnet' needs saga, a different optimizer: left alone.)",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Solver lbfgs supports only 'l2' or (None|'none') penalties, got l1 penalty/ },
    ],
    pattern: true,
  },
  needles: ['l1'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: ['LogisticRegression'] })) {
      if (hasSplat(call)) continue;
      if (positionalArguments(call).length > 0 || keywordArgument(call, 'solver', parsed)) continue;
      if (stringContent(keywordValue(call, 'penalty', parsed), parsed) !== 'l1') continue;
      const edit = appendArguments(call, ["solver='liblinear'"], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
