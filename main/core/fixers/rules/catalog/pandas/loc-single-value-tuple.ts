// pandas.loc-single-value-tuple — df.loc[mask, 'col'] = 0,  → df.loc[mask, 'col'] = 0
//
// Why it broke: pandas 1.2 (2020-12-26) rewrote DataFrame.loc/iloc setting on frames of several dtypes: a one-element
// list or tuple set into one column is no longer taken as "one value per column label" but as the values for the
// selected rows, and raises "Must have equal len keys and value when setting with an iterable" unless one row is
// selected. The stray trailing comma of Kaggle's Titanic binning loops (`= 0,`) makes exactly such a tuple.
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.2.0.html#indexing
// Example:
//     dataset.loc[dataset['Age'] <= 16, 'Age'] = 0,
//   →
//     dataset.loc[dataset['Age'] <= 16, 'Age'] = 0
// Fix safety: Same result: before 1.2 the one element was set as the value of the one column label (pandas zipped
// the labels with the values), which is what the scalar assignment sets now; a frame of one dtype, where the tuple
// still works, got the same value broadcast.
// Left alone: a selection of several columns (a list, a slice), a value of two or more elements, a starred
// element, and a Series' .loc (one key).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { pd } from './_shared';

const INDEXERS = new Set(['loc', 'iloc', 'ix']);

/** Column keys that name one column: a literal label or a plain name (not a list, slice or tuple). */
const ONE_COLUMN_KEYS = new Set(['string', 'concatenated_string', 'integer', 'identifier', 'attribute']);

/** The one element of `v,` / `(v,)` / `[v]`, or null. */
function singleElement(value: Node | null): Node | null {
  if (!value || !['expression_list', 'tuple', 'list'].includes(value.type)) return null;
  const elements = value.namedChildren.filter((child) => child.type !== 'comment');
  if (elements.length !== 1) return null;
  const element = elements[0] as Node;
  if (['list_splat', 'dictionary_splat', 'parenthesized_list_splat'].includes(element.type)) return null;
  return element;
}

/** Is `target` a `frame.loc[rows, column]` (two keys, the second naming one column)? */
function isOneColumnIndexer(target: Node | null, text: (node: Node) => string): boolean {
  if (target?.type !== 'subscript') return false;
  const indexer = target.childForFieldName('value');
  const name = indexer?.type === 'attribute' ? indexer.childForFieldName('attribute') : null;
  if (!name || !INDEXERS.has(text(name))) return false;
  const keys = target.childrenForFieldName('subscript').filter((key) => key.type !== 'comment');
  if (keys.length !== 2) return false;
  return ONE_COLUMN_KEYS.has((keys[1] as Node).type);
}

export const locSingleValueTuple = defineRule({
  id: 'pandas.loc-single-value-tuple',
  title: "df.loc[rows, 'col'] = v,  → df.loc[rows, 'col'] = v",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.2', '2020-12-26'),
  explanation:
    'Before pandas 1.2, setting a one-element tuple or list into one column with .loc/.iloc (often ' +
    "a stray trailing comma: df.loc[mask, 'Age'] = 0,) set that element as the column's value; on a " +
    'frame of several dtypes pandas 1.2+ raises "Must have equal len keys and value when setting ' +
    'with an iterable". The one element is assigned as the scalar it stood for, in the failing cell.',
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Must have equal len keys and value when setting with an iterable/ }],
  },
  errorScope: 'cell',
  needles: ['.loc[', '.iloc[', '.ix['],
  apply(parsed, ctx) {
    const text = (node: Node): string => parsed.text(node);
    const edits: SourceEdit[] = [];
    for (const assignment of ctx.nodes('assignment')) {
      if (!isOneColumnIndexer(assignment.childForFieldName('left'), text)) continue;
      const right = assignment.childForFieldName('right');
      const element = singleElement(right);
      if (!right || !element) continue;
      edits.push(replaceNode(right, text(element)));
    }
    return edits;
  },
});
