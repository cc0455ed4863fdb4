// matplotlib.gca-projection — fig.gca(projection='3d') → fig.add_subplot(projection='3d')
//
// Why it broke: matplotlib 3.6 (2022-09-15), deprecated since 3.4: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.6.0.html
// Example:
//     ax = fig.gca(projection='3d')
//   →
//     ax = fig.add_subplot(projection='3d')
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.6; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, keywordArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

export const gcaProjection = defineRule({
  id: 'matplotlib.gca-projection',
  title: "fig.gca(projection='3d') → fig.add_subplot(projection='3d')",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  deprecatedIn: '3.4',
  explanation:
    'Figure.gca() stopped accepting arguments in matplotlib 3.6; add_subplot(projection=…) creates the same axes.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /gca\(\) got an unexpected keyword argument/ }], pattern: true },
  needles: ['gca('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'gca' || !keywordArgument(call, 'projection', parsed)) continue;
      edits.push(
        replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'add_subplot'),
      );
    }
    return edits;
  },
});
