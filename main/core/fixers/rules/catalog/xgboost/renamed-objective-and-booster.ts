// xgboost.renamed-objective-and-booster — objective='reg:linear' → 'reg:squarederror'; model.booster() →
// model.get_booster()
//
// Why it broke: XGBoost 1.0 (2020-02-20), deprecated since 0.90: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://xgboost.readthedocs.io/en/stable/changes/v1.0.0.html
// Example:
//     m = xgb.XGBRegressor(objective='reg:linear')
//     params = {'objective': 'reg:linear', 'eta': 0.1}
//     scores = m.booster().get_fscore()
//   →
//     m = xgb.XGBRegressor(objective='reg:squarederror')
//     params = {'objective': 'reg:squarederror', 'eta': 0.1}
//     scores = m.get_booster().get_fscore()
// Fix safety: Same result: the rewrite computes what the code computed before XGBoost 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { argumentKey } from '../helpers';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { stringContent, replaceStringContent, methodName, callArguments } from '../../syntax';
import type { Node } from 'web-tree-sitter';

const OBJECTIVE_ALIASES: Record<string, string> = { 'reg:linear': 'reg:squarederror' };

export const renamedObjectiveAndBooster = defineRule({
  id: 'xgboost.renamed-objective-and-booster',
  title: "objective='reg:linear' → 'reg:squarederror'; model.booster() → model.get_booster()",
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '1.0', date: '2020-02-20' },
  deprecatedIn: '0.90',
  explanation:
    "XGBoost renamed the squared-error objective 'reg:linear' to 'reg:squarederror' (same " +
    "loss) and the scikit-learn wrapper's booster() accessor to get_booster() (same Booster).",
  trigger: {
    errors: [
      { ename: 'XGBoostError', evalue: /reg:linear/ },
      { ename: 'AttributeError', evalue: /object has no attribute 'booster'/ },
    ],
    pattern: true,
  },
  needles: ['reg:linear', '.booster()'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of ctx.nodes('string')) {
      const content = stringContent(node, parsed);
      const renamed = content ? OBJECTIVE_ALIASES[content] : undefined;
      if (!renamed || renamed === content) continue;
      const key = argumentKey(node, parsed);
      if (key !== 'objective') continue;
      const edit = replaceStringContent(node, renamed);
      if (edit) edits.push(edit);
    }
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'booster' || callArguments(call).length > 0) continue;
      edits.push(
        replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'get_booster'),
      );
    }
    return edits;
  },
});
