// matplotlib.axisbg — axisbg= → facecolor=, set_axis_bgcolor → set_facecolor
//
// Why it broke: matplotlib 2.2 (2018-03-06), deprecated since 2.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_2.2.0.html
// Example:
//     plt.subplot(121, axisbg="#DBDBDB")
//     fig.add_subplot(221, axisbg="#DBDBDB")
//     ax.set_axis_bgcolor("white")
//   →
//     plt.subplot(121, facecolor="#DBDBDB")
//     fig.add_subplot(221, facecolor="#DBDBDB")
//     ax.set_facecolor("white")
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 2.2; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { keywordRenameEdits } from '../helpers';
import { methodName } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { replaceNode } from '../../source-edit';
import { mpl } from './_shared';

export const axisbg = defineRule({
  id: 'matplotlib.axisbg',
  title: 'axisbg= → facecolor=, set_axis_bgcolor → set_facecolor',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('2.2', '2018-03-06'),
  deprecatedIn: '2.0',
  explanation:
    'The axes background argument axisbg (subplot, add_subplot, axes) was renamed facecolor in matplotlib ' +
    '2.0 and removed in 2.2; set_axis_bgcolor/get_axis_bgcolor became set_facecolor/get_facecolor.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /(unexpected keyword argument|has no attribute|no property) '?axisbg|set_axis_bgcolor|get_axis_bgcolor/,
      },
      { ename: 'TypeError', evalue: /axisbg/ },
    ],
    pattern: true,
  },
  needles: ['axisbg', 'axis_bgcolor'],
  apply(parsed, ctx) {
    const edits = keywordRenameEdits(parsed, ctx, () => true, { axisbg: 'facecolor' });
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (name === 'set_axis_bgcolor' || name === 'get_axis_bgcolor') {
        const attr = call.childForFieldName('function')?.childForFieldName('attribute') as Node;
        edits.push(replaceNode(attr, name === 'set_axis_bgcolor' ? 'set_facecolor' : 'get_facecolor'));
      }
    }
    return edits;
  },
});
