// matplotlib.spectral-colormap — cmap='spectral' / cm.spectral → 'nipy_spectral'
//
// Why it broke: matplotlib 2.2 (2018-03-06), deprecated since 2.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_2.2.0.html
// Example:
//     plt.scatter(x, y, c=labels, cmap='spectral')
//     colors = plt.cm.spectral(np.linspace(0, 1, 5))
//     m = plt.get_cmap('spectral_r')
//   →
//     plt.scatter(x, y, c=labels, cmap='nipy_spectral')
//     colors = plt.cm.nipy_spectral(np.linspace(0, 1, 5))
//     m = plt.get_cmap('nipy_spectral_r')
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 2.2; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: 'Spectral' (capitalized) is another colormap; a user's spectral variable.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordValue, positionalArguments, stringContent, replaceStringContent } from '../../syntax';
import type { Node } from 'web-tree-sitter';

const SPECTRAL: Record<string, string> = { spectral: 'nipy_spectral', spectral_r: 'nipy_spectral_r' };

export const spectralColormap = defineRule({
  id: 'matplotlib.spectral-colormap',
  title: "cmap='spectral' / cm.spectral → 'nipy_spectral'",
  kind: 'error-repair',
  library: 'matplotlib',
  since: { package: 'matplotlib', version: '2.2', date: '2018-03-06' },
  deprecatedIn: '2.0',
  explanation:
    "matplotlib 2.0 deprecated the colormap 'spectral' (lower case) as a duplicate of 'nipy_spectral' " +
    "and 2.2 removed it; 'nipy_spectral' is the same colours. cmap='spectral', get_cmap('spectral') " +
    "and cm.spectral are renamed ('Spectral', capitalized, is another colormap and is left alone).",
  trigger: {
    errors: [
      {
        ename: 'ValueError',
        evalue: /'spectral(_r)?' is not a valid value for (name|cmap)|Colormap spectral(_r)? is not recognized/,
      },
      { ename: 'AttributeError', evalue: /has no attribute 'spectral(_r)?'/ },
    ],
    pattern: true,
  },
  needles: ['spectral'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const cmap = keywordValue(call, 'cmap', parsed) ?? keywordValue(call, 'colormap', parsed);
      const fn = ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '';
      const nameArg =
        /(^|\.)get_cmap$/.test(fn) || /(^|\.)cm\.get_cmap$/.test(fn) ? (positionalArguments(call)[0] ?? null) : null;
      for (const node of [cmap, nameArg]) {
        const content = stringContent(node, parsed);
        if (node && content && SPECTRAL[content]) {
          const edit = replaceStringContent(node, SPECTRAL[content]);
          if (edit) edits.push(edit);
        }
      }
    }
    for (const attr of ctx.nodes('attribute')) {
      const q = ctx.imports.resolve(attr, parsed);
      const name = q?.slice(q.lastIndexOf('.') + 1) ?? '';
      if (!q || !SPECTRAL[name] || !/^matplotlib(\.pyplot)?\.cm\.spectral(_r)?$/.test(q)) continue;
      edits.push(replaceNode(attr.childForFieldName('attribute') as Node, SPECTRAL[name]));
    }
    return edits;
  },
});
