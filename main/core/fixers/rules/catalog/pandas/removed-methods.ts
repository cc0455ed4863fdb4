// pandas.removed-methods — get_dtype_counts, ftypes, clip_upper/clip_lower, sortlevel, reindex_axis, convert_objects,
// DataFrame.from_items, valid, get_values, asobject, nonzero, ptp, compound, Index.contains/get_duplicates/dtype_str,
// to_datetime, MultiIndex.labels, Series/Categorical.from_array, irow/icol/iget_value (pandas 1.0)
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
//     o = s.asobject                      # each of these where the error names the pandas class at that line
//     nz = s.nonzero()
//     r = df['a'].ptp()
//     c = returns.compound()
//     ok = df.columns.contains('Age')
//     d = df.index.get_duplicates()
//     py = ts.to_datetime()
//     codes = mi.labels
//     s = pd.Series.from_array(arr)
//     codes = pd.Categorical.from_array(df.Sex).codes
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
//     o = s.astype(object).values
//     nz = s.to_numpy().nonzero()
//     r = (df['a'].max() - df['a'].min())
//     c = ((1 + returns).prod() - 1)
//     ok = ('Age' in df.columns)
//     d = df.index[df.index.duplicated()].unique()
//     py = ts.to_pydatetime()
//     codes = mi.codes
//     s = pd.Series(arr)
//     codes = pd.Categorical(df.Sex).codes
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone. The members
// whose names numpy or the str accessor share (nonzero, ptp, contains, labels …) change only where the AttributeError
// names the pandas class and its traceback shows that use; ptp() becomes max() − min(), what pandas computed (NaN
// skipped), not numpy.ptp, and only on a receiver without calls (it is written twice).
// Left alone: is_copy, real/imag, data/base/strides (no replacement named); set_labels(…, inplace=True).
import { defineRule, type CellContext } from '../../rule';
import { type SourceEdit, replaceNode, insertAt } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import {
  callArguments,
  positionalArguments,
  methodName,
  methodReceiver,
  keywordArgument,
  appendArguments,
  attributeName,
} from '../../syntax';
import { errorNamesClassAt, pd, pandasAlias } from './_shared';
import { fromArray, TYPED_MEMBERS, typedMemberEdits } from './_removed-typed-members';
import { positionalToKeywordEdits } from '../helpers';
import { stripAnsi } from '../../../../../../shared/lib/text';
import type { ParsedSource } from '../../../../python/python-parser';

/** The method a call names (`df.sortlevel` of `df.sortlevel(1)`). */
const attrOf = (call: Node): Node => call.childForFieldName('function')?.childForFieldName('attribute') as Node;

/**
 * A removed method called on a receiver the notebook's imports do not resolve: get_dtype_counts, clip_upper/lower,
 * sortlevel, reindex_axis, convert_objects, get_values (in failing cells) and valid (the call the error points at).
 */
