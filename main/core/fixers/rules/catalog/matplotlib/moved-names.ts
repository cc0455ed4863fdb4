// matplotlib.moved-names — matplotlib.cbook.mplDeprecation → matplotlib.MatplotlibDeprecationWarning, cm.get_cmap →
// pyplot.get_cmap
//
// Why it broke: matplotlib 3.8 (2023-09-15), deprecated since 3.6: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.8.0.html
// Example:
//     warnings.filterwarnings('ignore', category=mpl.cbook.mplDeprecation)
//     cmap = plt.cm.get_cmap('jet', 10)
//   →
//     warnings.filterwarnings('ignore', category=mpl.MatplotlibDeprecationWarning)
//     cmap = plt.get_cmap('jet', 10)
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.8; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { mpl, MPL } from './_shared';

const CBOOK_MOVES: ModuleMove[] = [
  {
    from: 'matplotlib.cbook',
    names: {
      mplDeprecation: { module: 'matplotlib', name: 'MatplotlibDeprecationWarning' },
      MatplotlibDeprecationWarning: { module: 'matplotlib' },
    },
  },
  { from: 'matplotlib.cm', names: { get_cmap: { module: 'matplotlib.pyplot' } } },
];

export const movedNames = defineRule({
  id: 'matplotlib.moved-names',
  title: 'matplotlib.cbook.mplDeprecation → matplotlib.MatplotlibDeprecationWarning, cm.get_cmap → pyplot.get_cmap',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  deprecatedIn: '3.6',
  explanation:
    'matplotlib.cbook.mplDeprecation (used to silence deprecation warnings) was removed in 3.8: the ' +
    'warning class is matplotlib.MatplotlibDeprecationWarning. matplotlib.cm.get_cmap (also reached ' +
    'as plt.cm.get_cmap) was removed in 3.9; pyplot.get_cmap takes the same name and number of colours.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /module 'matplotlib\.(cbook|cm)' has no attribute '(mplDeprecation|MatplotlibDeprecationWarning|get_cmap)'/,
      },
      { ename: 'ImportError', evalue: /cannot import name '(mplDeprecation|MatplotlibDeprecationWarning|get_cmap)'/ },
    ],
    pattern: true,
  },
  needles: [
    'mplDeprecation',
    'cbook.MatplotlibDeprecationWarning',
    /cbook\s+import\b[^\n]*\bMatplotlibDeprecationWarning/,
    'get_cmap',
  ],
  apply(parsed, ctx) {
    const installed = packageVersion(ctx.env, MPL);
    const edits = moduleMoveEdits(parsed, ctx, CBOOK_MOVES[0] as ModuleMove);
    if (installed && compareVersions(installed, '3.9') < 0 && ctx.errors.length === 0) return edits;
    edits.push(...moduleMoveEdits(parsed, ctx, CBOOK_MOVES[1] as ModuleMove));
    // plt.cm.get_cmap(…): cm reached through pyplot
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!fn || fn.type !== 'attribute' || ctx.imports.resolve(fn, parsed) !== 'matplotlib.pyplot.cm.get_cmap')
        continue;
      edits.push(
        replaceNode(fn, `${parsed.text(fn.childForFieldName('object')?.childForFieldName('object') as Node)}.get_cmap`),
      );
    }
    return edits;
  },
});
