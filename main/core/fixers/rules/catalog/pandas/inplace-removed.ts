// pandas.inplace-removed — df.set_axis(labels, axis=1, inplace=True) → df = df.set_axis(labels, axis=1); the same for
// .cat.set_categories & co.
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.5: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     df.set_axis(['a', 'b'], axis=1, inplace=True)
//     df['size'].cat.set_categories(['S', 'M', 'L'], inplace=True)
//     s.cat.as_ordered(inplace=False)
//   →
//     df = df.set_axis(['a', 'b'], axis=1)
//     df['size'] = df['size'].cat.set_categories(['S', 'M', 'L'])
//     s.cat.as_ordered()
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a result that is used, methods that keep inplace, no pandas import: left alone; a user's own set_axis
// without pandas; not before pandas 2.0.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { methodName, keywordArgument, methodReceiver, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { pd } from './_shared';

/** Methods whose inplace argument pandas 2.0 removed (deprecated in 1.5): they only return the new object now. */
const INPLACE_REMOVED = new Set([
  'set_axis',
  'set_categories',
  'rename_categories',
  'reorder_categories',
  'add_categories',
  'remove_categories',
  'remove_unused_categories',
  'as_ordered',
  'as_unordered',
  'set_levels',
  'set_codes',
]);

const CATEGORY_METHODS = new Set(
  [...INPLACE_REMOVED].filter((m) => m !== 'set_axis' && m !== 'set_levels' && m !== 'set_codes'),
);

export const inplaceRemoved = defineRule({
  id: 'pandas.inplace-removed',
  title:
    'df.set_axis(labels, axis=1, inplace=True) → df = ' +
    'df.set_axis(labels, axis=1); the same for .cat.set_categories & co.',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.5',
  explanation:
    'pandas 1.5 deprecated and 2.0 removed the inplace argument of set_axis, of the categorical methods ' +
    '(.cat.set_categories, rename_categories, reorder_categories, add_categories, remove_categories, ' +
    'remove_unused_categories, as_ordered, as_unordered) and of MultiIndex.set_levels/set_codes ("got ' +
    "an unexpected keyword argument 'inplace'\"). They return the changed object, so a statement `x.m(…, " +
    'inplace=True)` becomes `x = x.m(…)`, which binds the same object the in-place call produced (for a ' +
    "frame's column, df['c'] = df['c'].cat.…, as the in-place call changed the column); inplace=False is " +
    'dropped. Only whole statements whose receiver can be assigned (a name, an attribute, a subscript).',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /(set_axis|_categories|as_ordered|as_unordered|set_levels|set_codes)\(\) got an unexpected keyword argument 'inplace'/,
      },
    ],
    pattern: true,
  },
  needles: ['inplace'],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('pandas')) return [];
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (!name || !INPLACE_REMOVED.has(name)) continue;
      const kw = keywordArgument(call, 'inplace', parsed);
      const value = kw ? parsed.text(kw.childForFieldName('value') as Node) : null;
      if (!kw || (value !== 'True' && value !== 'False')) continue;
      let receiver = methodReceiver(call);
      // s.cat.set_categories(…): the object to rebind is s
      if (CATEGORY_METHODS.has(name)) {
        if (receiver?.type !== 'attribute' || parsed.text(receiver.childForFieldName('attribute') as Node) !== 'cat')
          continue;
        receiver = receiver.childForFieldName('object');
      }
      if (value === 'False') {
        edits.push(removeArgument(kw, call));
        continue;
      }
      if (
        !receiver ||
        !['identifier', 'attribute', 'subscript'].includes(receiver.type) ||
        call.parent?.type !== 'expression_statement'
      )
        continue;
      edits.push(insertAt(call.startIndex, `${parsed.text(receiver)} = `), removeArgument(kw, call));
    }
    return edits;
  },
});
