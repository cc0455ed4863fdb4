// matplotlib.xticks-extra-labels — plt.xticks(ticks, labels) with another number of labels than ticks → labels cut to
// the ticks, or padded with blank labels
//
// Why it broke: matplotlib 3.3.0 (2020-07-16, PR #17266) made Axis.set_ticklabels refuse a label list whose length
// differs from the number of fixed tick locations ("The number of FixedLocator locations (21), usually from a call to
// set_ticks, does not match the number of ticklabels (36)"; "… number of labels (36)" since 3.5); up to 3.2 the labels
// went to a FixedFormatter, which gave tick i the i-th label and a tick past the last label an empty one: extra
// labels were not shown, extra ticks had no label.
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0.html
// Changelog: https://github.com/matplotlib/matplotlib/pull/17266
// Example:
//     plt.xticks(range(len(results)), [str(x) for x in grid_search.cv_results_['params']], rotation=90)
//     plt.xticks(range(X.shape[1]), feature_names, rotation=90)
//   →
//     plt.xticks(range(len(results)), list([str(x) for x in grid_search.cv_results_['params']])[:len(range(len(results)))], rotation=90)
//     plt.xticks(range(X.shape[1]), (list(feature_names) + [''] * len(range(X.shape[1])))[:len(range(X.shape[1]))], rotation=90)
// Fix safety: Same result: one label per tick, the first labels in order and '' for the ticks past the last label,
// is what matplotlib's FixedFormatter drew before 3.3; only where the error says the counts differ (more labels than
// ticks: cut; fewer: padded), and only when the ticks are an expression that can be read twice (a range, np.arange, a
// name, a literal list).
// Left alone: set_xticklabels after a separate set_xticks, ticks given by a call that may not return the same thing
// twice, a cell whose errors show more labels than ticks for one call and fewer for another, an xticks function
// of the notebook's own, and a notebook dated from matplotlib 3.3.0's release on (its author's run raised the same
// error: what it meant to show is unknown).
import type { Node } from 'web-tree-sitter';
import { defineRule, type Rule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { definesName, keywordValue, methodName, positionalArguments } from '../../syntax';
import { isBeforeDate } from '../../version';
import { mpl } from './_shared';

/** matplotlib 3.3.0, whose set_ticklabels began to refuse another number of labels than of fixed ticks */
const RAISED = '2020-07-16';

type ParsedSource = Parameters<Rule['apply']>[0];

/** Tick expressions that give the same ticks when evaluated twice. */
function rereadable(node: Node, parsed: ParsedSource): boolean {
  if (['identifier', 'list', 'tuple', 'attribute'].includes(node.type)) return true;
  if (node.type !== 'call') return false;
  const fn = node.childForFieldName('function');
  const name = fn?.type === 'attribute' ? methodName(node, parsed) : fn ? parsed.text(fn) : null;
  return name === 'range' || name === 'arange' || name === 'linspace';
}

export const xticksExtraLabels = defineRule({
  id: 'matplotlib.xticks-extra-labels',
  title: 'plt.xticks(ticks, labels) with another number of labels than ticks → labels cut to the ticks, or padded',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.3', RAISED),
  errorScope: 'line',
  explanation:
    'matplotlib 3.3 made set_ticklabels (which plt.xticks(ticks, labels) and plt.yticks call) refuse ' +
    'a label list of another length than the fixed ticks ("The number of FixedLocator locations (21), ' +
    'usually from a call to set_ticks, does not match the number of labels (36)"). Before, labels were ' +
    'paired with the ticks in order (a FixedFormatter): the extra labels were not drawn, and ticks past ' +
    'the last label were left blank. Where the error shows more labels than ticks, the labels are cut to ' +
    "the ticks' number; where it shows fewer, they are padded with '' to it: the labels the figure showed before.",
  trigger: {
    errors: [
      {
        ename: 'ValueError',
        evalue:
          /The number of FixedLocator locations \(\d+\), usually from a call to set_ticks, does not match the number of labels \(\d+\)/,
      },
    ],
  },
  needles: ['xticks(', 'yticks('],
  apply(parsed, ctx) {
    if (ctx.created && !isBeforeDate(ctx.created, RAISED)) return [];
    // more labels than ticks: the old pairing dropped the extra labels; fewer (but some): the ticks past the last
    // label were blank (FixedFormatter gave '' to a position past its list); both in one cell: left alone
    const counts = ctx.errors
      .map((e) => /locations \((\d+)\).*number of labels \((\d+)\)/.exec(e.evalue))
      .filter((m): m is RegExpExecArray => m !== null);
    const more = counts.length > 0 && counts.every((m) => Number(m[2]) > Number(m[1]));
    const fewer = counts.length > 0 && counts.every((m) => Number(m[2]) > 0 && Number(m[2]) < Number(m[1]));
    if (!more && !fewer) return [];
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name =
        fn?.type === 'attribute' ? methodName(call, parsed) : fn?.type === 'identifier' ? parsed.text(fn) : null;
      if (name !== 'xticks' && name !== 'yticks') continue;
      // a bare xticks(…) the notebook defines itself is not pyplot's
      if (fn?.type === 'identifier' && definesName(parsed, name, { imports: false })) continue;
      const positional = positionalArguments(call);
      const ticks = positional[0] ?? keywordValue(call, 'ticks', parsed);
      const labels = positional[1] ?? keywordValue(call, 'labels', parsed);
      if (!ticks || !labels || !rereadable(ticks, parsed)) continue;
      const [t, l] = [parsed.text(ticks), parsed.text(labels)];
      edits.push(replaceNode(labels, more ? `list(${l})[:len(${t})]` : `(list(${l}) + [''] * len(${t}))[:len(${t})]`));
    }
    return edits;
  },
});
