// matplotlib.errorbar-fmt-none — errorbar(x, y, yerr, fmt=None) → errorbar(x, y, yerr, fmt='none')
//
// Why it broke: matplotlib 2.2 (2018-03-06) removed the support of fmt=None in errorbar, deprecated for the string
// 'none' ("Passing None instead of "none" as format to errorbar is no longer supported"): the call now fails with
// "ValueError: third arg must be a format string" (or draws a default line where the format is taken as empty).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_2.2.0.html
// Example:
//     plt.errorbar(x, y, yerr=err, fmt=None, ecolor='k')
//   →
//     plt.errorbar(x, y, yerr=err, fmt='none', ecolor='k')
// Fix safety: Same result: fmt=None and fmt='none' both meant error bars without the data line and markers; only
// the literal None of errorbar's fmt (keyword, or the fifth positional argument) changes.
// Left alone: fmt given as a variable, and errorbar methods that are not matplotlib's (a call with fewer than two
// positional arguments).
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordValue, methodName, positionalArguments } from '../../syntax';
import { mpl } from './_shared';

export const errorbarFmtNone = defineRule({
  id: 'matplotlib.errorbar-fmt-none',
  title: "errorbar(x, y, yerr, fmt=None) → errorbar(x, y, yerr, fmt='none')",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('2.2', '2018-03-06'),
  explanation:
    'matplotlib 2.2 removed the support of fmt=None in Axes.errorbar / pyplot.errorbar ("Passing None ' +
    'instead of \\"none\\" as format to errorbar is no longer supported"); it meant what the string ' +
    "'none' means, error bars without the data line and markers, so the literal None becomes 'none'.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /third arg must be a format string/ }],
    pattern: true,
  },
  needles: ['errorbar'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = fn?.type === 'identifier' ? parsed.text(fn) : methodName(call, parsed);
      if (name !== 'errorbar') continue;
      const positional = positionalArguments(call);
      if (positional.length < 2) continue;
      const fmt = keywordValue(call, 'fmt', parsed) ?? positional[4] ?? null;
      if (fmt?.type === 'none') edits.push(replaceNode(fmt, "'none'"));
    }
    return edits;
  },
});
