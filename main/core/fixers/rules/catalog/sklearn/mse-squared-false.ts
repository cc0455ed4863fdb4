// sklearn.mse-squared-false — mean_squared_error(y, p, squared=False) → root_mean_squared_error(y, p)
//
// Why it broke: scikit-learn 1.6 (2024-12-09), deprecated since 1.4: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.6.html
// Example:
//     from sklearn.metrics import mean_squared_error
//     rmse = mean_squared_error(y, p, squared=False)
//     mse = mean_squared_error(y, p, squared=True)
//   →
//     from sklearn.metrics import root_mean_squared_error
//     from sklearn.metrics import mean_squared_error
//     rmse = root_mean_squared_error(y, p)
//     mse = mean_squared_error(y, p)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.6; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { insertAtCellTop } from '../helpers';
import { keywordArgument, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { SK, sk } from './_shared';

export const mseSquaredFalse = defineRule({
  id: 'sklearn.mse-squared-false',
  title: 'mean_squared_error(y, p, squared=False) → root_mean_squared_error(y, p)',
  kind: 'error-repair',
  library: SK,
  since: sk('1.6', '2024-12-09'),
  deprecatedIn: '1.4',
  explanation:
    "mean_squared_error's squared argument was removed in 1.6; root_mean_squared_error computes " +
    'the RMSE that squared=False returned (squared=True was the default and is dropped).',
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'squared'/ }], pattern: true },
  needles: ['squared='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const imports = new Set<string>();
    for (const { node: call, name } of ctx.calls({
      module: 'sklearn',
      names: ['mean_squared_error', 'mean_squared_log_error'],
    })) {
      const kw = keywordArgument(call, 'squared', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value || !name) continue;
      if (parsed.text(value) === 'True') edits.push(removeArgument(kw, call));
      else if (parsed.text(value) === 'False') {
        const fn = call.childForFieldName('function') as Node;
        const target = `root_${name}`;
        edits.push(
          removeArgument(kw, call),
          fn.type === 'attribute'
            ? replaceNode(fn.childForFieldName('attribute') as Node, target)
            : replaceNode(fn, target),
        );
        if (fn.type !== 'attribute' && !ctx.imports.bindings.has(target)) imports.add(target);
      }
    }
    if (imports.size > 0)
      edits.push(insertAtCellTop(parsed, `from sklearn.metrics import ${[...imports].sort().join(', ')}`));
    return edits;
  },
});
