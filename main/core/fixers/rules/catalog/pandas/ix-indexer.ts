// pandas.ix-indexer — .ix[...] → .loc[...] / .iloc[...]
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.20: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     res = clf.predict(x.ix[:,[6,3]].dropna())
//     df.ix[df.Age.isnull(), "Age"] = 0
//     row = df.ix[5]
//     v = df.ix[df.a > 1, 2]
//   →
//     res = clf.predict(x.iloc[:,[6,3]].dropna())
//     df.loc[df.Age.isnull(), "Age"] = 0
//     row = df.loc[5]
//     v = df.loc[df.a > 1, df.columns[2]]
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// On a row index that is not numeric (strings, dates), .ix read an integer row key as a position, which .loc reads
// as a label: the read then fails (KeyError: 1, or "cannot do slice indexing on Index with these indexers [0] of
// type int"), and the traceback says which index it was (an object, string or datetime index's lookup). On that
// error the row key becomes a position:
//     first = df.loc[1, 'Name']
//   →
//     first = df.iloc[1, df.columns.get_loc('Name')]
// An assignment's integer row key, and the variable of a `for i in range(…)` loop, are spelled as .ix read them, since
// .loc would enlarge a string-indexed frame with a row labelled 0 instead of failing (no error points there): .ix
// took the key as a label where the index has it or holds integers, else as a position:
//     df.ix[0, 'Age'] = 22
//   →
//     df.loc[0 if 0 in df.index or pd.api.types.is_integer_dtype(df.index) else df.index[0], 'Age'] = 22
// Left alone: not under pandas 0.25. On the KeyError: an integer or float index (the label was missing under .ix
// too), an error the notebook's saved outputs show (the author had it), a list of column labels, an assignment.
import type { Node } from 'web-tree-sitter';
import type { CellError } from '../../../../../../shared/models/execution';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { lineText } from '../../rule-targets';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { stringContent } from '../../syntax';
import { stripAnsi } from '../../../../../../shared/lib/text';
import { pd } from './_shared';

/** KeyError: 1 of .loc on an index that .ix read integers of as positions (not an integer or float index). */
const KEY_ERROR = /^-?\d+$/;
/** .loc[0:5] on such an index: the slice's start is named. */
const SLICE_ERROR =
  /cannot do slice indexing on (?:Index|DatetimeIndex|PeriodIndex|TimedeltaIndex) with these indexers \[(-?\d+)\] of type int/;
/** the lookup of an object, string or datetime index in a KeyError's traceback; numeric ones' tables */
const POSITIONAL_INDEX = /PyObjectHashTable|StringHashTable|indexes[\\/]datetimes\.py/;
const NUMERIC_INDEX = /(?:Int|UInt|Float|Complex)\d+HashTable|indexes[\\/]range\.py/;

/** The row key (a literal) .loc was given where .ix meant a position, from the error; null if not such an error. */
function positionalKey(error: CellError): string | null {
  if (error.preExisting) return null;
  if (error.ename === 'KeyError' && KEY_ERROR.test(error.evalue)) {
    const traceback = error.traceback.map(stripAnsi).join('\n');
    return POSITIONAL_INDEX.test(traceback) && !NUMERIC_INDEX.test(traceback) ? error.evalue : null;
  }
  if (error.ename === 'TypeError') return SLICE_ERROR.exec(error.evalue)?.[1] ?? null;
  return null;
}

function isIntegerLiteral(node: Node | null): boolean {
  return (
    !!node && (node.type === 'integer' || (node.type === 'unary_operator' && node.namedChildren[0]?.type === 'integer'))
  );
}

/**
 * `X.loc[1, 'col']` → `X.iloc[1, X.columns.get_loc('col')]` (and `X.loc[1]`, `X.loc[0:5, X.columns[2]]`) where the
 * error says .loc's integer `key` was a position; null for other shapes.
 */
