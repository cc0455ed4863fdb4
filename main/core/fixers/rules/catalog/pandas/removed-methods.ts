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
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone. The members whose
// names numpy or the str accessor share (nonzero, ptp, contains, labels …) change only where the AttributeError names
// the pandas class and its traceback shows that use; ptp() becomes max() − min(), what pandas computed (NaN skipped),
// not numpy.ptp, and only on a receiver without calls (it is written twice).
// Left alone: is_copy, real/imag, data/base/strides (no replacement named); set_labels(…, inplace=True).
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
  attributeName,
  asPrimary,
  sameNode,
} from '../../syntax';
import { errorNamesClassAt, pd, pandasAlias } from './_shared';
import { positionalToKeywordEdits } from '../helpers';
import { stripAnsi } from '../../../../../../shared/lib/text';
import type { ParsedSource } from '../../../../python/python-parser';

const INDEXES = [
  'Index',
  'DatetimeIndex',
  'TimedeltaIndex',
  'PeriodIndex',
  'MultiIndex',
  'CategoricalIndex',
  'RangeIndex',
  'IntervalIndex',
];

/**
 * Members pandas removed whose names other types use too (numpy's nonzero and ptp, str.contains, a plot's labels):
 * rewritten only where the runtime's AttributeError names one of these pandas classes and the traceback points at
 * the use. The replacements are the ones the deprecation messages named (pandas 0.19–0.25 source):
 *   asobject          Series → .astype(object).values; an index → .astype(object)   ("Use 'astype(object)' instead")
 *   nonzero()         Series → .to_numpy().nonzero()                                  (1.0 release notes)
 *   ptp()             Series → (s.max() - s.min())     (0.24–0.25: nanmax − nanmin, NaN skipped; np.ptp would not)
 *   compound()        Series/DataFrame → ((1 + x).prod() - 1)                      (0.25's own implementation)
 *   get_duplicates()  an index → idx[idx.duplicated()].unique()                      ("You can use … instead")
 *   dtype_str         an index → str(idx.dtype)                                       (1.0 release notes)
 *   contains(k)       an index → (k in idx)                                           ("use key in index instead")
 *   to_datetime()     Timestamp → to_pydatetime(); PeriodIndex → to_timestamp(); an index → pd.to_datetime(idx)
 *   labels            MultiIndex, Categorical → codes; set_labels(…) → set_codes(…)   ("use codes instead")
 *   from_array(a, …)  Series → pd.Series(a, …)                        ("Please use the pd.Series(..) constructor")
 *                     Categorical → pd.Categorical(a, …)                          ("use Categorical instead", 0.19)
 *   compress(c)       Series → s[c]                 ("Use 'Series[condition]' instead"; what 0.24–0.25 ran)
 *   select(crit, ax)  DataFrame/Series → x.loc[x.index.map(crit).astype(bool)] (axis 1: x.loc[:, x.columns.map…])
 *                     ("You can use .loc[labels.map(crit)] as a replacement", 0.21)
 *   levels            Categorical → categories                                ("use categories", 0.15)
 *   valid             Series → dropna (a bare reference; the call is handled with the other members)
 *   irow(i)           Series/DataFrame → x.iloc[i]; icol(j) DataFrame → df.iloc[:, j]   ("use .iloc[]", 0.14)
 *   iget_value(i[, j]) / iget(i) → x.iloc[i] / df.iat[i, j]  (0.14–0.19 ran _ixs / _get_value with takeable=True)
 */
const TYPED_MEMBERS: Record<string, readonly string[]> = {
  asobject: ['Series', 'DatetimeIndex', 'TimedeltaIndex', 'PeriodIndex'],
  nonzero: ['Series'],
  ptp: ['Series'],
  compound: ['Series', 'DataFrame'],
  get_duplicates: INDEXES,
  dtype_str: INDEXES,
  contains: INDEXES,
  to_datetime: ['Timestamp', 'DatetimeIndex', 'Index', 'PeriodIndex'],
  labels: ['MultiIndex', 'Categorical'],
  set_labels: ['MultiIndex'],
  from_array: ['Series', 'Categorical'],
  compress: ['Series'],
  select: ['DataFrame', 'Series'],
  levels: ['Categorical'],
  valid: ['Series'],
  irow: ['Series', 'DataFrame'],
  icol: ['DataFrame'],
  iget_value: ['Series', 'DataFrame'],
  iget: ['Series'],
};

