// matplotlib.numeric-string-linewidths — scatter(…, linewidths='1') → scatter(…, linewidths=1)
//
// Why it broke: matplotlib 2.1 (2017-10-07): collections and patches (scatter, hlines/vlines, bar, fill_between,
// contour, errorbar's bars) stopped casting a numeric string line width to a number ("There was some type casting
// we did for you in 2.x that no longer is being done", matplotlib#12011). The figure fails when it is drawn: today
// "RuntimeError: Unable to cast Python instance of type <class 'tuple'> to C++ type '?'" from renderer.draw_markers,
// in the cell that shows the figure, which may not be the cell that wrote the keyword (a plotting helper).
// Changelog: https://github.com/matplotlib/matplotlib/issues/12011
// Example:
//     plt.scatter(sv[:,0], sv[:,1], c='k', marker='|', s=100, linewidths='1')
//     ax.hlines(0, -3.5, 3.5, lw='2')
//   →
//     plt.scatter(sv[:,0], sv[:,1], c='k', marker='|', s=100, linewidths=1)
//     ax.hlines(0, -3.5, 3.5, lw=2)
// Fix safety: Same result: matplotlib 2.0 drew the string's number; the literal becomes that number.
// Left alone: plot/axhline/axvline (Line2D still converts the string), widths given by a name or inside a dict
// (scatter_kws=…), strings that are not plain numbers.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, methodName, stringContent } from '../../syntax';
import { mpl } from './_shared';

/** the plotting calls that build a collection or patches, whose line widths reach the renderer unconverted */
const COLLECTION_CALLS = new Set([
  'scatter',
  'hlines',
  'vlines',
  'bar',
  'barh',
  'hist',
  'fill_between',
  'fill_betweenx',
  'contour',
  'contourf',
  'errorbar',
  'pcolor',
  'pcolormesh',
  'stackplot',
]);

const WIDTH_KEYWORDS = ['linewidths', 'linewidth', 'lw'];

export const numericStringLinewidths = defineRule({
  id: 'matplotlib.numeric-string-linewidths',
  title: "scatter(…, linewidths='1') → scatter(…, linewidths=1)",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('2.1', '2017-10-07'),
  explanation:
    'Collections and patches (scatter, hlines/vlines, bar, fill_between, contour, errorbar) no ' +
    "longer cast a numeric string line width such as linewidths='1' to a number (matplotlib#12011: " +
    "the casting of 2.0 was dropped); the figure fails when drawn, today with pybind11's " +
    '"Unable to cast Python instance of type <class \'tuple\'>". The string becomes the number.',
  trigger: {
    errors: [
      { ename: 'RuntimeError', evalue: /Unable to cast Python instance of type <class 'tuple'> to C\+\+ type/ },
      {
        ename: 'TypeError',
        evalue: /must be real number, not str|Cannot cast array data from dtype\('<U\d+'\) to dtype\('float64'\)/,
      },
    ],
    pattern: true,
  },
  needles: ['linewidth', 'lw='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = methodName(call, parsed) ?? (fn ? parsed.text(fn) : '');
      if (!COLLECTION_CALLS.has(name)) continue;
      for (const kwName of WIDTH_KEYWORDS) {
        const value = keywordArgument(call, kwName, parsed)?.childForFieldName('value');
        const content = stringContent(value ?? null, parsed);
        if (value && content !== null && /^\s*\d+(\.\d+)?\s*$/.test(content))
          edits.push(replaceNode(value, content.trim()));
      }
    }
    return edits;
  },
});
