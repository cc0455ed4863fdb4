// pandas.weekday-name — .dt.weekday_name / Timestamp.weekday_name → .dt.day_name() / .day_name()
//
// Why it broke: pandas 1.0 (2020-01-29) removed weekday_name of Series.dt, DatetimeIndex and Timestamp, deprecated
// since 0.23 in favour of day_name(); the old code fails with "'DatetimeProperties' object has no attribute
// 'weekday_name'" (or 'Timestamp' …).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     train['weekday'] = train['datetime'].dt.weekday_name
//     df['day'] = df['date'].apply(lambda d: d.weekday_name)
//   →
//     train['weekday'] = train['datetime'].dt.day_name()
//     df['day'] = df['date'].apply(lambda d: d.day_name())
// Fix safety: Same result: day_name() without a locale returns the English day names weekday_name returned
// ('Monday' … 'Sunday').
// Left alone: weekday_name of anything but a .dt accessor outside the cells that failed with this error (a name the
// notebook's own objects may have), and an assignment to it.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { pd } from './_shared';

export const weekdayName = defineRule({
  id: 'pandas.weekday-name',
  title: '.dt.weekday_name / Timestamp.weekday_name → .dt.day_name() / .day_name()',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.23',
  explanation:
    'pandas 1.0 removed weekday_name (Series.dt, DatetimeIndex, Timestamp; deprecated in 0.23): ' +
    'day_name() returns the same English day names. .dt.weekday_name is rewritten wherever it appears; ' +
    'any other .weekday_name only in the cells that failed with "has no attribute \'weekday_name\'".',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /has no attribute 'weekday_name'/ }],
    pattern: true,
  },
  needles: ['weekday_name'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const object = attr.childForFieldName('object');
      if (!name || !object || parsed.text(name) !== 'weekday_name') continue;
      // a call of it, or an assignment to it, is not pandas' property
      if (attr.parent?.type === 'call' && attr.parent.childForFieldName('function')?.equals(attr)) continue;
      if (attr.parent?.type === 'assignment' && attr.parent.childForFieldName('left')?.equals(attr)) continue;
      const dt = object.type === 'attribute' && parsed.text(object.childForFieldName('attribute') as Node) === 'dt';
      if (dt || ctx.errors.length > 0) edits.push(replaceNode(name, 'day_name()'));
    }
    return edits;
  },
});