/** A receiver that may be written twice (`s.max() - s.min()`): names, attributes and subscripts without calls. */
function repeatable(node: Node): boolean {
  if (!['identifier', 'attribute', 'subscript'].includes(node.type)) return false;
  const calls = (n: Node): boolean => n.type === 'call' || n.namedChildren.some((c) => c !== null && calls(c));
  return !calls(node);
}

/**
 * Series.from_array(arr, index, name, dtype, copy) → pd.Series(…): the constructor's third and fourth are dtype, name.
 * Categorical.from_array(data, **kwargs) → pd.Categorical(data, **kwargs) ("use Categorical instead", 0.19).
 */
function fromArray(call: Node, parsed: ParsedSource, pandas: () => string | null, cls = 'Series'): SourceEdit[] {
  const args = callArguments(call);
  const positional = positionalArguments(call);
  const order = cls === 'Series' ? ['data', 'index', 'name', 'dtype', 'copy'] : ['data'];
  if (positional.length === 0 || positional.length > order.length) return [];
  if (args.some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) return [];
  const name = pandas();
  if (!name) return [];
  const texts = args.map((a, i) =>
    a.type === 'keyword_argument' || i < 2 ? parsed.text(a) : `${order[i] as string}=${parsed.text(a)}`,
  );
  return [replaceNode(call, `${name}.${cls}(${texts.join(', ')})`)];
}

/**
 * select(crit, axis=0) → .loc[labels.map(crit)] (0.21: "You can use .loc[labels.map(crit)] as a replacement"); pandas
 * kept the labels for which bool(crit(label)) held, so the mapped labels are made booleans.
 */
