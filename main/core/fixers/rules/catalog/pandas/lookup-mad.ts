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
// (a frame of one dtype keeps it). For the mean absolute deviation the rewrite computes what mad() computed: written
// out on a name or column, through .pipe(lambda x: …) on a receiver that is a call (evaluated once, as before) and
// certainly a Series or frame, through .agg(lambda x: …) on a Series groupby (each group's mad()).
// Left alone: a receiver that is a call of unknown type, and a frame's groupby (its text columns were dropped by
// mad() and would fail the lambda).
import type { Node } from 'web-tree-sitter';
import { type Rule, defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, methodReceiver, callArguments, positionalArguments } from '../../syntax';
import { FrameKinds } from './_frame-kinds';
import { pd, surelyNotPandas } from './_shared';

const MAD = '(x - x.mean()).abs().mean()';

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

/** x.mad() as the mean absolute deviation it computed, or null where the receiver's kind is not certain enough */
function madEdit(
  call: Node,
  receiver: Node | null,
  kinds: FrameKinds,
  parsed: Parameters<Rule['apply']>[0],
): SourceEdit[] | null {
  const kind = kinds.kindOf(receiver, parsed);
  if (kind === 'frame-groupby') return null;
  const method = call.childForFieldName('function')?.childForFieldName('attribute');
  const args = call.childForFieldName('arguments');
  if (!method || !args) return null;
  if (kind === 'series-groupby') return [replaceNode(method, 'agg'), replaceNode(args, `(lambda x: ${MAD})`)];
  const x = repeatable(receiver, parsed);
  if (x) return [replaceNode(call, `(${x} - ${x}.mean()).abs().mean()`)];
  if (kind === 'series' || kind === 'frame')
    return [replaceNode(method, 'pipe'), replaceNode(args, `(lambda x: ${MAD})`)];
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
    errors: [
      { ename: 'AttributeError', evalue: /'(DataFrame|Series)(GroupBy)?' object has no attribute '(lookup|mad)'/ },
    ],
    pattern: true,
  },
  needles: ['.lookup(', '.mad('],
  prepare(_notebook, ctx) {
    return FrameKinds.of(ctx);
  },
  apply(parsed, ctx) {
    const kinds = ctx.state as FrameKinds;
    if (!ctx.imports.imports('pandas') && ctx.errors.length === 0) return [];
    const edits: SourceEdit[] = [];
    let pandas: ReturnType<typeof ctx.requireImport> | undefined;
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (name !== 'lookup' && name !== 'mad') continue;
      const receiver = methodReceiver(call);
      const args = callArguments(call);
      if (name === 'mad' && args.length === 0) {
        const edit = madEdit(call, receiver, kinds, parsed);
        if (edit && !surelyNotPandas(receiver, parsed, ctx)) edits.push(...edit);
        continue;
      }
      const x = repeatable(receiver, parsed);
      if (!x || surelyNotPandas(receiver, parsed, ctx)) continue;
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
