// pandas.2-removed-argument-values — between(…, inclusive=True/False) → 'both'/'neither'; astype('datetime64') →
// 'datetime64[ns]'; index.get_loc(key, method='nearest') → index.get_indexer([key], method='nearest')[0];
// to_dict(orient='row') → the full name the abbreviation stood for ('records')
//
// Why it broke: pandas 2.0 (2023-04-03): argument values deprecated in 1.1–1.5 now fail — between's boolean
// inclusive (1.3), a datetime64/timedelta64 dtype without a unit (1.5 warned that it meant nanoseconds),
// Index.get_loc's method= (1.4, "use index.get_indexer([item], method=...) instead") and DataFrame.to_dict's
// abbreviated orient (1.1, "Using short name for 'orient' is deprecated"; now "orient 'r' not understood").
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     mid = df['x'].between(2, 3, inclusive=True)
//     d = df['date'].astype('datetime64')
//     i = ts.index.get_loc(when, method='nearest')
//     rows = df[cols].to_dict(orient='row')
//   →
//     mid = df['x'].between(2, 3, inclusive='both')
//     d = df['date'].astype('datetime64[ns]')
//     i = ts.index.get_indexer([when], method='nearest')[0]
//     rows = df[cols].to_dict(orient='records')
// Fix safety: Same result: inclusive=True was 'both' and False 'neither'; a dtype without a unit meant nanoseconds;
// get_indexer with method='nearest' finds the position get_loc returned (nearest always finds one); an orient
// abbreviation becomes the name pandas < 2.0 read it as (its first letters, lower-cased: d → dict, l → list,
// sp → split, s → series, r → records, i → index). Each changes only on the line the error points at.
// Left alone: get_loc with method='pad'/'ffill'/'backfill'/'bfill' or tolerance= (where no label qualifies,
// get_loc raised KeyError and get_indexer answers -1, which would index the last row); inclusive given by a name;
// an orient given by a name, or one no pandas read (it failed then too).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, keywordArgument, methodName, positionalArguments, sameNode, stringContent } from '../../syntax';
import { pd } from './_shared';

/** between(…, inclusive=True/False) → the string that meant the same */
function inclusiveEdit(call: Node, parsed: ParsedSource): SourceEdit | null {
  const kw = keywordArgument(call, 'inclusive', parsed);
  const value = kw?.childForFieldName('value');
  if (!value || (value.type !== 'true' && value.type !== 'false')) return null;
  return replaceNode(value, value.type === 'true' ? "'both'" : "'neither'");
}

/** astype('datetime64') / astype(np.datetime64) → the nanosecond dtype it meant */
function unitEdit(call: Node, parsed: ParsedSource): SourceEdit | null {
  const args = callArguments(call);
  const dtype = args[0]?.type === 'keyword_argument' ? args[0].childForFieldName('value') : args[0];
  if (!dtype) return null;
  const text = parsed.text(dtype);
  const literal = stringContent(dtype, parsed);
  const kind =
    literal === 'datetime64' || literal === 'timedelta64'
      ? literal
      : /^(?:np|numpy)\.(datetime64|timedelta64)$/.exec(text)?.[1];
  if (!kind) return null;
  const quote = dtype.type === 'string' ? text[text.length - 1] : "'";
  return replaceNode(dtype, `${quote}${kind}[ns]${quote}`);
}

/** index.get_loc(key, method='nearest') → index.get_indexer([key], method='nearest')[0] */
function getLocEdit(call: Node, parsed: ParsedSource): SourceEdit | null {
  const fn = call.childForFieldName('function');
  const attr = fn?.childForFieldName('attribute');
  const args = callArguments(call);
  const [key] = positionalArguments(call);
  const method = keywordArgument(call, 'method', parsed);
  if (!fn || !attr || !key || !method || args.length !== 2 || !sameNode(args[0], key)) return null;
  if (stringContent(method.childForFieldName('value'), parsed) !== 'nearest') return null;
  const receiver = parsed.text(fn.childForFieldName('object') as Node);
  return replaceNode(call, `${receiver}.get_indexer([${parsed.text(key)}], ${parsed.text(method)})[0]`);
}

/** the full to_dict orient names (pandas 2.0 accepts these, lower-cased, and 'tight') */
const ORIENTS = new Set(['dict', 'list', 'series', 'split', 'tight', 'records', 'index']);

/** the orient pandas 1.x read an abbreviation as: its first letters, 'sp' before 's' (pandas 1.5 DataFrame.to_dict) */
const ORIENT_PREFIXES: [string, string][] = [
  ['d', 'dict'],
  ['l', 'list'],
  ['sp', 'split'],
  ['s', 'series'],
  ['r', 'records'],
  ['i', 'index'],
];

/** to_dict('r') / to_dict(orient='row') → the full orient name the abbreviation stood for */
function orientEdit(call: Node, parsed: ParsedSource): SourceEdit | null {
  const [first] = positionalArguments(call);
  const value = keywordArgument(call, 'orient', parsed)?.childForFieldName('value') ?? first;
  if (!value) return null;
  const literal = stringContent(value, parsed)?.toLowerCase();
  if (literal === undefined || ORIENTS.has(literal)) return null;
  const full = ORIENT_PREFIXES.find(([prefix]) => literal.startsWith(prefix))?.[1];
  if (!full) return null;
  const text = parsed.text(value);
  const quote = text[text.length - 1];
  return replaceNode(value, `${quote}${full}${quote}`);
}

export const removedArgumentValues2 = defineRule({
  id: 'pandas.2-removed-argument-values',
  title:
    "between(…, inclusive=True/False) → 'both'/'neither'; astype('datetime64') → " +
    "'datetime64[ns]'; get_loc(key, method='nearest') → get_indexer([key], method='nearest')[0]; " +
    "to_dict(orient='r') → 'records'",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.1',
  explanation:
    "pandas 2.0 removed argument values deprecated in 1.1–1.5: Series.between's boolean inclusive (True " +
    "meant 'both', False 'neither'), a datetime64/timedelta64 dtype without a unit (it meant nanoseconds: " +
    "'datetime64[ns]'), Index.get_loc's method= (\"use index.get_indexer([item], method=...) instead\"; " +
    "done only for method='nearest', where get_indexer always finds the position get_loc returned) and " +
    "DataFrame.to_dict's abbreviated orient (deprecated in 1.1: 'r' and 'row' meant 'records', 'sp' 'split', " +
    "'s' 'series', 'l' 'list', 'i' 'index', 'd' 'dict').",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Inclusive has to be either string of/ },
      { ename: 'ValueError', evalue: /'(?:datetime64|timedelta64)' dtype (?:with no precision|has no unit)/ },
      { ename: 'TypeError', evalue: /Casting to unit-less dtype '(?:datetime64|timedelta64)' is not supported/ },
      { ename: 'TypeError', evalue: /get_loc\(\) got an unexpected keyword argument 'method'/ },
      { ename: 'ValueError', evalue: /^orient '[^']*' not understood/ },
    ],
  },
  errorScope: 'line',
  needles: ['inclusive', 'datetime64', 'timedelta64', 'get_loc(', 'to_dict('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      const edit =
        name === 'between'
          ? inclusiveEdit(call, parsed)
          : name === 'astype'
            ? unitEdit(call, parsed)
            : name === 'get_loc'
              ? getLocEdit(call, parsed)
              : name === 'to_dict'
                ? orientEdit(call, parsed)
                : null;
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
