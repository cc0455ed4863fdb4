// matplotlib.legend-attributes — leg.legendHandles → leg.legend_handles, leg.draggable(True) → leg.set_draggable(True)
//
// Why it broke: matplotlib 3.9 (2024-05-15) removed Legend.legendHandles, renamed legend_handles in 3.7 (deprecated
// there), so `for lh in leg.legendHandles: lh.set_alpha(1)` raises "'Legend' object has no attribute
// 'legendHandles'"; Legend.draggable(state), deprecated in 3.0 for set_draggable(state) and get_draggable(), is gone
// since 3.2 ("'Legend' object has no attribute 'draggable'").
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.7.0.html#legend-legendhandles
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.9.0.html#removals
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.0.0.html#deprecations
// Example:
//     leg = ax.legend()
//     for lh in leg.legendHandles:
//         lh.set_alpha(1)
//     leg.draggable(True)
//   →
//     leg = ax.legend()
//     for lh in leg.legend_handles:
//         lh.set_alpha(1)
//     leg.set_draggable(True)
// Fix safety: Same figure: legend_handles is the list legendHandles named (the attribute was renamed, not changed);
// draggable(state) with a state called set_draggable(state) (matplotlib 3.0's deprecation shim did exactly that).
// Only on the lines the error points at.
// Left alone: draggable() without a state (it toggled the legend's state: set_draggable needs one) and attributes
// or methods of that name on lines the error does not point at.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, methodName } from '../../syntax';
import { mpl } from './_shared';

export const legendAttributes = defineRule({
  id: 'matplotlib.legend-attributes',
  title: 'leg.legendHandles → leg.legend_handles, leg.draggable(True) → leg.set_draggable(True)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.2', '2020-03-04'),
  deprecatedIn: '3.0',
  explanation:
    'Legend.draggable(state) was deprecated in matplotlib 3.0 for set_draggable(state) and removed in 3.2; ' +
    'Legend.legendHandles was renamed legend_handles in 3.7 and removed in 3.9. On the failing line the attribute ' +
    'gets its new name and draggable(state) becomes set_draggable(state); draggable() without a state (a toggle) ' +
    'is left alone.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'Legend' object has no attribute '(legendHandles|draggable)'/ }],
  },
  errorScope: 'line',
  needles: ['legendHandles', 'draggable'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      if (name && parsed.text(name) === 'legendHandles') edits.push(replaceNode(name, 'legend_handles'));
    }
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'draggable') continue;
      const args = callArguments(call);
      const state =
        args.length === 1 &&
        (args[0]?.type !== 'keyword_argument' || parsed.text(args[0].childForFieldName('name') as Node) === 'state');
      if (!state) continue;
      const attr = call.childForFieldName('function')?.childForFieldName('attribute') as Node;
      edits.push(replaceNode(attr, 'set_draggable'));
    }
    return edits;
  },
});
