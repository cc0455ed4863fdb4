// pandas.series-agg-dict — grouped['col'].agg({'name': 'sum'}) → .agg([('name', 'sum')])
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.20: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     agg = df.groupby('id')['amount'].agg({'amount_sum': 'sum', 'amount_mean': np.mean})
//     by_id = df.groupby('id').agg({'amount': {'total': 'sum'}, 'day': 'max'})
//   →
//     agg = df.groupby('id')['amount'].agg([('amount_sum', 'sum'), ('amount_mean', np.mean)])
//     by_id = df.groupby('id').agg({'amount': [('total', 'sum')], 'day': 'max'})
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, callArguments } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { pd } from './_shared';

export const seriesAggDict = defineRule({
  id: 'pandas.series-agg-dict',
  title: "grouped['col'].agg({'name': 'sum'}) → .agg([('name', 'sum')])",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    "Renaming the result of a Series aggregation with a dict ({'new_name': func}) was removed " +
    'in pandas 1.0 ("nested renamer is not supported"); a list of (name, func) pairs gives the ' +
    "same columns. On a DataFrame, the nested {'col': {'name': func}} becomes {'col': [('name', " +
    'func)]}, which gives the same two column levels (col, name). Applied on the failing line.',
  trigger: { errors: [{ ename: 'SpecificationError', evalue: /nested renamer is not supported/ }] },
  errorScope: 'line',
  needles: ['.agg(', '.aggregate('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (name !== 'agg' && name !== 'aggregate') continue;
      const args = callArguments(call);
      const dict = args[0];
      if (args.length !== 1 || dict?.type !== 'dictionary') continue;
      const pairs = dictPairs(dict);
      if (!pairs) continue;
      const nested = pairs.filter((p) => p.childForFieldName('value')?.type === 'dictionary');
      if (nested.length === 0) {
        // a Series: {'name': func} → [('name', func)]
        edits.push(replaceNode(dict, renamerList(pairs, parsed)));
        continue;
      }
      // a DataFrame: {'col': {'name': func}} → {'col': [('name', func)]}, the same (col, name) column levels
      for (const pair of nested) {
        const inner = pair.childForFieldName('value') as Node;
        const innerPairs = dictPairs(inner);
        if (!innerPairs || innerPairs.some((p) => p.childForFieldName('value')?.type === 'dictionary')) continue;
        edits.push(replaceNode(inner, renamerList(innerPairs, parsed)));
      }
    }
    return edits;
  },
});

/** The key: value pairs of a dict literal, or null when it has none or holds ** splats. */
function dictPairs(dict: Node): Node[] | null {
  const pairs = dict.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
  return pairs.length > 0 && pairs.every((p) => p.type === 'pair') ? pairs : null;
}

function renamerList(pairs: Node[], parsed: { text(node: Node): string }): string {
  const items = pairs.map(
    (p) => `(${parsed.text(p.childForFieldName('key') as Node)}, ${parsed.text(p.childForFieldName('value') as Node)})`,
  );
  return `[${items.join(', ')}]`;
}
