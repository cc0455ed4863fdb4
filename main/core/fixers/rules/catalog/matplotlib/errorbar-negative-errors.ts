// matplotlib.errorbar-negative-errors — errorbar(x, y, yerr=e) with negative e → yerr=np.abs(e) (symmetric errors)
//
// Why it broke: matplotlib 3.6.0 (2022-09-15) validates error bar sizes (PR #21266, issue #21101): a negative value in
// xerr or yerr raises "ValueError: 'yerr' must not contain negative values". Before, errorbar drew each bar from
// y - e to y + e with caps at both ends (lolims/uplims aside), whatever e's sign; pandas' plot(yerr=…) and bar(yerr=…)
// draw through errorbar and fail the same way.
// Changelog: https://matplotlib.org/stable/users/prev_whats_new/github_stats_3.6.0.html
// Changelog: https://github.com/matplotlib/matplotlib/pull/21266
// Example:
//     plt.errorbar(x, means, yerr=diffs, fmt='o')
//   →
//     plt.errorbar(x, means, yerr=np.abs(diffs) if np.ndim(diffs) < 2 else diffs, fmt='o')
// Fix safety: Same drawing: for a symmetric error (a scalar or one value per point) the bar from y - e to y + e is the
// bar from y - |e| to y + |e|, and its caps sit at the same two ends, so the figure and the axis limits are those
// matplotlib < 3.6 drew. An asymmetric error (a 2×N array) is passed on unchanged: with mixed signs its old bar was
// detached from the marker, which |e| would not reproduce, so it still fails.
// Left alone: calls with lolims, uplims, xlolims or xuplims (the arrows' side followed the sign), **kwargs, calls
// other than errorbar/bar/barh (and a bare errorbar(…) of a function the notebook defines), lines the error did not
// point at, and notebooks dated from matplotlib 3.6 on (their
// author's run failed the same way).
import type { Node } from 'web-tree-sitter';
import { type NotebookView, defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { hasSplat, keywordArgument, keywordValue, methodName, positionalArguments } from '../../syntax';
import { isBeforeDate } from '../../version';
import { mpl } from './_shared';

const NEGATIVE = /^'(x|y)err' must not contain negative values/;
const RELEASED = '2022-09-15';
const LIMITS = ['lolims', 'uplims', 'xlolims', 'xuplims'];
/** node types that read the same value each time they are evaluated */
const PLAIN = new Set(['identifier', 'attribute', 'subscript', 'integer', 'float']);

/** errorbar/bar/barh functions the notebook defines itself (a bare call of that name is the notebook's) */
function ownFunctions(notebook: NotebookView): Set<string> {
  const own = new Set<string>();
  for (const index of notebook.codeCells) {
    const parsed = notebook.parse(index);
    for (const def of parsed.nodes('function_definition')) {
      const id = def.childForFieldName('name');
      if (id && ['errorbar', 'bar', 'barh'].includes(parsed.text(id))) own.add(parsed.text(id));
    }
  }
  return own;
}

export const errorbarNegativeErrors = defineRule({
  id: 'matplotlib.errorbar-negative-errors',
  title: 'errorbar(x, y, yerr=e) with negative e → yerr=np.abs(e) (symmetric errors)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', RELEASED),
  explanation:
    'matplotlib 3.6 raises "\'yerr\' must not contain negative values" (PR #21266); before, each bar went from ' +
    'y - e to y + e with caps at both ends, which for a symmetric error is the bar of |e|. The error the message ' +
    'names becomes np.abs(e) where it is a scalar or one value per point (np.ndim(e) < 2); a 2×N asymmetric error ' +
    'is passed on as it is.',
  trigger: { errors: [{ ename: 'ValueError', evalue: NEGATIVE }] },
  errorScope: 'line',
  needles: ['err'],
  apply(parsed, ctx) {
    if (ctx.created && !isBeforeDate(ctx.created, RELEASED)) return [];
    const axes = new Set(ctx.errors.map((error) => NEGATIVE.exec(error.evalue)?.[1]).filter((a) => !!a));
    const edits: SourceEdit[] = [];
    const own = ownFunctions(ctx.notebook);
    let numpy: { name: string; edits: SourceEdit[] } | null | undefined;
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = fn?.type === 'identifier' ? parsed.text(fn) : methodName(call, parsed);
      if (!name || !['errorbar', 'bar', 'barh'].includes(name) || hasSplat(call)) continue;
      if (fn?.type === 'identifier' && own.has(name)) continue;
      if (LIMITS.some((limit) => keywordArgument(call, limit, parsed))) continue;
      for (const axis of axes) {
        const keyword = `${axis}err`;
        const position = axis === 'y' ? 2 : 3;
        const value: Node | null =
          keywordValue(call, keyword, parsed) ??
          (name === 'errorbar' ? (positionalArguments(call)[position] ?? null) : null);
        if (!value || value.type === 'none') continue;
        if (numpy === undefined) numpy = ctx.requireImport('numpy', 'np');
        if (!numpy) return [];
        const np = numpy.name;
        const text = parsed.text(value);
        edits.push(
          replaceNode(
            value,
            PLAIN.has(value.type) && value.descendantsOfType('call').length === 0
              ? `${np}.abs(${text}) if ${np}.ndim(${text}) < 2 else ${text}`
              : `(lambda e: ${np}.abs(e) if ${np}.ndim(e) < 2 else e)(${text})`,
          ),
        );
      }
    }
    return edits.length > 0 && numpy ? [...numpy.edits, ...edits] : [];
  },
});
