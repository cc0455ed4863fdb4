// pandas.removed-methods — get_dtype_counts, ftypes, clip_upper/clip_lower, sortlevel, reindex_axis, convert_objects,
// DataFrame.from_items, valid, get_values (pandas 1.0)
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.20: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     c = df.get_dtype_counts()
//     t = df.ftypes
//     df['y'] = df['y'].clip_upper(100)
//     s = df.sortlevel(1)
//     r = df.reindex_axis(cols, axis=1)
//     df['n'] = df['n'].convert_objects(convert_numeric=True)
//     df = df.convert_objects()
//     f = pd.DataFrame.from_items(pairs)
//     X = train.drop('y', axis=1).get_values()
//   →
//     c = df.dtypes.value_counts()
//     t = df.dtypes
//     df['y'] = df['y'].clip(upper=100)
//     s = df.sort_index(level=1)
//     r = df.reindex(cols, axis=1)
//     df['n'] = pd.to_numeric(df['n'], errors='coerce')
//     df = df.infer_objects()
//     f = pd.DataFrame(dict(pairs))
//     X = train.drop('y', axis=1).to_numpy()
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode, insertAt } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import {
  callArguments,
  positionalArguments,
  methodName,
  methodReceiver,
  keywordArgument,
  appendArguments,
} from '../../syntax';
import { pd, pandasAlias } from './_shared';
import { stripAnsi } from '../../../../../../shared/lib/text';

export const removedMethods = defineRule({
  id: 'pandas.removed-methods',
  title:
    'get_dtype_counts, ftypes, clip_upper/clip_lower, sortlevel, reindex_axis, convert_objects, DataFrame.from_items, valid, get_values (pandas 1.0)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    "Methods pandas removed by 1.0, each with a direct replacement: get_dtype_counts() → dtypes.value_counts(), ftypes → dtypes, clip_upper(x)/clip_lower(x) → clip(upper=x)/clip(lower=x), sortlevel(l) → sort_index(level=l), reindex_axis → reindex, convert_objects() → infer_objects() (convert_numeric=True on a column → pd.to_numeric(…, errors='coerce')), DataFrame.from_items(items) → DataFrame(dict(items)), Series.valid() → dropna() (on the failing line only: the name is common), get_values() of a DataFrame, Series or Index → to_numpy() (the same array; in the failing cells only).",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /object has no attribute '(get_dtype_counts|ftypes|clip_upper|clip_lower|sortlevel|reindex_axis|convert_objects|from_items|valid|get_values)'/,
      },
    ],
    pattern: true,
  },
  needles: [
    'get_dtype_counts',
    'ftypes',
    'clip_upper',
    'clip_lower',
    'sortlevel',
    'reindex_axis',
    'convert_objects',
    'from_items',
    '.valid(',
    '.get_values(',
  ],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const alias = pandasAlias(ctx) ?? 'pd';
    const attrOf = (call: Node): Node => call.childForFieldName('function')?.childForFieldName('attribute') as Node;
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      if (name && parsed.text(name) === 'ftypes' && attr.parent?.type !== 'call')
        edits.push(replaceNode(name, 'dtypes'));
    }
    for (const call of ctx.nodes('call')) {
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (
        q === 'pandas.DataFrame.from_items' &&
        callArguments(call).length === 1 &&
        positionalArguments(call).length === 1
      ) {
        edits.push(
          replaceNode(
            call,
            `${parsed.text(call.childForFieldName('function')?.childForFieldName('object') as Node)}(dict(${parsed.text(positionalArguments(call)[0] as Node)}))`,
          ),
        );
        continue;
      }
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || q || !receiver) continue;
      const args = callArguments(call);
      const positional = positionalArguments(call);
      if (name === 'get_dtype_counts' && args.length === 0)
        edits.push(replaceNode(attrOf(call), 'dtypes.value_counts'));
      else if ((name === 'clip_upper' || name === 'clip_lower') && positional.length === 1) {
        edits.push(
          replaceNode(attrOf(call), 'clip'),
          insertAt((positional[0] as Node).startIndex, name === 'clip_upper' ? 'upper=' : 'lower='),
        );
      } else if (name === 'sortlevel') {
        edits.push(replaceNode(attrOf(call), 'sort_index'));
        const level = positional[0];
        if (level && args[0]?.startIndex === level.startIndex) edits.push(insertAt(level.startIndex, 'level='));
        else if (!keywordArgument(call, 'level', parsed)) {
          const edit = appendArguments(call, ['level=0'], parsed);
          if (edit) edits.push(edit);
        }
      } else if (name === 'reindex_axis') edits.push(replaceNode(attrOf(call), 'reindex'));
      else if (name === 'convert_objects') {
        const numeric = keywordArgument(call, 'convert_numeric', parsed);
        if (args.length === 0) edits.push(replaceNode(attrOf(call), 'infer_objects'));
        else if (
          args.length === 1 &&
          numeric &&
          parsed.text(numeric.childForFieldName('value') as Node) === 'True' &&
          receiver.type === 'subscript'
        ) {
          edits.push(replaceNode(call, `${alias}.to_numeric(${parsed.text(receiver)}, errors='coerce')`));
        }
      } else if (
        name === 'get_values' &&
        args.length === 0 &&
        ctx.errors.length > 0 &&
        parsed.text(receiver) !== 'self'
      )
        edits.push(replaceNode(attrOf(call), 'to_numpy'));
      else if (name === 'valid' && args.length === 0) {
        // a common method name: only the call the error points at
        const text = parsed.text(call);
        // (IPython colours a traceback token by token: the frames are compared without their ANSI codes)
        const pointsAt = (e: (typeof ctx.errors)[number]): boolean =>
          (e.line ?? '').includes(text) || e.traceback.some((frame) => stripAnsi(frame).includes(text));
        if (ctx.inScope(call) && ctx.errors.some(pointsAt)) edits.push(replaceNode(attrOf(call), 'dropna'));
      }
    }
    return edits;
  },
});
