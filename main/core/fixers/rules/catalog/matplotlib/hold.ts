// matplotlib.hold — plt.hold(…) removed; plot(…, hold=True) → plot(…)
//
// Why it broke: matplotlib 3.0 (2018-09-18), deprecated since 2.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.0.0.html
// Example:
//     plt.hold(True)
//   →
//     pass  # plt.hold(True): removed in matplotlib 3.0 (plots always accumulate)
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, keywordArgument, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

export const hold = defineRule({
  id: 'matplotlib.hold',
  title: 'plt.hold(…) removed; plot(…, hold=True) → plot(…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.0', '2018-09-18'),
  deprecatedIn: '2.0',
  explanation:
    'matplotlib 3.0 removed hold() and the hold keyword of the plotting functions: plots always ' +
    'accumulate on the current axes (the old hold(True)). A hold() call is replaced by pass; hold=True ' +
    'on a plotting call ("Line2D.set() got an unexpected keyword argument \'hold\'") is dropped, ' +
    'since it asked for what is now always done. hold=False (clear the axes first) is left alone.',
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /has no attribute 'hold'|unexpected keyword argument 'hold'/ },
      { ename: 'TypeError', evalue: /unexpected keyword argument 'hold'/ },
    ],
    pattern: true,
  },
  needles: ['hold'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (!methodName(call, parsed)) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '';
      if (
        !q.startsWith('matplotlib') &&
        !/^(ax\w*|plt)$/.test(parsed.text(call.childForFieldName('function')?.childForFieldName('object') as Node))
      )
        continue;
      if (methodName(call, parsed) === 'hold') {
        if (call.parent?.type === 'expression_statement')
          edits.push(
            replaceNode(
              call.parent,
              `pass  # ${parsed.text(call)}: removed in matplotlib 3.0 (plots always accumulate)`,
            ),
          );
        continue;
      }
      const hold = keywordArgument(call, 'hold', parsed);
      if (hold && parsed.text(hold.childForFieldName('value') as Node) === 'True')
        edits.push(removeArgument(hold, call));
    }
    return edits;
  },
});