function positionalEdits(subscript: Node, key: string, parsed: ParsedSource): SourceEdit[] | null {
  const value = subscript.childForFieldName('value');
  if (value?.type !== 'attribute') return null;
  const name = value.childForFieldName('attribute');
  const object = value.childForFieldName('object');
  if (!name || !object || parsed.text(name) !== 'loc') return null;
  // an assignment enlarges the frame instead of failing: no error points there
  const parent = subscript.parent;
  if (
    parent &&
    ['assignment', 'augmented_assignment'].includes(parent.type) &&
    parent.childForFieldName('left')?.startIndex === subscript.startIndex
  )
    return null;
  const [rows, columns, ...rest] = subscript.childrenForFieldName('subscript');
  if (!rows || rest.length > 0) return null;
  const rowKey =
    rows.type === 'slice'
      ? rows.namedChildren.every((part) => isIntegerLiteral(part))
        ? rows.namedChildren[0]
        : null
      : isIntegerLiteral(rows)
        ? rows
        : null;
  if (!rowKey || parsed.text(rowKey).replace(/\s+/g, '') !== key) return null;
  const edits = [replaceNode(name, 'iloc')];
  if (!columns) return edits;
  if (!['identifier', 'attribute'].includes(object.type)) return null;
  const frame = parsed.text(object);
  if (stringContent(columns, parsed) !== null) {
    edits.push(replaceNode(columns, `${frame}.columns.get_loc(${parsed.text(columns)})`));
    return edits;
  }
  // X.columns[2], which this rule wrote for .ix[rows, 2]
  const columnsOf = columns.type === 'subscript' ? columns.childForFieldName('value') : null;
  const position = columns.type === 'subscript' ? columns.childrenForFieldName('subscript') : [];
  if (
    columnsOf &&
    parsed.text(columnsOf) === `${frame}.columns` &&
    position.length === 1 &&
    isIntegerLiteral(position[0] as Node)
  ) {
    edits.push(replaceNode(columns, parsed.text(position[0] as Node)));
    return edits;
  }
  return null;
}

/** Is the subscript the target of an assignment (`X.ix[…] = v`, `X.ix[…] += v`)? */
function isAssignmentTarget(subscript: Node): boolean {
  const parent = subscript.parent;
  return (
    !!parent &&
    ['assignment', 'augmented_assignment'].includes(parent.type) &&
    parent.childForFieldName('left')?.startIndex === subscript.startIndex
  );
}

/** Is the identifier the variable of an enclosing `for name in range(…)` (an integer that .ix may read as a position)? */
function rangeLoopVariable(node: Node, parsed: ParsedSource): boolean {
  if (node.type !== 'identifier') return false;
  const name = parsed.text(node);
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'class_definition') return false;
    if (p.type !== 'for_statement') continue;
    const left = p.childForFieldName('left');
    const right = p.childForFieldName('right');
    const callee = right?.type === 'call' ? right.childForFieldName('function') : null;
    if (left?.type === 'identifier' && parsed.text(left) === name)
      return !!callee && callee.type === 'identifier' && ['range', 'xrange'].includes(parsed.text(callee));
  }
  return false;
}

/**
 * The row key .ix meant, spelled for .loc where .ix read an integer as a position on an index that is not of
 * integers: `k if k in X.index or pd.api.types.is_integer_dtype(X.index) else X.index[k]` (.ix looked k up as a
 * label first, and took it as a position only where it was none and the index held no integers).
 */
function ixRowKey(frame: string, key: string, pandas: string): string {
  return (
    `${key} if ${key} in ${frame}.index or ` +
    `${pandas}.api.types.is_integer_dtype(${frame}.index) else ${frame}.index[${key}]`
  );
}

type IndexKind = 'full' | 'int' | 'label' | 'expr';

function indexKind(node: Node): IndexKind {
  const isInt = (n: Node | null): boolean =>
    !n ||
    n.type === 'integer' ||
    n.type === 'none' ||
    (n.type === 'unary_operator' && n.namedChildren[0]?.type === 'integer');
  if (node.type === 'slice') {
    const parts = node.namedChildren;
    if (parts.length === 0) return 'full';
    if (parts.every((p) => isInt(p))) return 'int';
    if (parts.every((p) => p.type === 'string')) return 'label';
    return 'expr';
  }
  if (isInt(node)) return 'int';
  if (node.type === 'string') return 'label';
  if (node.type === 'list') {
    const items = node.namedChildren;
    if (items.length > 0 && items.every((i) => isInt(i))) return 'int';
    if (items.length > 0 && items.every((i) => i.type === 'string')) return 'label';
  }
  if (node.type === 'comparison_operator' || node.type === 'boolean_operator' || node.type === 'not_operator')
    return 'label';
  return 'expr';
}

