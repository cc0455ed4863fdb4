// seaborn.strip-swarm-dodge — stripplot/swarmplot(split=…) → dodge=…
//
// Why it broke: seaborn 0.12 (2022-09-05), deprecated since 0.9: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.9.0.html
// Example:
//     sns.swarmplot(x='Stat', y='value', data=melted_df, hue='Type 1', split=True)
//   →
//     sns.swarmplot(x='Stat', y='value', data=melted_df, hue='Type 1', dodge=True)
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: violinplot(split=True) (a parameter of its own, still current) and catplot/factorplot of another kind.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type CellContext } from '../../rule';
import { keywordValue, stringContent } from '../../syntax';
import { keywordRenameEdits } from '../helpers';
import { sb, seabornFunction } from './_shared';

const POINT_PLOTS = ['stripplot', 'swarmplot'];

/** A stripplot/swarmplot call, or a catplot/factorplot call that draws one (kind='strip' or 'swarm'). */
function drawsPoints(call: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  const fn = seabornFunction(call, parsed, ctx);
  if (fn === null) return false;
  if (POINT_PLOTS.includes(fn)) return true;
  if (fn !== 'catplot' && fn !== 'factorplot') return false;
  const kind = stringContent(keywordValue(call, 'kind', parsed), parsed);
  return kind === 'strip' || kind === 'swarm';
}

export const stripSwarmDodge = defineRule({
  id: 'seaborn.strip-swarm-dodge',
  title: 'stripplot/swarmplot(split=…) → dodge=…',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.12', '2022-09-05'),
  deprecatedIn: '0.9',
  explanation:
    "seaborn 0.9 renamed stripplot's and swarmplot's split argument (draw each hue level apart " +
    'along the categorical axis) to dodge; 0.12 dropped the old name, which now reaches matplotlib ' +
    "('PathCollection.set() got an unexpected keyword argument 'split''). Same points, same places.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /\.set\(\) got an unexpected keyword argument 'split'/ }],
    pattern: true,
  },
  needles: [/\bsplit\s*=/],
  apply(parsed, ctx) {
    return keywordRenameEdits(parsed, ctx, (call) => drawsPoints(call, parsed, ctx), { split: 'dodge' });
  },
});
