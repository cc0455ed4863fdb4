// matplotlib.line-set-data-scalars — point.set_data(x, y) of single values → point.set_data([x], [y])
//
// Why it broke: matplotlib 3.7 (2023-02-13) deprecated setting a Line2D's data to a non-sequence ("Setting data with
// a non sequence type is deprecated since 3.7 and will be remove two minor releases later") and 3.9 (2024-05-15)
// made it an error: the marker an animation moves with `point.set_data(x[i], y[i])` now raises "RuntimeError: x must
// be a sequence".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.7.0.html#deprecations
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.9.0.html#removals
// Example:
//     point.set_data(xs[i], ys[i])
//   →
//     point.set_data([xs[i]], [ys[i]])
// Fix safety: Same figure: a single value was stored as a one-point line before (Line2D raveled it to a one-element
// array), which the one-element list is; only the coordinate the error names (x, then y on the next run) of the one
// set_data / set_xdata / set_ydata call on the failing line, so a coordinate that is a sequence is never wrapped.
// get_xdata() (orig=True) then returns the one-element list where it returned the value; the drawn data is the same.
// Left alone: a line with several such calls (which one failed is not known), set_data of one (2, N) array, and
// coordinates that are written as sequences already.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { insertAt, type SourceEdit } from '../../source-edit';
import { callArguments, methodName, positionalArguments } from '../../syntax';
import { mpl } from './_shared';

const SETTERS = new Set(['set_data', 'set_xdata', 'set_ydata']);

const SEQUENCE_LITERALS = new Set(['list', 'tuple', 'list_comprehension', 'generator_expression']);

export const lineSetDataScalars = defineRule({
  id: 'matplotlib.line-set-data-scalars',
  title: 'point.set_data(x, y) of single values → point.set_data([x], [y])',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.9', '2024-05-15'),
  deprecatedIn: '3.7',
  explanation:
    'matplotlib 3.7 deprecated giving Line2D.set_data / set_xdata / set_ydata a single value instead ' +
    'of a sequence ("Setting data with a non sequence type is deprecated"), and 3.9 raises "x must ' +
    'be a sequence" (or y). Before, the value was stored as a one-point line, so on the failing ' +
    'line the coordinate the error names is wrapped in a one-element list, the same one-point line.',
  trigger: { errors: [{ ename: 'RuntimeError', evalue: /^[xy] must be a sequence$/ }] },
  errorScope: 'line',
  needles: ['set_data', 'set_xdata', 'set_ydata'],
  apply(parsed, ctx) {
    const calls = ctx.nodes('call').filter((call) => SETTERS.has(methodName(call, parsed) ?? ''));
    if (calls.length !== 1) return [];
    const call = calls[0] as Node;
    const setter = methodName(call, parsed) as string;
    const args = positionalArguments(call);
    if (args.length !== callArguments(call).length) return [];
    const edits: SourceEdit[] = [];
    for (const error of ctx.errors) {
      const axis = error.evalue.trim().charAt(0);
      let arg: Node | undefined;
      if (setter === 'set_data' && args.length === 2) arg = axis === 'x' ? args[0] : args[1];
      else if (args.length === 1 && setter === `set_${axis}data`) arg = args[0];
      if (!arg || SEQUENCE_LITERALS.has(arg.type)) continue;
      edits.push(insertAt(arg.startIndex, '['), insertAt(arg.endIndex, ']'));
    }
    return edits;
  },
});
