// The members pandas.removed-methods rewrites only where the AttributeError names a pandas class (their names other
// types use too): the table of them and the edit for one use, in a module of its own (removed-methods.ts holds the
// rule; this file only reads syntax).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { asPrimary, callArguments, keywordArgument, positionalArguments, sameNode } from '../../syntax';
import { positionalToKeywordEdits } from '../helpers';

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
export const TYPED_MEMBERS: Record<string, readonly string[]> = {
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
export function fromArray(call: Node, parsed: ParsedSource, pandas: () => string | null, cls = 'Series'): SourceEdit[] {
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

/** MultiIndex.set_labels(…) → set_codes(…), a second positional (level) named; left alone with inplace=True. */
function setLabelsEdits(call: Node | null, nameNode: Node, parsed: ParsedSource): SourceEdit[] {
  if (call && keywordArgument(call, 'inplace', parsed)) return [];
  const named = call ? positionalToKeywordEdits(call, [1, 'level'], parsed, 1) : [];
  if (call && positionalArguments(call).length > 1 && named.length === 0) return [];
  return [replaceNode(nameNode, 'set_codes'), ...named];
}

/**
 * Timestamp.to_datetime() → to_pydatetime(), PeriodIndex.to_datetime() → to_timestamp(), an index's to_datetime()
 * → pd.to_datetime(idx).
 */
function toDatetimeEdits(
  attr: Node,
  call: Node | null,
  cls: string,
  parsed: ParsedSource,
  pandas: () => string | null,
): SourceEdit[] {
  const object = attr.childForFieldName('object') as Node;
  const nameNode = attr.childForFieldName('attribute') as Node;
  const args = call ? callArguments(call) : [];
  const bareOrNoArgs = !call || args.length === 0;
  if (cls === 'Timestamp' && bareOrNoArgs) return [replaceNode(nameNode, 'to_pydatetime')];
  if (cls === 'PeriodIndex' && bareOrNoArgs) return [replaceNode(nameNode, 'to_timestamp')];
  const dayfirst = call ? keywordArgument(call, 'dayfirst', parsed) : null;
  if (!call || (args.length > 0 && !(args.length === 1 && dayfirst)) || cls === 'Timestamp') return [];
  const name = pandas();
  if (!name) return [];
  return [
    replaceNode(call, `${name}.to_datetime(${[parsed.text(object), ...args.map((a) => parsed.text(a))].join(', ')})`),
  ];
}

/**
 * The positional accessors: irow(i)/iget(i) → x.iloc[i], icol(j) → df.iloc[:, j], iget_value(i) → s.iloc[i] and
 * iget_value(i, j) → df.iat[i, j], compress(c) → s[c] (what 0.24–0.25 ran: `self[condition]`).
 */
function positionalAccessEdits(
  member: string,
  call: Node | null,
  r: string,
  cls: string,
  parsed: ParsedSource,
): SourceEdit[] {
  if (!call) return [];
  const args = callArguments(call);
  const positional = positionalArguments(call);
  if (member === 'iget_value') {
    if (args.length !== positional.length) return [];
    const where = positional.map((p) => parsed.text(p)).join(', ');
    if (cls === 'Series' && positional.length === 1) return [replaceNode(call, `${r}.iloc[${where}]`)];
    return cls === 'DataFrame' && positional.length === 2 ? [replaceNode(call, `${r}.iat[${where}]`)] : [];
  }
  if (args.length !== 1 || positional.length !== 1) return [];
  const only = parsed.text(positional[0] as Node);
  if (member === 'icol') return [replaceNode(call, `${r}.iloc[:, ${only}]`)];
  return [replaceNode(call, member === 'compress' ? `${r}[${only}]` : `${r}.iloc[${only}]`)];
}

/** The edits for one use of a typed member (`attr` is `obj.member`), the class the error named being `cls`. */
export function typedMemberEdits(
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
    case 'set_labels':
      return setLabelsEdits(call, nameNode, parsed);
    case 'to_datetime':
      return toDatetimeEdits(attr, call, cls, parsed, pandas);
    case 'irow':
    case 'iget':
    case 'icol':
    case 'iget_value':
    case 'compress':
      return positionalAccessEdits(member, call, r, cls, parsed);
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
