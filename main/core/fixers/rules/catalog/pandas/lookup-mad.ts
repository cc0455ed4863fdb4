// pandas.lookup-mad — df.lookup(rows, cols) → indexing by get_indexer; x.mad() → (x - x.mean()).abs().mean()
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.2: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     v = df.lookup(df.index, df['best'])
//     m = df['Fare'].mad()
//   →
//     v = pd.Series(df.values[df.index.get_indexer(df.index), df.columns.get_indexer(df['best'])]).infer_objects().to_numpy()
//     m = (df['Fare'] - df['Fare'].mean()).abs().mean()
// Fix safety: Same result: lookup picked the values at the (row label, column label) pairs and, where that gave an
// object array (a frame with text columns: its .values is object), converted it to the numbers' dtype
// (lib.maybe_convert_objects, pandas 1.x frame.py): [1, 5.5, 3] came back float64, not object. The values picked
// through .values and get_indexer are the same, and infer_objects() makes the same conversion of an object result
// (a frame of one dtype keeps it). For the mean absolute deviation the rewrite computes what mad() computed.
import type { Node } from 'web-tree-sitter';
import { type Rule, defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, methodReceiver, callArguments, positionalArguments } from '../../syntax';
import { pd, surelyNotPandas } from './_shared';

/** `x` when it can be repeated without evaluating anything twice that matters (a name, attribute or column). */
function repeatable(node: Node | null, parsed: Parameters<Rule['apply']>[0]): string | null {
  if (!node) return null;
  if (node.type === 'identifier' || node.type === 'attribute') return parsed.text(node);
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    const index = node.childForFieldName('subscript');
    if (
      (value?.type === 'identifier' || value?.type === 'attribute') &&
      index &&
      ['string', 'integer', 'list'].includes(index.type)
    )
      return parsed.text(node);
  }
  return null;
}

export const lookupMad = defineRule({
  id: 'pandas.lookup-mad',
  title: 'df.lookup(rows, cols) → indexing by get_indexer; x.mad() → (x - x.mean()).abs().mean()',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.2',
  explanation:
    'pandas 2.0 removed DataFrame.lookup (deprecated 1.2) and Series/DataFrame.mad (deprecated ' +
    '1.5). lookup(rows, cols) picked one value per (row label, column label) pair and ' +
    "converted an object result to the numbers' dtype: pd.Series(df.values[df.index.get_indexer(rows), " +
    'df.columns.get_indexer(cols)]).infer_objects().to_numpy() picks the same values with ' +
    'the same dtype (float64, not object, on a frame with text columns). mad() was the ' +
    'mean absolute deviation around the mean, which (x - x.mean()).abs().mean() computes.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute '(lookup|mad)'/ }],
    pattern: true,
  },
  needles: ['.lookup(', '.mad('],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('pandas') && ctx.errors.length === 0) return [];
    const edits: SourceEdit[] = [];
    let pandas: ReturnType<typeof ctx.requireImport> | undefined;
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (name !== 'lookup' && name !== 'mad') continue;
      const receiver = methodReceiver(call);
      const x = repeatable(receiver, parsed);
      if (!x || surelyNotPandas(receiver, parsed, ctx)) continue;
      const args = callArguments(call);
      if (name === 'mad' && args.length === 0) edits.push(replaceNode(call, `(${x} - ${x}.mean()).abs().mean()`));
      const positional = positionalArguments(call);
      if (name === 'lookup' && args.length === 2 && positional.length === 2) {
        const [rows, cols] = positional.map((a) => parsed.text(a));
        if (pandas === undefined) {
          pandas = ctx.requireImport('pandas', 'pd');
          if (pandas) edits.push(...pandas.edits);
        }
        if (!pandas) continue;
        // lookup converted an object result (a frame with text columns) to the numbers' dtype
        const picked =
          `${x}.values[${x}.index.get_indexer(${rows as string}), ` + `${x}.columns.get_indexer(${cols as string})]`;
        edits.push(replaceNode(call, `${pandas.name}.Series(${picked}).infer_objects().to_numpy()`));
      }
    }
    return edits;
  },
});