function methodCallEdits(
  call: Node,
  name: string,
  receiver: Node,
  parsed: ParsedSource,
  ctx: CellContext,
  alias: string,
): SourceEdit[] {
  const args = callArguments(call);
  const positional = positionalArguments(call);
  if (name === 'get_dtype_counts' && args.length === 0) return [replaceNode(attrOf(call), 'dtypes.value_counts')];
  if ((name === 'clip_upper' || name === 'clip_lower') && positional.length === 1) {
    return [
      replaceNode(attrOf(call), 'clip'),
      insertAt((positional[0] as Node).startIndex, name === 'clip_upper' ? 'upper=' : 'lower='),
    ];
  }
  if (name === 'sortlevel') {
    const edits = [replaceNode(attrOf(call), 'sort_index')];
    const level = positional[0];
    if (level && args[0]?.startIndex === level.startIndex) edits.push(insertAt(level.startIndex, 'level='));
    else if (!keywordArgument(call, 'level', parsed)) {
      const edit = appendArguments(call, ['level=0'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  }
  if (name === 'reindex_axis') {
    // reindex_axis(labels, axis, method, level, copy, limit, fill_value): reindex takes only labels by position
    const named = positionalToKeywordEdits(
      call,
      [1, 'axis', 'method', 'level', 'copy', 'limit', 'fill_value'],
      parsed,
      6,
    );
    return positional.length <= 1 || named.length > 0 ? [replaceNode(attrOf(call), 'reindex'), ...named] : [];
  }
  if (name === 'convert_objects') {
    const numeric = keywordArgument(call, 'convert_numeric', parsed);
    if (args.length === 0) return [replaceNode(attrOf(call), 'infer_objects')];
    if (
      args.length === 1 &&
      numeric &&
      parsed.text(numeric.childForFieldName('value') as Node) === 'True' &&
      receiver.type === 'subscript'
    )
      return [replaceNode(call, `${alias}.to_numeric(${parsed.text(receiver)}, errors='coerce')`)];
    return [];
  }
  if (name === 'get_values' && args.length === 0 && ctx.errors.length > 0 && parsed.text(receiver) !== 'self')
    return [replaceNode(attrOf(call), 'to_numpy')];
  if (name === 'valid' && args.length === 0) {
    // a common method name: only the call the error points at
    const text = parsed.text(call);
    // (IPython colours a traceback token by token: the frames are compared without their ANSI codes)
    const pointsAt = (e: (typeof ctx.errors)[number]): boolean =>
      (e.line ?? '').includes(text) || e.traceback.some((frame) => stripAnsi(frame).includes(text));
    if (ctx.inScope(call) && ctx.errors.some(pointsAt)) return [replaceNode(attrOf(call), 'dropna')];
  }
  return [];
}

export const removedMethods = defineRule({
  id: 'pandas.removed-methods',
  title:
    'get_dtype_counts, ftypes, clip_upper/clip_lower, sortlevel, reindex_axis, ' +
    'convert_objects, DataFrame.from_items, valid, get_values, asobject, nonzero, ' +
    'ptp, compound, Index.contains/get_duplicates/dtype_str, to_datetime, ' +
    'MultiIndex.labels, Series/Categorical.from_array, irow/icol/iget_value (pandas 1.0)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    "Methods pandas removed by 1.0, each with a direct replacement: get_dtype_counts() → dtypes.value_counts(), ftypes → dtypes, clip_upper(x)/clip_lower(x) → clip(upper=x)/clip(lower=x), sortlevel(l) → sort_index(level=l), reindex_axis → reindex, convert_objects() → infer_objects() (convert_numeric=True on a column → pd.to_numeric(…, errors='coerce')), DataFrame.from_items(items) → DataFrame(dict(items)), Series.valid() → dropna() (on the failing line only: the name is common), get_values() of a DataFrame, Series or Index → to_numpy() (the same array; in the failing cells only). Where the AttributeError names the pandas class at that line (the names are common): Series.asobject → astype(object).values (an index's → astype(object)), nonzero() → to_numpy().nonzero(), ptp() → max() - min() (pandas skipped NaN), compound() → (1 + x).prod() - 1, Index.contains(k) → k in idx, get_duplicates() → idx[idx.duplicated()].unique(), dtype_str → str(idx.dtype), Timestamp.to_datetime() → to_pydatetime(), PeriodIndex.to_datetime() → to_timestamp(), Index.to_datetime() → pd.to_datetime(idx), MultiIndex.labels/set_labels → codes/set_codes; Series.from_array(a, …) → pd.Series(a, …), Categorical.from_array(a) → pd.Categorical(a), Series.compress(c) → s[c], select(crit) → .loc[labels.map(crit)], Categorical.levels → categories, irow(i)/iget(i)/Series.iget_value(i) → iloc[i], icol(j) → iloc[:, j], DataFrame.iget_value(i, j) → iat[i, j], the replacements the deprecation messages named.",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /has no attribute '(get_dtype_counts|ftypes|clip_upper|clip_lower|sortlevel|reindex_axis|convert_objects|from_items|valid|get_values|asobject|nonzero|ptp|compound|get_duplicates|dtype_str|contains|to_datetime|labels|set_labels|from_array|compress|select|levels|irow|icol|iget_value|iget)'/,
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
    '.valid',
    '.get_values(',
    ...Object.keys(TYPED_MEMBERS).map((member) => `.${member}`),
  ],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const alias = pandasAlias(ctx) ?? 'pd';
    const imports: SourceEdit[] = [];
    const pandas = (): string | null => {
      const required = ctx.requireImport('pandas', 'pd');
      if (required && imports.length === 0) imports.push(...required.edits);
      return required?.name ?? null;
    };
    for (const attr of ctx.nodes('attribute')) {
      const member = attributeName(attr, parsed);
      const classes = TYPED_MEMBERS[member];
      if (!classes || ctx.imports.resolve(attr, parsed)) continue;
      const text = parsed.text(attr);
      const error = ctx.errors.find((e) => errorNamesClassAt(e, member, classes, text));
      const cls = error ? /^'(\w+)'/.exec(error.evalue)?.[1] : undefined;
      if (cls) edits.push(...typedMemberEdits(attr, member, cls, parsed, pandas));
    }
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
      if (q === 'pandas.Series.from_array' || q === 'pandas.Categorical.from_array') {
        edits.push(...fromArray(call, parsed, pandas, q.split('.')[1]));
        continue;
      }
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || q || !receiver) continue;
      edits.push(...methodCallEdits(call, name, receiver, parsed, ctx, alias));
    }
    return edits.length > 0 ? [...edits, ...imports] : [];
  },
});
