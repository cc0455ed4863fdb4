// sklearn.scorer-names — scoring='mean_squared_error' → 'neg_mean_squared_error' (and the other loss scorers)
//
// Why it broke: scikit-learn 0.20 (2018-09-25), deprecated since 0.18: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.20.html
// Example:
//     scores = cross_val_score(linreg, X, y, cv=10, scoring='mean_squared_error')
//     rmse = np.sqrt(-scores).mean()
//     g = GridSearchCV(m, p, scoring="mean_absolute_error")
//   →
//     scores = cross_val_score(linreg, X, y, cv=10, scoring='neg_mean_squared_error')
//     rmse = np.sqrt(-scores).mean()
//     g = GridSearchCV(m, p, scoring="neg_mean_absolute_error")
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.20; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { stringContent, replaceStringContent, keywordArgument, positionalArguments } from '../../syntax';
import { calleeOf } from '../helpers';
import { SK, sk } from './_shared';

const SCORER_RENAMES: Record<string, string> = {
  mean_squared_error: 'neg_mean_squared_error',
  mean_absolute_error: 'neg_mean_absolute_error',
  median_absolute_error: 'neg_median_absolute_error',
  log_loss: 'neg_log_loss',
  mean_squared_log_error: 'neg_mean_squared_log_error',
};

export const scorerNames = defineRule({
  id: 'sklearn.scorer-names',
  title: "scoring='mean_squared_error' → 'neg_mean_squared_error' (and the other loss scorers)",
  kind: 'error-repair',
  library: SK,
  since: sk('0.20', '2018-09-25'),
  deprecatedIn: '0.18',
  explanation:
    'The loss scorers were renamed with a neg_ prefix in 0.18 and the old names removed ' +
    "in 0.20. The old 'mean_squared_error' scorer already returned the negated MSE (scorers " +
    "are 'greater is better'), so the renamed scorer returns exactly the same numbers: " +
    'code that takes -scores or sqrt(-scores) stays correct, and no sign change is needed.',
  trigger: {
    errors: [
      {
        ename: 'ValueError',
        evalue:
          /'(mean_squared_error|mean_absolute_error|median_absolute_error|log_loss|mean_squared_log_error)' is not a valid scoring value/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(SCORER_RENAMES),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const rename = (node: Node | null | undefined): void => {
      const content = stringContent(node ?? null, parsed);
      if (node && content && content in SCORER_RENAMES) {
        const edit = replaceStringContent(node, SCORER_RENAMES[content] as string);
        if (edit) edits.push(edit);
      }
    };
    for (const call of ctx.nodes('call')) {
      const scoring = keywordArgument(call, 'scoring', parsed)?.childForFieldName('value');
      if (scoring?.type === 'string') rename(scoring);
      if (scoring?.type === 'list' || scoring?.type === 'tuple') scoring.namedChildren.forEach(rename);
      if (calleeOf(call, parsed, ctx.imports, 'sklearn', ['get_scorer'])) rename(positionalArguments(call)[0]);
    }
    return edits;
  },
});
