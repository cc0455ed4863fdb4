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
// Left alone: not under pandas 0.25.
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
    for (const subscript of ctx.nodes('subscript')) {
      const value = subscript.childForFieldName('value');
      if (value?.type !== 'attribute') continue;
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
