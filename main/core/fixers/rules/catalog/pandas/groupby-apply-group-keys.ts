// pandas.groupby-apply-group-keys — df['x'] = df.groupby(k)['x'].apply(f) → groupby(k, group_keys=False)
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.5: groupby(...).apply(f) with a transform-like f (one
// returning each group with its own index, e.g. lambda x: x.fillna(x.median())) now puts the group keys in front of
// the result's index (group_keys=True, the default, was ignored for such results before); assigning the result back
// to a column then fails with "incompatible index of inserted column with frame index".
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.5.0.html#using-group-keys-with-transformers-in-groupby-apply
// Example:
//     df['AgeFill'] = df['AgeFill'].groupby([df['Sex_Val'], df['Pclass']]).apply(lambda x: x.fillna(x.median()))
//   →
//     df['AgeFill'] = df['AgeFill'].groupby([df['Sex_Val'], df['Pclass']], group_keys=False).apply(lambda x: x.fillna(x.median()))
// Fix safety: Same result: before 2.0 a transform-like apply returned the rows under their own index, which is what
// group_keys=False returns now; only the failing assignment line is edited (a reducing apply, whose result is
// indexed by the group keys in every version, cannot have been assigned there without failing before too).
// Left alone: a groupby that names group_keys, apply calls not reached from a groupby written on the line, and
// lines the error does not point at.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { appendArguments, keywordArgument, methodName, methodReceiver } from '../../syntax';
import { pd } from './_shared';

/** The groupby(...) call an .apply(...) is made on: grouped.apply, grouped['col'].apply, grouped.col.apply. */
function groupbyOf(apply: Node, parsed: ParsedSource): Node | null {
  let receiver = methodReceiver(apply);
  // one column selection between the groupby and the apply
  if (receiver?.type === 'subscript') receiver = receiver.childForFieldName('value');
  else if (receiver?.type === 'attribute') {
    const inner = receiver.childForFieldName('object');
    if (inner?.type === 'call' && methodName(inner, parsed) === 'groupby') receiver = inner;
  }
  if (receiver?.type !== 'call' || methodName(receiver, parsed) !== 'groupby') return null;
  return receiver;
}

export const groupbyApplyGroupKeys = defineRule({
  id: 'pandas.groupby-apply-group-keys',
  title: "df['x'] = df.groupby(k)['x'].apply(f) → groupby(k, group_keys=False)",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.5',
  explanation:
    'Before pandas 2.0, groupby(...).apply(f) ignored group_keys when f returned each group under its ' +
    'own index (fillna, normalising), so the result could be assigned back as a column; pandas 2.0 adds ' +
    'the group keys to that index and the assignment fails with "incompatible index of inserted column ' +
    'with frame index". group_keys=False, on the failing line\'s groupby, returns the rows as before.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /incompatible index of inserted column with frame index/ }],
  },
  errorScope: 'line',
  needles: ['.apply('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'apply') continue;
      const groupby = groupbyOf(call, parsed);
      if (!groupby || keywordArgument(groupby, 'group_keys', parsed)) continue;
      const edit = appendArguments(groupby, ['group_keys=False'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
