// matplotlib.seaborn-styles — plt.style.use('seaborn-whitegrid') → 'seaborn-v0_8-whitegrid'
//
// Why it broke: matplotlib 3.6 (2022-09-15): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.6.0.html
// Example:
//     plt.style.use('seaborn-whitegrid')
//     plt.style.use(['seaborn', 'ggplot'])
//   →
//     plt.style.use('seaborn-v0_8-whitegrid')
//     plt.style.use(['seaborn-v0_8', 'ggplot'])
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.6; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { stringContent, replaceStringContent, methodName, callArguments } from '../../syntax';
import { mpl } from './_shared';

const STYLE_CALLS = ['use', 'context'];

export const seabornStyles = defineRule({
  id: 'matplotlib.seaborn-styles',
  title: "plt.style.use('seaborn-whitegrid') → 'seaborn-v0_8-whitegrid'",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  explanation:
    'matplotlib 3.6 renamed its bundled seaborn styles to seaborn-v0_8-* (they no ' +
    "longer match seaborn's own) and 3.8 removed the old names. The style looks the same.",
  trigger: {
    errors: [
      { ename: 'OSError', evalue: /'seaborn[\w-]*' (is )?not (found in the style library|a valid package style)/ },
    ],
    pattern: true,
  },
  needles: [/['"]seaborn/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const rename = (node: Node | null | undefined): void => {
      const content = stringContent(node ?? null, parsed);
      if (!node || content === null || !/^seaborn(-|$)/.test(content) || content.startsWith('seaborn-v0_8')) return;
      const edit = replaceStringContent(
        node,
        content === 'seaborn' ? 'seaborn-v0_8' : content.replace(/^seaborn-/, 'seaborn-v0_8-'),
      );
      if (edit) edits.push(edit);
    };
    for (const call of ctx.nodes('call')) {
      if (!STYLE_CALLS.includes(methodName(call, parsed) ?? '')) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '';
      if (!q.startsWith('matplotlib.') || !q.includes('style.')) continue;
      const first = callArguments(call)[0];
      if (first?.type === 'list' || first?.type === 'tuple') first.namedChildren.forEach(rename);
      else rename(first);
    }
    return edits;
  },
});
