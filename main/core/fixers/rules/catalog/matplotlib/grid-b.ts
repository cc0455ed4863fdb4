// matplotlib.grid-b — grid(b=…) → grid(visible=…)
//
// Why it broke: matplotlib 3.5 (2021-11-15): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://github.com/matplotlib/matplotlib/blob/v3.6.3/lib/matplotlib/axis.py#L1553
// Example:
//     plt.grid(b=True, which='major', axis='y')
//   →
//     plt.grid(visible=True, which='major', axis='y')
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.5; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { keywordRenameEdits } from '../helpers';
import { methodName } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

export const gridB = defineRule({
  id: 'matplotlib.grid-b',
  title: 'grid(b=…) → grid(visible=…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.5', '2021-11-15'),
  explanation:
    "grid()'s first parameter b was renamed visible in matplotlib 3.5 (the old name was removed two releases later).",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /grid\(\) got an unexpected keyword argument 'b'|got an unexpected keyword argument 'b'/,
      },
    ],
    pattern: true,
  },
  needles: ['grid('],
  apply(parsed, ctx) {
    return keywordRenameEdits(
      parsed,
      ctx,
      (call) =>
        methodName(call, parsed) === 'grid' || parsed.text(call.childForFieldName('function') as Node) === 'grid',
      { b: 'visible' },
    );
  },
});