export const ixIndexer = defineRule({
  id: 'pandas.ix-indexer',
  title: '.ix[...] → .loc[...] / .iloc[...]',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    ".ix (removed in pandas 1.0) read integers as labels on an integer index and as positions otherwise. Rows become .loc (labels, booleans, and integers on the usual integer index keep their meaning); integer column positions become .iloc when all rows are selected, or df.columns[...] inside .loc otherwise. On an object, string or datetime index .ix read an integer row key as a position: when .loc fails there (KeyError: 1 from that index's lookup, or an integer slice refused), the row key becomes .iloc's and the column label its position (columns.get_loc). An assignment's integer row key and a range() loop's variable, which .loc would read as a new label (a row added to a string index, silently), become `k if k in X.index or pd.api.types.is_integer_dtype(X.index) else X.index[k]`: a label where .ix read one, the label at that position otherwise.",
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute 'ix'/ },
      { ename: 'KeyError', evalue: KEY_ERROR },
      { ename: 'TypeError', evalue: SLICE_ERROR },
    ],
    pattern: true,
  },
  needles: ['.ix[', '.loc['],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('pandas') && ctx.errors.length === 0) return [];
    const edits: SourceEdit[] = [];
    for (const error of ctx.errors) {
      const key = positionalKey(error);
      if (key === null || !error.line) continue;
      const found = ctx
        .nodes('subscript')
        .filter((node) => lineText(parsed.source, node.startIndex) === error.line?.trim())
        .map((node) => positionalEdits(node, key, parsed))
        .filter((e): e is SourceEdit[] => e !== null);
      // one .loc on the line that the error can be about
      if (found.length === 1) edits.push(...(found[0] as SourceEdit[]));
    }
    let pandas: ReturnType<typeof ctx.requireImport> | undefined;
    for (const subscript of ctx.nodes('subscript')) {
      const value = subscript.childForFieldName('value');
      if (value?.type !== 'attribute') continue;
      const name = value.childForFieldName('attribute');
      const object = value.childForFieldName('object');
      if (!name || !object || parsed.text(name) !== 'ix') continue;
      const indices = subscript.childrenForFieldName('subscript');
      const [rows, columns] = indices;
      if (!rows || indices.length > 2) continue;
      // an integer row key that .ix may have read as a position: an assignment's literal (.loc would add a row
      // labelled 0 to a string index, silently) or a range() loop's variable
      const positional =
        ((isAssignmentTarget(subscript) &&
          indexKind(rows) === 'int' &&
          rows.type !== 'slice' &&
          rows.type !== 'list') ||
          rangeLoopVariable(rows, parsed)) &&
        ['identifier', 'attribute'].includes(object.type);
      if (positional) {
        if (pandas === undefined) {
          pandas = ctx.requireImport('pandas', 'pd');
          if (pandas) edits.push(...pandas.edits);
        }
        if (!pandas) continue;
        edits.push(replaceNode(rows, ixRowKey(parsed.text(object), parsed.text(rows), pandas.name)));
      }
      if (!columns) {
        edits.push(replaceNode(name, 'loc'));
        continue;
      }
      const rowKind = indexKind(rows);
      const columnKind = indexKind(columns);
      if (columnKind !== 'int') {
        edits.push(replaceNode(name, 'loc'));
      } else if (rowKind === 'full') {
        edits.push(replaceNode(name, 'iloc'));
      } else if (['identifier', 'attribute'].includes(object.type)) {
        edits.push(
          replaceNode(name, 'loc'),
          replaceNode(columns, `${parsed.text(object)}.columns[${parsed.text(columns)}]`),
        );
      }
    }
    return edits;
  },
});
