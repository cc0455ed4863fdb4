// xgboost.ntree-limit — predict(…, ntree_limit=m.best_ntree_limit) → iteration_range=(0, m.best_iteration + 1)
//
// Why it broke: XGBoost 2.0 (2023-09-12), deprecated since 1.4: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://xgboost.readthedocs.io/en/stable/changes/v2.0.0.html
// Example:
//     p = model.predict(dtest, ntree_limit=model.best_ntree_limit)
//     q = bst.predict(d, ntree_limit=100)
//     n = model.best_ntree_limit
//   →
//     p = model.predict(dtest, iteration_range=(0, model.best_iteration + 1))
//     q = bst.predict(d, iteration_range=(0, 100))
//     n = (model.best_iteration + 1)
// Fix safety: Same result: the rewrite computes what the code computed before XGBoost 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';

export const ntreeLimit = defineRule({
  id: 'xgboost.ntree-limit',
  title: 'predict(…, ntree_limit=m.best_ntree_limit) → iteration_range=(0, m.best_iteration + 1)',
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '2.0', date: '2023-09-12' },
  deprecatedIn: '1.4',
  explanation:
    "XGBoost 2.0 removed predict's ntree_limit and the best_ntree_limit attribute: iteration_range=(0, n) uses " +
    'the same first n boosting rounds, and best_ntree_limit was best_iteration + 1 (for one tree per round).',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument 'ntree_limit'/ },
      { ename: 'AttributeError', evalue: /has no attribute 'best_ntree_limit'/ },
    ],
    pattern: true,
  },
  needles: ['ntree_limit'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const handled = new Set<number>();
    for (const call of ctx.nodes('call')) {
      const kw = keywordArgument(call, 'ntree_limit', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value || keywordArgument(call, 'iteration_range', parsed)) continue;
      const best =
        value.type === 'attribute' && parsed.text(value.childForFieldName('attribute') as Node) === 'best_ntree_limit';
      const limit = best
        ? `${parsed.text(value.childForFieldName('object') as Node)}.best_iteration + 1`
        : parsed.text(value);
      edits.push(replaceNode(kw, `iteration_range=(0, ${limit})`));
      handled.add(value.startIndex);
    }
    for (const attr of ctx.nodes('attribute')) {
      if (
        handled.has(attr.startIndex) ||
        parsed.text(attr.childForFieldName('attribute') as Node) !== 'best_ntree_limit'
      )
        continue;
      if (attr.parent?.type === 'assignment' && attr.parent.childForFieldName('left')?.startIndex === attr.startIndex)
        continue;
      edits.push(replaceNode(attr, `(${parsed.text(attr.childForFieldName('object') as Node)}.best_iteration + 1)`));
    }
    return edits;
  },
});
