// pandas.concat-join-axes — pd.concat([a, b], axis=1, join_axes=[idx]) → pd.concat([a.reindex(index=idx),
// b.reindex(index=idx)], axis=1)
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.25: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     both = pd.concat([a, b], axis=1, join_axes=[a.index])
//     rows = pd.concat([x, y], join_axes=[x.columns])
//   →
//     both = pd.concat([a.reindex(index=a.index), b.reindex(index=a.index)], axis=1)
//     rows = pd.concat([x.reindex(columns=x.columns), y.reindex(columns=x.columns)])
// Fix safety: Same result: pandas 0.25 concat took the join axis as the result's other axis and reindexed each
// object to it before joining (each frame's labels reindexed to join_axes in get_result; Series with axis=1 built
// DataFrame(data, index=join_axis)); reindexing each object before concatenation does the same, so values, order and
// dtypes (a column upcast only where that object lacks a label) are what join_axes gave. concat(…).reindex(idx)
// would upcast columns for a label that is in the union but not in idx.
// Left alone: objects that are not a list or tuple literal (a generator, a variable), starred elements, an axis that
// is not a literal, join_axes that is not a one-element list of a name or attribute.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { hasSplat, keywordArgument, positionalArguments, removeArgument } from '../../syntax';
import { pd } from './_shared';

/** Expressions a method call can follow without parentheses. */
const PRIMARY = new Set(['identifier', 'attribute', 'subscript', 'call', 'parenthesized_expression']);

export const concatJoinAxes = defineRule({
  id: 'pandas.concat-join-axes',
  title: 'pd.concat(objs, axis=1, join_axes=[idx]) → pd.concat([o.reindex(index=idx) for each object], axis=1)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.25',
  explanation:
    'pandas 1.0 removed concat\'s join_axes (deprecated in 0.25: "use .reindex or .reindex_like on the result or ' +
    'on the inputs"). concat used the given axis as the result\'s other axis and reindexed each object to it ' +
    'before joining; the rewrite reindexes each object of the list (index= for axis=1, columns= for axis=0) ' +
    'the same way, which keeps the values, order and dtypes join_axes gave (reindexing the joined result instead ' +
    'can upcast a column for a label that was joined in and then dropped).',
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'join_axes'/ }], pattern: true },
  needles: ['join_axes'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'pandas', names: ['concat'] })) {
      const kw = keywordArgument(call, 'join_axes', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value || value.type !== 'list') continue;
      const axes = value.namedChildren.filter((n): n is Node => !!n && n.type !== 'comment');
      const axis = axes[0];
      if (axes.length !== 1 || !axis || (axis.type !== 'identifier' && axis.type !== 'attribute')) continue;
      // concat(objs, axis=0, join='outer', join_axes=None, …): the objects and the axis
      const positional = positionalArguments(call);
      if (hasSplat(call)) continue;
      const objs = positional[0] ?? keywordArgument(call, 'objs', parsed)?.childForFieldName('value');
      const axisNode = positional[1] ?? keywordArgument(call, 'axis', parsed)?.childForFieldName('value');
      const axisText = axisNode ? parsed.text(axisNode) : '0';
      const along = ['1', "'columns'", '"columns"'].includes(axisText)
        ? 'index'
        : ['0', "'index'", '"index"'].includes(axisText)
          ? 'columns'
          : null;
      if (!objs || !along || (objs.type !== 'list' && objs.type !== 'tuple')) continue;
      const items = objs.namedChildren.filter((n): n is Node => !!n && n.type !== 'comment');
      if (items.length === 0 || items.some((n) => n.type.includes('splat') || n.type === 'keyword_argument')) continue;
      const idx = parsed.text(axis);
      for (const item of items) {
        const text = PRIMARY.has(item.type) ? parsed.text(item) : `(${parsed.text(item)})`;
        edits.push(replaceNode(item, `${text}.reindex(${along}=${idx})`));
      }
      edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});
