// pandas.read-csv-duplicate-names — read_csv(…, names=cols) with a name twice → the names pandas 0.2x gave the
// columns (flag, flag.1, flag.2 …)
//
// Why it broke: pandas 0.25 (2019-07-18) raises "Duplicate names are not allowed." when the names= of read_csv,
// read_table or read_fwf repeat a name (deprecated in 0.21 with a FutureWarning). From 0.18.2 to 0.24 the reader
// numbered the repeats as it numbers a header's (mangle_dupe_cols=True): ['date', '00', 'flag', '01', 'flag'] gave
// the columns date, 00, flag, 01, flag.1. The pandas tutorial of EuroScipy 2016 builds such a list for hourly air
// quality files (a value and a flag column per hour).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.25.0.html#other-api-changes
// Example:
//     column_names = ['date'] + [item for pair in zip(hours, ['flag'] * 24) for item in pair]
//     data = pd.read_csv(path, sep='\t', header=None, names=column_names)
//   →
//     data = pd.read_csv(path, sep='\t', header=None, names=[name_ if name_ not in list(column_names)[:pos_] else '%s.%d' % (name_, list(column_names)[:pos_].count(name_)) for pos_, name_ in enumerate(column_names)])
// Fix safety: Same result: a repeated name gets the suffix .1, .2 … by the count of its earlier occurrences, the
// names pandas 0.21–0.24 gave; a list literal is numbered here with pandas' own loop (a suffix that collides with
// another name is numbered again, a.1.1). Where a given name already looks like a numbered one and collides, the
// comprehension repeats a name and read_csv raises the same error: never other columns.
// Left alone: names given by a call or another expression that cannot be read twice; usecols=, dtype=, converters=,
// parse_dates=, index_col= by name and na_values= by column (which name they meant is ambiguous);
// mangle_dupe_cols=False (pandas never supported it); other readers.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, stringContent } from '../../syntax';
import { pd } from './_shared';

const READERS = ['read_csv', 'read_table', 'read_fwf'];

/** keywords that name columns: which of two equal names they meant cannot be told */
const BY_NAME = ['usecols', 'dtype', 'converters', 'parse_dates', 'index_col', 'true_values', 'false_values'];

/** pandas 0.21–0.24's _maybe_dedup_names: a repeat gets .N by its count, numbered again while it collides */
function dedup(names: string[]): string[] {
  const counts = new Map<string, number>();
  return names.map((name) => {
    let column = name;
    let count = counts.get(column) ?? 0;
    while (count > 0) {
      counts.set(column, count + 1);
      column = `${column}.${count}`;
      count = counts.get(column) ?? 0;
    }
    counts.set(column, count + 1);
    return column;
  });
}

/** Can the expression be read twice with the same value (a name or a dotted name)? */
function repeatable(node: Node): boolean {
  if (node.type === 'identifier') return true;
  return node.type === 'attribute' && repeatable(node.childForFieldName('object') as Node);
}

/** The names= value pandas 0.2x used, or null when it cannot be written. */
function dedupedNames(value: Node, parsed: ParsedSource): string | null {
  if (value.type === 'list') {
    const items = value.namedChildren.map((item) => stringContent(item, parsed));
    if (items.some((item) => item === null) || items.length === 0) return null;
    const names = items as string[];
    if (new Set(names).size === names.length) return null;
    return `[${dedup(names)
      .map((name) => `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`)
      .join(', ')}]`;
  }
  if (!repeatable(value)) return null;
  const text = parsed.text(value);
  if (/\b(name_|pos_)\b/.test(text)) return null;
  return (
    `[name_ if name_ not in list(${text})[:pos_] else '%s.%d' % (name_, list(${text})[:pos_].count(name_)) ` +
    `for pos_, name_ in enumerate(${text})]`
  );
}

export const readCsvDuplicateNames = defineRule({
  id: 'pandas.read-csv-duplicate-names',
  title: 'read_csv(…, names=cols) with a name twice → the names pandas 0.2x gave the columns (flag, flag.1 …)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.25', '2019-07-18'),
  deprecatedIn: '0.21',
  explanation:
    'From pandas 0.18.2 to 0.24, names= that repeated a name were numbered as a header is (flag, flag.1, ' +
    'flag.2 …; deprecated in 0.21); since 0.25 read_csv raises "Duplicate names are not allowed.". The names= ' +
    'value becomes the numbered list: a list literal numbered here with pandas 0.2x’s loop, a variable through a ' +
    'comprehension that appends .N by the count of earlier occurrences (where that would collide, read_csv ' +
    'raises the same error, never reads other columns). Left alone where usecols=, dtype=, converters=, ' +
    'parse_dates=, index_col= or a per-column na_values= name columns.',
  trigger: { errors: [{ ename: 'ValueError', evalue: /^Duplicate names are not allowed\.?$/ }] },
  errorScope: 'line',
  needles: ['names'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'pandas', names: READERS })) {
      const names = keywordArgument(call, 'names', parsed)?.childForFieldName('value');
      if (!names) continue;
      if (BY_NAME.some((keyword) => keywordArgument(call, keyword, parsed))) continue;
      const naValues = keywordArgument(call, 'na_values', parsed)?.childForFieldName('value');
      if (naValues && naValues.type === 'dictionary') continue;
      const mangle = keywordArgument(call, 'mangle_dupe_cols', parsed)?.childForFieldName('value');
      if (mangle && mangle.type !== 'true') continue;
      const deduped = dedupedNames(names, parsed);
      if (deduped) edits.push(replaceNode(names, deduped));
    }
    return edits;
  },
});
