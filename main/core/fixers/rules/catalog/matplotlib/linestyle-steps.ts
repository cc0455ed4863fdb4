// matplotlib.linestyle-steps — plot(x, y, ls='steps-mid') → plot(x, y, drawstyle='steps-mid')
//
// Why it broke: matplotlib 3.3 (2020-07-16) removed the drawstyle given inside the linestyle ('steps', 'steps-pre',
// 'steps-mid', 'steps-post', alone or followed by a line style such as 'steps--'), deprecated in 3.1; the old call now
// fails with "'steps-mid' is not a valid value for ls".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0/removals.html
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.1.0.html#passing-a-line2d-s-drawstyle-together-with-the-linestyle-is-deprecated
// Example:
//     plt.plot(bins[:-1], counts, ls='steps-mid')
//     ax.semilogx(e, p, linestyle='steps--', color='k')
//   →
//     plt.plot(bins[:-1], counts, drawstyle='steps-mid')
//     ax.semilogx(e, p, drawstyle='steps', linestyle='--', color='k')
// Fix safety: Same figure: matplotlib split such a string into the drawstyle and the linestyle that followed it (solid
// when none did, which a format string such as 'r--' does not override: ls='-' is then kept), which is what the two
// keywords now say; only on calls that draw a Line2D (plot, semilogx, semilogy, loglog, errorbar, plot_date) and only
// for a string literal.
// Left alone: a call that already sets drawstyle (or ds), a linestyle held in a variable, and other functions.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, keywordName, methodName, positionalArguments, stringContent } from '../../syntax';
import { mpl } from './_shared';

/** The functions whose keyword arguments go to the Line2D they draw. */
const LINE_CALLS = new Set(['plot', 'semilogx', 'semilogy', 'loglog', 'errorbar', 'plot_date']);

/** 'steps-mid--' → the drawstyle and the linestyle matplotlib < 3.3 read from it. */
const STEPS = /^(steps(?:-pre|-mid|-post)?)(-|--|-\.|:)?$/;

export const linestyleSteps = defineRule({
  id: 'matplotlib.linestyle-steps',
  title: "plot(x, y, ls='steps-mid') → plot(x, y, drawstyle='steps-mid')",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.3', '2020-07-16'),
  deprecatedIn: '3.1',
  explanation:
    "Until matplotlib 3.3 a linestyle string could begin with a drawstyle ('steps', 'steps-pre', 'steps-mid', " +
    "'steps-post'), optionally followed by the line style ('steps--'); 3.1 deprecated this (\"Passing the " +
    'drawstyle with the linestyle as a single string is deprecated … pass them separately") and 3.3 removed ' +
    "it, so ls='steps-mid' fails with \"'steps-mid' is not a valid value for ls\". The string is split as " +
    "matplotlib split it: drawstyle='steps-mid', plus linestyle='--' when a line style followed (none meant a " +
    "solid line, kept as ls='-' where a format string such as 'r--' would otherwise set another). Only on " +
    'plot/semilogx/semilogy/loglog/errorbar/plot_date calls with a string literal and no drawstyle of their own.',
  trigger: {
    errors: [
      {
        ename: 'ValueError',
        evalue: /'steps(-pre|-mid|-post)?(-|--|-\.|:)?' is not a valid value for (ls|linestyle)/,
      },
    ],
    pattern: true,
  },
  needles: ['steps'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = methodName(call, parsed) ?? (fn?.type === 'identifier' ? parsed.text(fn) : '');
      if (!LINE_CALLS.has(name)) continue;
      if (keywordArgument(call, 'drawstyle', parsed) || keywordArgument(call, 'ds', parsed)) continue;
      for (const keyword of ['linestyle', 'ls']) {
        const kw = keywordArgument(call, keyword, parsed);
        const value = kw?.childForFieldName('value') ?? null;
        const match = STEPS.exec(stringContent(value, parsed) ?? '');
        if (!kw || !value || !match) continue;
        const quote = parsed.text(value).startsWith('"') ? '"' : "'";
        const drawstyle = `drawstyle=${quote}${match[1]}${quote}`;
        // the solid line the split gave wins over a format string's style ('r--'): it is kept where a format string is
        const style = match[2] ?? (positionalArguments(call).some((a) => a.type === 'string') ? '-' : null);
        const line = style ? `, ${keywordName(kw, parsed)}=${quote}${style}${quote}` : '';
        edits.push(replaceNode(kw, drawstyle + line));
      }
    }
    return edits;
  },
});
