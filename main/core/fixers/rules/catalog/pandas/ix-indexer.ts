// pandas.ix-indexer: .ix[...] → .loc[...] / .iloc[...]
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { pd } from './_shared';

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
    ".ix (removed in pandas 1.0) read integers as labels on an integer index and as positions otherwise. Rows become .loc (labels, booleans, and integers on the usual integer index keep their meaning); integer column positions become .iloc when all rows are selected, or df.columns[...] inside .loc otherwise. Review if the frame's row index is not integer and the notebook selects rows by position.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute 'ix'/ }],
    pattern: true,
  },
  needles: ['.ix['],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('pandas') && ctx.errors.length === 0) return [];
    const edits: SourceEdit[] = [];
    for (const subscript of parsed.nodes('subscript')) {
      const value = subscript.childForFieldName('value');
      if (value?.type !== 'attribute' || !ctx.inScope(subscript)) continue;
      const name = value.childForFieldName('attribute');
      const object = value.childForFieldName('object');
      if (!name || !object || parsed.text(name) !== 'ix') continue;
      const indices = subscript.childrenForFieldName('subscript');
      const [rows, columns] = indices;
      if (!rows || indices.length > 2) continue;
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
