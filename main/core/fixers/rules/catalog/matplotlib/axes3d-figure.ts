// matplotlib.axes3d-figure — Axes3D(fig) → fig.add_subplot(projection='3d')
//
// Why it broke: matplotlib 3.6 (2022-09-15), deprecated since 3.4: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.6.0.html
// Example:
//     ax = Axes3D(fig, elev=48, azim=134)
//     ax2 = Axes3D(fig, rect=[0, 0, .95, 1], elev=48)
//     ax3 = Axes3D(fig, [0, 0, 1, 1])
//   →
//     ax = fig.add_subplot(projection='3d', elev=48, azim=134)
//     ax2 = fig.add_axes([0, 0, .95, 1], projection='3d', elev=48)
//     ax3 = fig.add_axes([0, 0, 1, 1], projection='3d')
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.6; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { positionalArguments, callArguments, keywordName, asPrimary } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

export const axes3dFigure = defineRule({
  id: 'matplotlib.axes3d-figure',
  title: "Axes3D(fig) → fig.add_subplot(projection='3d')",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  deprecatedIn: '3.4',
  explanation:
    'Since matplotlib 3.6, Axes3D(fig) no longer adds itself to the figure, so everything ' +
    "drawn on it is silently missing from the output. fig.add_subplot(projection='3d') " +
    "creates the same 3D axes on the figure, fig.add_axes(rect, projection='3d') " +
    'when a rectangle was given (extra keywords such as elev/azim are passed on).',
  trigger: { pattern: true },
  needles: ['Axes3D('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (q !== 'mpl_toolkits.mplot3d.Axes3D' && q !== 'mpl_toolkits.mplot3d.axes3d.Axes3D') continue;
      const positional = positionalArguments(call);
      const keywords = callArguments(call).filter((a) => a.type === 'keyword_argument');
      if (
        positional.length < 1 ||
        positional.length > 2 ||
        callArguments(call).length !== keywords.length + positional.length
      )
        continue;
      // Axes3D(fig, rect) / Axes3D(fig, rect=…): the axes at that rectangle, fig.add_axes(rect, projection='3d')
      const rectKeyword = keywords.find((k) => keywordName(k, parsed) === 'rect');
      const rect = positional[1] ?? rectKeyword?.childForFieldName('value');
      const extra = keywords
        .filter((k) => k !== rectKeyword)
        .map((k) => `, ${parsed.text(k)}`)
        .join('');
      const figure = asPrimary(positional[0] as Node, parsed);
      edits.push(
        replaceNode(
          call,
          rect
            ? `${figure}.add_axes(${parsed.text(rect)}, projection='3d'${extra})`
            : `${figure}.add_subplot(projection='3d'${extra})`,
        ),
      );
    }
    return edits;
  },
});
