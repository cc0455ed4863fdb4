// matplotlib.bar-left-bottom — bar(left=…) → bar(x=…), barh(bottom=…) → barh(y=…)
//
// Why it broke: matplotlib 3.0 (2018-09-18), deprecated since 2.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.0.0.html
// Example:
//     plt.bar(left=idx, height=vals, width=0.5)
//     ax.barh(bottom=pos, width=w)
//   →
//     plt.bar(x=idx, height=vals, width=0.5)
//     ax.barh(y=pos, width=w)
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import { methodName, keywordArgument, positionalArguments } from '../../syntax';
import { keywordRenameEdits } from '../helpers';
import { mpl } from './_shared';

export const barLeftBottom = defineRule({
  id: 'matplotlib.bar-left-bottom',
  title: 'bar(left=…) → bar(x=…), barh(bottom=…) → barh(y=…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.0', '2018-09-18'),
  deprecatedIn: '2.0',
  explanation:
    "bar()'s first parameter left was renamed x, and barh()'s bottom " +
    'renamed y, in matplotlib 2.0; 3.0 removed the old names. Same bars.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /bar(h)?\(\) (got an unexpected keyword argument '(left|bottom)'|missing \d+ required positional argument)/,
      },
    ],
    pattern: true,
  },
  needles: ['left=', 'bottom='],
  apply(parsed, ctx) {
    const name = (call: Node): string =>
      methodName(call, parsed) ?? parsed.text(call.childForFieldName('function') as Node);
    return [
      ...keywordRenameEdits(
        parsed,
        ctx,
        (call) => name(call) === 'bar' && !keywordArgument(call, 'x', parsed) && positionalArguments(call).length < 2,
        { left: 'x' },
      ),
      ...keywordRenameEdits(parsed, ctx, (call) => name(call) === 'barh' && positionalArguments(call).length < 2, {
        bottom: 'y',
      }),
    ];
  },
});
