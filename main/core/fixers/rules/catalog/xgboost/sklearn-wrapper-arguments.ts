// xgboost.sklearn-wrapper-arguments — XGBClassifier(silent=…, seed=…, nthread=…) → verbosity, random_state, n_jobs
//
// Why it broke: XGBoost 1.0 (2020-02-20), deprecated since 0.81: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://xgboost.readthedocs.io/en/stable/changes/v1.0.0.html
// Example:
//     m = xgb.XGBRegressor(n_estimators=100, silent=1, seed=7, nthread=-1)
//   →
//     m = xgb.XGBRegressor(n_estimators=100, verbosity=0, random_state=7, n_jobs=-1)
// Fix safety: Same result: the rewrite computes what the code computed before XGBoost 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { isXgbEstimator } from './_shared';

export const sklearnWrapperArguments = defineRule({
  id: 'xgboost.sklearn-wrapper-arguments',
  title: 'XGBClassifier(silent=…, seed=…, nthread=…) → verbosity, random_state, n_jobs',
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '1.0', date: '2020-02-20' },
  deprecatedIn: '0.81',
  explanation:
    "XGBoost's scikit-learn wrapper renamed silent → verbosity (silent=True → verbosity=0), " +
    'seed → random_state and nthread → n_jobs; since 1.0 the old names are passed on as unknown ' +
    'booster parameters and ignored with a warning, so the seed the notebook set had no effect.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument '(silent|seed|nthread)'/ },
      { ename: 'XGBoostError', evalue: /silent|nthread/ },
    ],
    pattern: true,
  },
  needles: ['silent', 'seed', 'nthread'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (!isXgbEstimator(call, parsed, ctx)) continue;
      const silent = keywordArgument(call, 'silent', parsed);
      if (silent && !keywordArgument(call, 'verbosity', parsed)) {
        const value = parsed.text(silent.childForFieldName('value') as Node);
        const verbosity = value === 'True' || value === '1' ? '0' : value === 'False' || value === '0' ? '1' : null;
        if (verbosity) edits.push(replaceNode(silent, `verbosity=${verbosity}`));
      }
      for (const [oldName, newName] of [
        ['seed', 'random_state'],
        ['nthread', 'n_jobs'],
      ] as const) {
        const kw = keywordArgument(call, oldName, parsed);
        const name = kw?.childForFieldName('name');
        if (kw && name && !keywordArgument(call, newName, parsed)) edits.push(replaceNode(name, newName));
      }
    }
    return edits;
  },
});
