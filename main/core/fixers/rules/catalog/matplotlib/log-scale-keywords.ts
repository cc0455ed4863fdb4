// matplotlib.log-scale-keywords — set_xscale('log', basex=2) → base=2 (and nonposx → nonpositive, subsx → subs,
// symlog's linthreshy → linthresh)
//
// Why it broke: matplotlib 3.5 (2021-11-15), deprecated since 3.3: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.5.0.html
// Example:
//     ax.set_xscale('log', basex=2)
//     plt.yscale('log', nonposy='clip')
//     plt.loglog(x, y, basex=10, basey=10)
//     ax.set_yscale('symlog', linthreshy=0.5)
//   →
//     ax.set_xscale('log', base=2)
//     plt.yscale('log', nonpositive='clip')
//     plt.loglog(x, y, base=10)
//     ax.set_yscale('symlog', linthresh=0.5)
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.5; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, keywordArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

const LOG_SCALE_CALLS = ['set_xscale', 'set_yscale', 'xscale', 'yscale', 'semilogx', 'semilogy', 'loglog'];

export const logScaleKeywords = defineRule({
  id: 'matplotlib.log-scale-keywords',
  title:
    "set_xscale('log', basex=2) → base=2 (and nonposx → nonpositive, subsx → subs, symlog's linthreshy → linthresh)",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.5', '2021-11-15'),
  deprecatedIn: '3.3',
  explanation:
    "The log scale's per-axis keywords basex/basey, subsx/subsy and nonposx/nonposy " +
    'were renamed base, subs and nonpositive in matplotlib 3.3 and removed ' +
    "in 3.5, as were the symlog scale's linthreshx/linthreshy and linscalex/linscaley (now linthresh, linscale). " +
    'loglog() gets base only when both axes used the same value.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /unexpected keyword argument '(basex|basey|subsx|subsy|nonposx|nonposy|linthreshx|linthreshy|linscalex|linscaley)'/,
      },
      {
        ename: 'AttributeError',
        evalue: /no property '(basex|basey|subsx|subsy|nonposx|nonposy|linthreshx|linthreshy|linscalex|linscaley)'/,
      },
    ],
    pattern: true,
  },
  needles: ['basex', 'basey', 'subsx', 'subsy', 'nonposx', 'nonposy', 'linthresh', 'linscale'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed) ?? parsed.text(call.childForFieldName('function') as Node);
      if (!LOG_SCALE_CALLS.includes(name)) continue;
      for (const [x, y, now] of [
        ['basex', 'basey', 'base'],
        ['subsx', 'subsy', 'subs'],
        ['nonposx', 'nonposy', 'nonpositive'],
        ['linthreshx', 'linthreshy', 'linthresh'],
        ['linscalex', 'linscaley', 'linscale'],
      ] as const) {
        const kx = keywordArgument(call, x, parsed);
        const ky = keywordArgument(call, y, parsed);
        if (keywordArgument(call, now, parsed) || (!kx && !ky)) continue;
        if (kx && ky) {
          // loglog(basex=2, basey=2): one base for both axes
          const same =
            parsed.text(kx.childForFieldName('value') as Node) === parsed.text(ky.childForFieldName('value') as Node);
          if (name !== 'loglog' || !same) continue;
          edits.push(replaceNode(kx.childForFieldName('name') as Node, now), {
            start: kx.endIndex,
            end: ky.endIndex,
            text: '',
          });
          continue;
        }
        if (name === 'loglog') continue;
        edits.push(replaceNode(((kx ?? ky) as Node).childForFieldName('name') as Node, now));
      }
    }
    return edits;
  },
});
