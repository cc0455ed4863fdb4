// pandas.loc-missing-labels — df.loc[[a, b], cols] with a label the index lacks → df.reindex(index=[a, b],
// columns=cols)
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.21: .loc with a list of labels of which some are missing
// from the index raises KeyError ('[1.0] not in index'); before, the missing labels came back as rows of NaN.
// Changelog: https://pandas.pydata.org/pandas-docs/stable/whatsnew/v1.0.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     df_return = df.loc[[first_idx, last_idx], ['MONTH', 'DAY']]
//   →
//     df_return = df.reindex(index=[first_idx, last_idx], columns=['MONTH', 'DAY'])
// Fix safety: Same result: reindex is what the 0.21 deprecation ("Passing list-likes to .loc or [] with any missing
// label will raise KeyError in the future, you can use .reindex() as an alternative") points to: the present labels'
// rows in the list's order, a row of NaN for each missing one. Only the line the KeyError points at is edited, and
// only a read (not an assignment target) whose row key is a list display.
// Left alone: boolean masks and other row keys that are not a list display, assignments into .loc, .iloc/.ix, and
// lines the error does not point at.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { pd } from './_shared';

/** The keys of `x.loc[k1, k2]` (one or two), or null when the subscript is not a .loc read of that shape. */
function locKeys(subscript: Node, parsed: ParsedSource): { frame: Node; keys: Node[] } | null {
  const value = subscript.childForFieldName('value');
  if (value?.type !== 'attribute' || parsed.text(value.childForFieldName('attribute') ?? value) !== 'loc') return null;
  const frame = value.childForFieldName('object');
  const keys = subscript.childrenForFieldName('subscript').filter((k) => k.type !== 'comment');
  if (!frame || keys.length < 1 || keys.length > 2) return null;
  return { frame, keys };
}

/** Is the subscript the target of an assignment (`df.loc[[…]] = v`, `+=`)? */
function assignedTo(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'assignment' || parent.type === 'augmented_assignment')
    return parent.childForFieldName('left')?.id === node.id;
  if (parent.type === 'pattern_list' || parent.type === 'tuple_pattern') return true;
  return false;
}

export const locMissingLabels = defineRule({
  id: 'pandas.loc-missing-labels',
  title: 'df.loc[[a, b], cols] with a label the index lacks → df.reindex(index=[a, b], columns=cols)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.21',
  explanation:
    "pandas 0.21 deprecated .loc with a list of labels some of which are not in the index (they came back as rows of NaN) and 1.0 made it raise KeyError ('[1.0] not in index'); the deprecation message named .reindex() as the alternative. On the line the KeyError points at, a .loc read whose row key is a list display becomes reindex(index=that list, columns=the column key): the rows of the present labels in the list's order and a row of NaN for each missing one, as .loc returned them.",
  trigger: {
    errors: [{ ename: 'KeyError', evalue: /not in index/ }],
  },
  errorScope: 'line',
  needles: ['.loc['],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const subscript of ctx.nodes('subscript')) {
      const found = locKeys(subscript, parsed);
      if (!found || assignedTo(subscript)) continue;
      const [rows, columns] = found.keys;
      if (rows?.type !== 'list') continue;
      if (columns && columns.type === 'slice') continue;
      const args = [`index=${parsed.text(rows)}`];
      if (columns) {
        // one label keeps the Series .loc returned: select it from the reindexed frame
        if (columns.type !== 'list') {
          edits.push(
            replaceNode(subscript, `${parsed.text(found.frame)}.reindex(${args[0]})[${parsed.text(columns)}]`),
          );
          continue;
        }
        args.push(`columns=${parsed.text(columns)}`);
      }
      edits.push(replaceNode(subscript, `${parsed.text(found.frame)}.reindex(${args.join(', ')})`));
    }
    return edits;
  },
});