function selectEdits(call: Node, object: Node, parsed: ParsedSource): SourceEdit[] {
  const args = callArguments(call);
  const positional = positionalArguments(call);
  const axisKeyword = keywordArgument(call, 'axis', parsed);
  if (positional.length === 0 || positional.length > 2 || args.length !== positional.length + (axisKeyword ? 1 : 0))
    return [];
  if (!repeatable(object)) return [];
  const axisNode = positional[1] ?? axisKeyword?.childForFieldName('value');
  const axis = axisNode ? parsed.text(axisNode).replace(/["']/g, '') : '0';
  const r = asPrimary(object, parsed);
  const crit = parsed.text(positional[0] as Node);
  if (axis === '0' || axis === 'index' || axis === 'rows')
    return [replaceNode(call, `${r}.loc[${r}.index.map(${crit}).astype(bool)]`)];
  if (axis === '1' || axis === 'columns')
    return [replaceNode(call, `${r}.loc[:, ${r}.columns.map(${crit}).astype(bool)]`)];
  return [];
}

/** The edits for one use of a typed member (`attr` is `obj.member`), the class the error named being `cls`. */
function typedMemberEdits(
  attr: Node,
  member: string,
  cls: string,
  parsed: ParsedSource,
  pandas: () => string | null,
): SourceEdit[] {
  const object = attr.childForFieldName('object') as Node;
  const nameNode = attr.childForFieldName('attribute') as Node;
  const r = asPrimary(object, parsed);
  const call =
    attr.parent?.type === 'call' && sameNode(attr.parent.childForFieldName('function'), attr) ? attr.parent : null;
  const args = call ? callArguments(call) : [];
  const positional = call ? positionalArguments(call) : [];
  const bare = !call;
  const noArgs = call !== null && args.length === 0;
  switch (member) {
    case 'asobject':
      return bare ? [replaceNode(attr, `${r}.astype(object)${cls === 'Series' ? '.values' : ''}`)] : [];
    case 'dtype_str':
      return bare ? [replaceNode(attr, `str(${r}.dtype)`)] : [];
    case 'labels':
      return bare ? [replaceNode(nameNode, 'codes')] : [];
    case 'valid':
      return bare ? [replaceNode(nameNode, 'dropna')] : [];
    case 'nonzero':
      return noArgs ? [replaceNode(call, `${r}.to_numpy().nonzero()`)] : [];
    case 'compound':
      return noArgs ? [replaceNode(call, `((1 + ${parsed.text(object)}).prod() - 1)`)] : [];
    case 'ptp':
      return noArgs && repeatable(object) ? [replaceNode(call, `(${r}.max() - ${r}.min())`)] : [];
    case 'get_duplicates':
      return noArgs && repeatable(object) ? [replaceNode(call, `${r}[${r}.duplicated()].unique()`)] : [];
    case 'contains':
      // (`s.str.contains(…)` on the same line is the string method)
      return call && args.length === 1 && !parsed.text(object).endsWith('.str') && positional.length === 1
        ? [replaceNode(call, `(${parsed.text(positional[0] as Node)} in ${r})`)]
        : [];
    case 'set_labels': {
      if (call && keywordArgument(call, 'inplace', parsed)) return [];
      const named = call ? positionalToKeywordEdits(call, [1, 'level'], parsed, 1) : [];
      if (call && positional.length > 1 && named.length === 0) return [];
      return [replaceNode(nameNode, 'set_codes'), ...named];
    }
    case 'to_datetime': {
      if (cls === 'Timestamp' && (bare || noArgs)) return [replaceNode(nameNode, 'to_pydatetime')];
      if (cls === 'PeriodIndex' && (bare || noArgs)) return [replaceNode(nameNode, 'to_timestamp')];
      const dayfirst = call ? keywordArgument(call, 'dayfirst', parsed) : null;
      if (!call || (args.length > 0 && !(args.length === 1 && dayfirst)) || cls === 'Timestamp') return [];
      const name = pandas();
      if (!name) return [];
      return [
        replaceNode(
          call,
          `${name}.to_datetime(${[parsed.text(object), ...args.map((a) => parsed.text(a))].join(', ')})`,
        ),
      ];
    }
    case 'irow':
    case 'iget':
      return call && args.length === 1 && positional.length === 1
        ? [replaceNode(call, `${r}.iloc[${parsed.text(positional[0] as Node)}]`)]
        : [];
    case 'icol':
      return call && args.length === 1 && positional.length === 1
        ? [replaceNode(call, `${r}.iloc[:, ${parsed.text(positional[0] as Node)}]`)]
        : [];
    case 'iget_value': {
      if (!call || args.length !== positional.length) return [];
      const where = positional.map((p) => parsed.text(p)).join(', ');
      if (cls === 'Series' && positional.length === 1) return [replaceNode(call, `${r}.iloc[${where}]`)];
      return cls === 'DataFrame' && positional.length === 2 ? [replaceNode(call, `${r}.iat[${where}]`)] : [];
    }
    case 'compress':
      // 0.24–0.25 ran `self[condition]`
      return call && args.length === 1 && positional.length === 1
        ? [replaceNode(call, `${r}[${parsed.text(positional[0] as Node)}]`)]
        : [];
    case 'select':
      return call ? selectEdits(call, object, parsed) : [];
    case 'levels':
      return bare ? [replaceNode(nameNode, 'categories')] : [];
    case 'from_array':
      return call ? fromArray(call, parsed, pandas, cls) : [];
    default:
      return [];
  }
}

export const removedMethods = defineRule({
  id: 'pandas.removed-methods',
  title:
    'get_dtype_counts, ftypes, clip_upper/clip_lower, sortlevel, reindex_axis, convert_objects, DataFrame.from_items, valid, get_values, asobject, nonzero, ptp, compound, Index.contains/get_duplicates/dtype_str, to_datetime, MultiIndex.labels, Series/Categorical.from_array, irow/icol/iget_value (pandas 1.0)',
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
      if (q === 'pandas.Series.from_array' || q === 'pandas.Categorical.from_array') {
        edits.push(...fromArray(call, parsed, pandas, q.split('.')[1]));
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
      } else if (name === 'reindex_axis') {
        // reindex_axis(labels, axis, method, level, copy, limit, fill_value): reindex takes only labels by position
        const named = positionalToKeywordEdits(
          call,
          [1, 'axis', 'method', 'level', 'copy', 'limit', 'fill_value'],
          parsed,
          6,
        );
        if (positional.length <= 1 || named.length > 0) edits.push(replaceNode(attrOf(call), 'reindex'), ...named);
      } else if (name === 'convert_objects') {
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
    return edits.length > 0 ? [...edits, ...imports] : [];
  },
});
