// seaborn.jointplot-stat-func — jointplot(stat_func=…) removed
//
// Why it broke: seaborn 0.11 (2020-09-08), deprecated since 0.9: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.11.0.html
// Example:
//     sns.jointplot(x="a", y="b", data=df, stat_func=stats.pearsonr)
//   →
//     sns.jointplot(x="a", y="b", data=df)
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.11; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { keywordArgument, removeArgument } from '../../syntax';
import { sb, seabornFunction } from './_shared';

export const jointplotStatFunc = defineRule({
  id: 'seaborn.jointplot-stat-func',
  title: 'jointplot(stat_func=…) removed',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.11', '2020-09-08'),
  deprecatedIn: '0.9',
  explanation:
    "jointplot's stat_func (an annotation with a correlation statistic) " +
    'was removed in seaborn 0.11; the plot itself is unchanged without it.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'stat_func'/ }], pattern: true },
  needles: ['stat_func'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (!['jointplot', 'JointGrid'].includes(seabornFunction(call, parsed, ctx) ?? '')) continue;
      const kw = keywordArgument(call, 'stat_func', parsed);
      if (kw) edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});
