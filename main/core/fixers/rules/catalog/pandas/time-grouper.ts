// pandas.time-grouper — pd.TimeGrouper('M') → pd.Grouper(freq='M')
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.21: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     g = df.groupby(pd.TimeGrouper("M")).sum()
//   →
//     g = df.groupby(pd.Grouper(freq="M")).sum()
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode, insertAt } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { positionalArguments, callArguments } from '../../syntax';
import { pd } from './_shared';

export const timeGrouper = defineRule({
  id: 'pandas.time-grouper',
  title: "pd.TimeGrouper('M') → pd.Grouper(freq='M')",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.21',
  explanation: 'pd.TimeGrouper was removed in pandas 1.0; pd.Grouper(freq=…) groups by time the same way.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'pandas' has no attribute 'TimeGrouper'/ }],
    pattern: true,
  },
  needles: ['TimeGrouper'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (ctx.imports.resolve(fn, parsed) !== 'pandas.TimeGrouper' || fn?.type !== 'attribute') continue;
      const name = fn.childForFieldName('attribute') as Node;
      edits.push(replaceNode(name, 'Grouper'));
      const first = positionalArguments(call)[0];
      if (first && callArguments(call)[0]?.startIndex === first.startIndex)
        edits.push(insertAt(first.startIndex, 'freq='));
    }
    return edits;
  },
});
