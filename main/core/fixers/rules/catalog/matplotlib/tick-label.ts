// matplotlib.tick-label — tick.label.set_fontsize(14) → tick.label1.set_fontsize(14)
//
// Why it broke: matplotlib 3.8 (2023-09-15) removed Tick.label, the alias of Tick.label1 deprecated in 3.1, so the
// widely copied `for tick in ax.xaxis.get_major_ticks(): tick.label.set_fontsize(14)` fails with "'XTick' object has
// no attribute 'label'".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.8.0.html#removals
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.1.0.html#deprecations
// Example:
//     for tick in ax.xaxis.get_major_ticks():
//         tick.label.set_fontsize(14)
//   →
//     for tick in ax.xaxis.get_major_ticks():
//         tick.label1.set_fontsize(14)
// Fix safety: Same figure: Tick.label was Tick.label1 (the bottom or left label) under its old name; only on the line
// the error points at, and only for `.label` read from a name or an item (tick, ticks[0]), not an axis' own label
// (ax.xaxis.label, the axis title, still exists).
// Left alone: .label of an xaxis/yaxis, calls named label(…), and lines the error does not point at.
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { mpl } from './_shared';

export const tickLabel = defineRule({
  id: 'matplotlib.tick-label',
  title: 'tick.label.set_fontsize(14) → tick.label1.set_fontsize(14)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  deprecatedIn: '3.1',
  explanation:
    'matplotlib 3.1 deprecated Tick.label ("use Tick.label1 instead") and 3.8 removed it, ' +
    'so the common `for tick in ax.xaxis.get_major_ticks(): tick.label.set_fontsize(14)` ' +
    "raises \"'XTick' object has no attribute 'label'\". Tick.label was label1, the bottom/left " +
    'label, so on the failing line `.label` of a tick (a name or an item such as ticks[0]) ' +
    "becomes `.label1`; an axis' own label (ax.xaxis.label, the axis title) is left alone.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'(XTick|YTick|Tick)' object has no attribute 'label'$/ }],
  },
  errorScope: 'line',
  needles: ['.label'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const object = attr.childForFieldName('object');
      if (!name || !object || parsed.text(name) !== 'label') continue;
      if (attr.parent?.type === 'call' && attr.parent.childForFieldName('function')?.id === attr.id) continue;
      if (object.type !== 'identifier' && object.type !== 'subscript') continue;
      if (/(^|\.)(xaxis|yaxis|zaxis)$/.test(parsed.text(object))) continue;
      edits.push(replaceNode(name, 'label1'));
    }
    return edits;
  },
});
