// pandas.series-argmax-label — series.argmax() → series.idxmax() (and argmin → idxmin) in a notebook of pandas < 1.0
//
// Why it broke: until pandas 1.0 (2020-01-29), Series.argmax and argmin were idxmax and idxmin under another name:
// they returned the LABEL of the largest value (deprecated in 0.21 with "argmax will be corrected to return the
// positional maximum"). 1.0 made them return its position, as numpy's do. Nothing fails: `tran.car.argmax()` of a
// frame indexed by country printed a country and now prints a number, and `df.loc[s.argmax()]` selects another row.
// Changelog: https://pandas.pydata.org/pandas-docs/stable/whatsnew/v1.0.0.html#other-api-changes
// Example:
//     print('maximum car travel percentage:', tran.car.argmax())
//   →
//     print('maximum car travel percentage:', tran.car.idxmax())
// Fix safety: Same result: idxmax/idxmin is the function argmax/argmin was before 1.0, with the same arguments (axis,
// skipna). Only receivers that are certainly a Series: a column of a frame the notebook read with pandas
// (`df['col']`, `df.col`), a frame's reduction (`df.isnull().sum()`), value_counts(), a groupby aggregation, or a
// name bound only to those. Where the index is the default range, label and position agree and nothing changes.
// np.argmax(s) called s.argmax() then, so it returned the label too: np.argmax(s) → s.idxmax().
// Left alone: numpy arrays and anything not certainly a Series (`df.values.argmax()`, `df.index.argmax()`),
// np.argmax with more arguments, and notebooks dated after pandas 1.0, which meant the position.
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { asPrimary, methodName, methodReceiver } from '../../syntax';
import { isBeforeDate } from '../../version';
import { FrameKinds } from './_frame-kinds';
import { pd } from './_shared';

const CHANGED = '2020-01-29';
const RENAMES: Record<string, string> = { argmax: 'idxmax', argmin: 'idxmin' };

export const seriesArgmaxLabel = defineRule({
  id: 'pandas.series-argmax-label',
  title: 'series.argmax() → series.idxmax() (argmin → idxmin), in a notebook of pandas < 1.0',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', CHANGED),
  deprecatedIn: '0.21',
  explanation:
    'Before pandas 1.0, Series.argmax/argmin were idxmax/idxmin: they returned the label of the extreme value. ' +
    '1.0 made them return its position, so the code gets a number where it got a label (another row, another ' +
    'printed name). idxmax/idxmin return the label as argmax/argmin did; only for receivers that are certainly a ' +
    'Series, in notebooks dated before 1.0.',
  trigger: { pattern: true },
  needles: ['argmax(', 'argmin('],
  prepare(_notebook, ctx) {
    return FrameKinds.of(ctx);
  },
  apply(parsed, ctx) {
    if (ctx.created !== null && !isBeforeDate(ctx.created, CHANGED)) return [];
    const kinds = ctx.state as FrameKinds;
    const edits: SourceEdit[] = [];
    for (const { node, name } of ctx.calls({ module: 'numpy', names: Object.keys(RENAMES) })) {
      const args = node.childForFieldName('arguments');
      const [series, ...more] = args?.namedChildren ?? [];
      const renamed = name ? RENAMES[name] : undefined;
      if (!args || !series || more.length > 0 || !renamed || kinds.kindOf(series, parsed) !== 'series') continue;
      edits.push(replaceNode(node, `${asPrimary(series, parsed)}.${renamed}()`));
    }
    for (const call of ctx.nodes('call')) {
      const method = methodName(call, parsed);
      const renamed = method ? RENAMES[method] : undefined;
      if (!renamed || kinds.kindOf(methodReceiver(call), parsed) !== 'series') continue;
      const name = call.childForFieldName('function')?.childForFieldName('attribute');
      if (name) edits.push(replaceNode(name, renamed));
    }
    return edits;
  },
});
