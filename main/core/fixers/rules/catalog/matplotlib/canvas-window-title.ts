// matplotlib.canvas-window-title — fig.canvas.set_window_title(t) → fig.canvas.manager.set_window_title(t)
//
// Why it broke: matplotlib 3.6 (2022-09-15), deprecated since 3.4: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.6.0.html
// Example:
//     fig.canvas.set_window_title("x")
//   →
//     fig.canvas.manager.set_window_title("x")
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.6; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { methodName } from '../../syntax';
import { mpl } from './_shared';

export const canvasWindowTitle = defineRule({
  id: 'matplotlib.canvas-window-title',
  title: 'fig.canvas.set_window_title(t) → fig.canvas.manager.set_window_title(t)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  deprecatedIn: '3.4',
  explanation:
    'FigureCanvasBase.set_window_title was removed in matplotlib 3.6; the figure manager owns the window title.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'set_window_title'/ }], pattern: true },
  needles: ['set_window_title'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const receiver = call.childForFieldName('function')?.childForFieldName('object');
      if (methodName(call, parsed) !== 'set_window_title' || !receiver || !parsed.text(receiver).endsWith('canvas'))
        continue;
      edits.push({ start: receiver.endIndex, end: receiver.endIndex, text: '.manager' });
    }
    return edits;
  },
});
