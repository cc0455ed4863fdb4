// matplotlib.numeric-string-rotation — rotation='90' → rotation=90
//
// Why it broke: matplotlib 3.6 (2022-09-15): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.6.0.html
// Example:
//     plt.xticks(rotation='90')
//     ax.set_xticklabels(labels, rotation='45')
//   →
//     plt.xticks(rotation=90)
//     ax.set_xticklabels(labels, rotation=45)
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.6; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under matplotlib 3.5 (pattern).
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, keywordArgument, stringContent } from '../../syntax';
import { mpl } from './_shared';

const ROTATION_CALLS = new Set([
  'xticks',
  'yticks',
  'set_xticklabels',
  'set_yticklabels',
  'text',
  'annotate',
  'setp',
  'set_rotation',
  'tick_params',
  'xlabel',
  'ylabel',
  'set_xlabel',
  'set_ylabel',
  'set_title',
  'title',
  'suptitle',
  'set',
]);

export const numericStringRotation = defineRule({
  id: 'matplotlib.numeric-string-rotation',
  title: "rotation='90' → rotation=90",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  explanation:
    "Text rotation must be a number or 'vertical'/'horizontal'; recent matplotlib rejects numeric " +
    "strings like '90' that older versions converted silently. The string becomes the number.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /rotation must be 'vertical', 'horizontal' or a number/ }],
    pattern: true,
  },
  needles: ['rotation'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = methodName(call, parsed) ?? (fn ? parsed.text(fn) : '');
      if (!ROTATION_CALLS.has(name)) continue;
      for (const kwName of ['rotation', 'labelrotation']) {
        const value = keywordArgument(call, kwName, parsed)?.childForFieldName('value');
        const content = stringContent(value ?? null, parsed);
        if (value && content !== null && /^\s*-?\d+(\.\d+)?\s*$/.test(content))
          edits.push(replaceNode(value, content.trim()));
      }
    }
    return edits;
  },
});
