// pandas.plot-include-bool — s.plot() of a bool Series or frame ("no numeric data to plot") → s.plot(include_bool=True)
//
// Why it broke: the pandas of 2013–2017 plotted a bool Series as 0/1 lines or bars (plotting kept the columns
// _get_numeric_data kept, and bool counts as numeric there). pandas 0.21.0 (2017-10-27, PR #17430, the GH16953
// timedelta fix) selects number and datetime columns only, so a mask such as weather['Weather'].str.contains('Snow')
// raises "TypeError: no numeric data to plot" (reported against 0.23.4 in pandas issue #23719). pandas 1.0.0
// (2020-01-29) added the keyword include_bool=True to plot bool data as before.
// Changelog: https://github.com/pandas-dev/pandas/pull/17430
// Changelog: https://github.com/pandas-dev/pandas/issues/23719
// Changelog: https://github.com/pandas-dev/pandas/pull/27665
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html#other-enhancements
// Example:
//     is_snowing = weather['Weather'].str.contains('Snow')
//     is_snowing.plot()
//   →
//     is_snowing = weather['Weather'].str.contains('Snow')
//     is_snowing.plot(include_bool=True)
// Fix safety: Same figure: include_bool=True is pandas' own switch for plotting bool columns as 0/1, what the
// author's pandas drew; other columns are selected as without it, and data with no bool column still fails the
// same way. Only the .plot(…) / .plot.<kind>(…) calls on the line the error points at.
// Left alone: calls that set include_bool or pass **kwargs, plot functions reached through an import (plt.plot,
// pylab), when the error names no line, calls with positional arguments (matplotlib's ax.plot(x, y)), and notebooks
// dated from pandas 0.21.0's release on (their author's pandas raised the same error: no 0/1 plot was drawn).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import {
  appendArguments,
  hasSplat,
  keywordArgument,
  methodName,
  methodReceiver,
  positionalArguments,
} from '../../syntax';
import { isBeforeDate } from '../../version';
import { pd } from './_shared';

/** pandas 0.21.0, whose plots select number and datetime columns only (bool no longer plotted) */
const DROPPED = '2017-10-27';

/** The plot accessor's methods (s.plot.bar(…)). */
const KINDS = new Set(['line', 'bar', 'barh', 'hist', 'box', 'kde', 'density', 'area', 'pie', 'scatter', 'hexbin']);

export const plotIncludeBool = defineRule({
  id: 'pandas.plot-include-bool',
  title: 's.plot() of a bool Series or frame ("no numeric data to plot") → s.plot(include_bool=True)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  explanation:
    'Older pandas plotted bool data as 0/1; later releases plot number and datetime columns only and raise "no ' +
    'numeric data to plot" for a bool Series (pandas issue #23719). pandas 1.0 added include_bool=True to plot ' +
    'bool columns again; the plot call on the failing line gets it.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /no numeric data to plot/ }] },
  errorScope: 'line',
  needles: ['plot'],
  apply(parsed, ctx) {
    if (ctx.created && !isBeforeDate(ctx.created, DROPPED)) return [];
    const lined = ctx.errors.some((error) => !!error.line);
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || !receiver) continue;
      // s.plot(…), or s.plot.bar(…) through the plot accessor
      let target: Node | null = null;
      if (name === 'plot') target = receiver;
      else if (KINDS.has(name) && receiver.type === 'attribute') {
        const attribute = receiver.childForFieldName('attribute');
        if (attribute && parsed.text(attribute) === 'plot') target = receiver.childForFieldName('object');
      }
      if (!target) continue;
      if (ctx.imports.resolve(target, parsed)) continue; // plt.plot, pylab.plot, a module's own plot
      if (hasSplat(call) || keywordArgument(call, 'include_bool', parsed)) continue;
      if (!lined && positionalArguments(call).length > 0) continue;
      const edit = appendArguments(call, ['include_bool=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
