// pandas.weekofyear — .dt.weekofyear / .dt.week → .dt.isocalendar().week
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.1: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     df['week'] = df['date'].dt.weekofyear
//     w = df.date.dt.week
//     df['w'] = df.index.week        # where the error names the DatetimeIndex
//   →
//     df['week'] = df['date'].dt.isocalendar().week
//     w = df.date.dt.isocalendar().week
//     df['w'] = df.index.isocalendar().week
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { errorNamesClassAt, pd } from './_shared';

export const weekofyear = defineRule({
  id: 'pandas.weekofyear',
  title: '.dt.weekofyear / .dt.week → .dt.isocalendar().week',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.1',
  explanation:
    'Series.dt.week/.weekofyear (and DatetimeIndex.week/.weekofyear) were ' +
    'removed in pandas 2.0; isocalendar().week is the same ISO week number.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute '(weekofyear|week)'/ }], pattern: true },
  needles: ['.week'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const object = attr.childForFieldName('object');
      if (!name || !object || !['week', 'weekofyear'].includes(parsed.text(name)) || attr.parent?.type === 'call')
        continue;
      // `.dt.week` on a Series; on anything else only where the error says so
      const dt = object.type === 'attribute' && parsed.text(object.childForFieldName('attribute') as Node) === 'dt';
      // an index's `.week`: the name is common, so only where the AttributeError names the index's class at that use
      const indexWeek =
        parsed.text(name) === 'week' &&
        ctx.errors.some((e) => errorNamesClassAt(e, 'week', ['DatetimeIndex', 'DatetimeArray'], parsed.text(attr)));
      if (dt || indexWeek || (ctx.errors.length > 0 && parsed.text(name) === 'weekofyear'))
        edits.push(replaceNode(name, 'isocalendar().week'));
    }
    return edits;
  },
});
