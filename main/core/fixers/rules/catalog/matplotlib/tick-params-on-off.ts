// matplotlib.tick-params-on-off — tick_params(bottom='off', labelbottom='off') → False
//
// Why it broke: matplotlib 3.0 (2018-09-18), deprecated since 2.2: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.0.0.html
// Example:
//     plt.tick_params(axis='x', which='both', bottom='off', top='off', labelbottom='on')
//   →
//     plt.tick_params(axis='x', which='both', bottom=False, top=False, labelbottom=True)
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, callArguments, keywordName, stringContent } from '../../syntax';
import { mpl } from './_shared';

const ON_OFF_KEYS = new Set(['bottom', 'top', 'left', 'right', 'labelbottom', 'labeltop', 'labelleft', 'labelright']);

export const tickParamsOnOff = defineRule({
  id: 'matplotlib.tick-params-on-off',
  title: "tick_params(bottom='off', labelbottom='off') → False",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.0', '2018-09-18'),
  deprecatedIn: '2.2',
  explanation:
    "tick_params used to accept the strings 'on'/'off' for its tick and label switches; " +
    "later versions take booleans, and a non-empty string such as 'off' now counts as " +
    "true, so the ticks the notebook hid come back. 'off' becomes False and 'on' True.",
  trigger: { pattern: true },
  needles: [/['"](on|off)['"]/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'tick_params') continue;
      for (const arg of callArguments(call)) {
        if (arg.type !== 'keyword_argument' || !ON_OFF_KEYS.has(keywordName(arg, parsed))) continue;
        const value = arg.childForFieldName('value');
        const content = stringContent(value, parsed);
        if (value && (content === 'on' || content === 'off'))
          edits.push(replaceNode(value, content === 'on' ? 'True' : 'False'));
      }
    }
    return edits;
  },
});
