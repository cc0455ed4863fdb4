// pandas.reduction-level — s.sum(level=0) → s.groupby(level=0).sum()
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.3: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     totals = s.sum(level=0)
//     n = df.count(level="a")
//   →
//     totals = s.groupby(level=0).sum()
//     n = df.groupby(level="a").count()
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { methodName, methodReceiver, keywordArgument, positionalArguments, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { pd, surelyNotPandas } from './_shared';

const LEVEL_REDUCTIONS = new Set([
  'sum',
  'mean',
  'median',
  'min',
  'max',
  'count',
  'std',
  'var',
  'prod',
  'sem',
  'skew',
  'kurt',
  'any',
  'all',
  'mad',
]);

export const reductionLevel = defineRule({
  id: 'pandas.reduction-level',
  title: 's.sum(level=0) → s.groupby(level=0).sum()',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.3',
  explanation:
    'The level= argument of reductions (sum, mean, count …) was removed in ' +
    'pandas 2.0; grouping by that index level first computes the same thing.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /got an unexpected keyword argument 'level'/ }], pattern: true },
  needles: ['level='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || !LEVEL_REDUCTIONS.has(name) || surelyNotPandas(receiver, parsed, ctx)) continue;
      const level = keywordArgument(call, 'level', parsed);
      if (!level || positionalArguments(call).length > 0) continue;
      edits.push(removeArgument(level, call), insertAt((receiver as Node).endIndex, `.groupby(${parsed.text(level)})`));
    }
    return edits;
  },
});
