// pandas.2-removed-argument-values — between(…, inclusive=True/False) → 'both'/'neither'; astype('datetime64') →
// 'datetime64[ns]'; index.get_loc(key, method='nearest') → index.get_indexer([key], method='nearest')[0]
//
// Why it broke: pandas 2.0 (2023-04-03): argument values deprecated in 1.3–1.5 now fail — between's boolean
// inclusive (1.3), a datetime64/timedelta64 dtype without a unit (1.5 warned that it meant nanoseconds) and
// Index.get_loc's method= (1.4, "use index.get_indexer([item], method=...) instead").
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     mid = df['x'].between(2, 3, inclusive=True)
//     d = df['date'].astype('datetime64')
//     i = ts.index.get_loc(when, method='nearest')
//   →
//     mid = df['x'].between(2, 3, inclusive='both')
//     d = df['date'].astype('datetime64[ns]')
//     i = ts.index.get_indexer([when], method='nearest')[0]
// Fix safety: Same result: inclusive=True was 'both' and False 'neither'; a dtype without a unit meant nanoseconds;
// get_indexer with method='nearest' finds the position get_loc returned (nearest always finds one). Each changes
// only on the line the error points at.
// Left alone: get_loc with method='pad'/'ffill'/'backfill'/'bfill' or tolerance= (where no label qualifies,
// get_loc raised KeyError and get_indexer answers -1, which would index the last row); inclusive given by a name.
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

export const removedArgumentValues2 = defineRule({
  id: 'pandas.2-removed-argument-values',
  title:
    "between(…, inclusive=True/False) → 'both'/'neither'; astype('datetime64') → " +
    "'datetime64[ns]'; get_loc(key, method='nearest') → get_indexer([key], method='nearest')[0]",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.3',
  explanation:
    "pandas 2.0 removed argument values deprecated in 1.3–1.5: Series.between's boolean inclusive (True " +
    "meant 'both', False 'neither'), a datetime64/timedelta64 dtype without a unit (it meant nanoseconds: " +
    "'datetime64[ns]') and Index.get_loc's method= (\"use index.get_indexer([item], method=...) instead\"; " +
    "done only for method='nearest', where get_indexer always finds the position get_loc returned).",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Inclusive has to be either string of/ },
      { ename: 'ValueError', evalue: /'(?:datetime64|timedelta64)' dtype (?:with no precision|has no unit)/ },
      { ename: 'TypeError', evalue: /Casting to unit-less dtype '(?:datetime64|timedelta64)' is not supported/ },
      { ename: 'TypeError', evalue: /get_loc\(\) got an unexpected keyword argument 'method'/ },
    ],
  },
  errorScope: 'line',
  needles: ['inclusive', 'datetime64', 'timedelta64', 'get_loc('],
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
              : null;
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
