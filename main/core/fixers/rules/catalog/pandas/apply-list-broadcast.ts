// pandas.apply-list-broadcast — df.apply(sorted, axis=1) → df.apply(sorted, axis=1, result_type='broadcast')
//
// Why it broke: pandas 0.23 (2018-05-15) made DataFrame.apply(f, axis=1) return a Series of lists when f returns a
// list-like; before, a list as long as the row was broadcast back into a DataFrame with the frame's index and
// columns. Code that goes on using the result as a frame (`.rename(columns=…)`, `res['A']`) fails or computes
// something else.
// Changelog: https://pandas.pydata.org/pandas-docs/stable/whatsnew/v0.23.0.html#changes-to-make-output-of-dataframe-apply-consistent
// Example:
//     flights_sort = flights[['ORG_AIR', 'DEST_AIR']].apply(sorted, axis=1)
//   →
//     flights_sort = flights[['ORG_AIR', 'DEST_AIR']].apply(sorted, axis=1, result_type='broadcast')
// Fix safety: Same result: result_type='broadcast' is the keyword 0.23 introduced for the old behaviour (the frame's
// shape, index and columns); it is added only where the applied function returns a list exactly as long as the row
// (sorted, list, np.sort of the row, a lambda returning one of those), so the old code took the broadcast path, and
// returns the row's own values, so the frame's dtype holds them as the old frame did.
// Left alone: apply without axis=1 (axis=0 kept its behaviour), calls that name result_type/broadcast/reduce,
// functions that may return another length or a scalar, a comprehension over the row (its values may not fit the
// frame's dtype: broadcast would truncate [v / 2 for v in row] of an int frame), a notebook's own sorted/list, and,
// without the error, a notebook dated after 0.23 (it meant the Series of lists).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import type { ImportTable } from '../../imports';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import {
  appendArguments,
  definesName,
  keywordArgument,
  keywordValue,
  methodName,
  positionalArguments,
} from '../../syntax';
import { isBeforeDate } from '../../version';
import { pd } from './_shared';

/** pandas 0.23: apply(f, axis=1) returns a Series of lists where it broadcast them before. */
const BROADCAST_CHANGED = { version: '0.23', date: '2018-05-15' };

/** Builtins that return a list as long as the iterable they are given. */
const SAME_LENGTH_BUILTINS = ['sorted', 'list'];

/** Does `fn` (a function given to apply) return a list-like as long as its argument? */
function sameLengthFunction(fn: Node, parsed: ParsedSource, imports: ImportTable, own: ReadonlySet<string>): boolean {
  if (fn.type === 'identifier') {
    const name = parsed.text(fn);
    return SAME_LENGTH_BUILTINS.includes(name) && !own.has(name) && !imports.resolve(fn, parsed);
  }
  if (fn.type === 'attribute') return imports.refersTo(fn, parsed, 'numpy', ['sort']) !== null;
  if (fn.type !== 'lambda') return false;
  const params = fn.childForFieldName('parameters')?.namedChildren ?? [];
  const body = fn.childForFieldName('body');
  const [first] = params;
  if (params.length !== 1 || first?.type !== 'identifier' || !body) return false;
  const param = parsed.text(first);
  if (body.type === 'call') {
    const args = body.childForFieldName('arguments')?.namedChildren ?? [];
    const callee = body.childForFieldName('function');
    const [arg] = args;
    if (args.length !== 1 || arg?.type !== 'identifier' || parsed.text(arg) !== param || !callee) return false;
    return sameLengthFunction(callee, parsed, imports, own);
  }
  // a comprehension over the row ([v / 2 for v in row]) is left alone: broadcast writes into an array of the frame's
  // dtype (np.empty_like), so floats computed from an int frame would be truncated where pandas < 0.23 built the
  // frame from the lists (float columns)
  return false;
}

/** apply(f, axis=1) / apply(f, 1) / axis='columns' */
function rowWise(call: Node, parsed: ParsedSource): boolean {
  const axis = keywordValue(call, 'axis', parsed) ?? positionalArguments(call)[1] ?? null;
  if (!axis) return false;
  const text = parsed.text(axis).replace(/\s+/g, '');
  return text === '1' || text === "'columns'" || text === '"columns"';
}

export const applyListBroadcast = defineRule({
  id: 'pandas.apply-list-broadcast',
  title: "df.apply(sorted, axis=1) → df.apply(sorted, axis=1, result_type='broadcast')",
  kind: 'error-repair',
  library: 'pandas',
  since: pd(BROADCAST_CHANGED.version, BROADCAST_CHANGED.date),
  explanation:
    "Before pandas 0.23, DataFrame.apply(f, axis=1) broadcast a list-like result as long as the row back into a DataFrame with the frame's index and columns; 0.23 returns a Series of lists instead (\"Changes to make output of DataFrame.apply consistent\") and added result_type='broadcast' for the old behaviour. Where the applied function surely returns a list as long as the row (sorted, list, np.sort, a lambda calling one of them on the row) the call gets result_type='broadcast', so the result is the frame later code renames and indexes.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /Series\.rename\(\) got an unexpected keyword argument 'columns'/ }],
    pattern: true,
  },
  needles: ['.apply('],
  prepare(notebook) {
    const own = new Set<string>();
    for (const index of notebook.codeCells) {
      for (const name of SAME_LENGTH_BUILTINS) if (definesName(notebook.parse(index), name)) own.add(name);
    }
    return own;
  },
  apply(parsed, ctx) {
    const own = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    // without the error, only in a notebook not known to be written after 0.23: a later one meant the Series of lists
    if (ctx.errors.length === 0 && ctx.created !== null && !isBeforeDate(ctx.created, BROADCAST_CHANGED.date))
      return edits;
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'apply' || !rowWise(call, parsed)) continue;
      if (['result_type', 'broadcast', 'reduce', 'raw'].some((k) => keywordArgument(call, k, parsed))) continue;
      const fn = keywordValue(call, 'func', parsed) ?? positionalArguments(call)[0];
      if (!fn || !sameLengthFunction(fn, parsed, ctx.imports, own)) continue;
      const edit = appendArguments(call, ["result_type='broadcast'"], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
