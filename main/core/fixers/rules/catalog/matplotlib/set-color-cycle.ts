// matplotlib.set-color-cycle — ax.set_color_cycle(colors) → ax.set_prop_cycle(color=colors)
//
// Why it broke: matplotlib 2.0 (2017-01-17), deprecated since 1.5: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_2.0.0.html
// Example:
//     ax.set_color_cycle(['r', 'g'])
//   →
//     ax.set_prop_cycle(color=['r', 'g'])
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, callArguments } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

export const setColorCycle = defineRule({
  id: 'matplotlib.set-color-cycle',
  title: 'ax.set_color_cycle(colors) → ax.set_prop_cycle(color=colors)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('2.0', '2017-01-17'),
  deprecatedIn: '1.5',
  explanation:
    'Axes.set_color_cycle was removed in matplotlib 2.0; set_prop_cycle(color=…) sets the same colour cycle.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'set_color_cycle'/ }], pattern: true },
  needles: ['set_color_cycle'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'set_color_cycle') continue;
      const args = callArguments(call);
      if (args.length !== 1 || args[0]?.type === 'keyword_argument') continue;
      edits.push(
        replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'set_prop_cycle'),
        { start: (args[0] as Node).startIndex, end: (args[0] as Node).startIndex, text: 'color=' },
      );
    }
    return edits;
  },
});
