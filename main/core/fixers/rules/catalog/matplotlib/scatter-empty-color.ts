// matplotlib.scatter-empty-color — scatter(…, c='') → c='none'
//
// Why it broke: matplotlib 3.0 (2018-09-18): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.0.0.html
// Example:
//     plt.scatter(x, y, s=80, c='', edgecolors='r')
//   →
//     plt.scatter(x, y, s=80, c='none', edgecolors='r')
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: other calls and colours are left alone.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { methodName, keywordValue, stringContent, replaceStringContent } from '../../syntax';

export const scatterEmptyColor = defineRule({
  id: 'matplotlib.scatter-empty-color',
  title: "scatter(…, c='') → c='none'",
  kind: 'error-repair',
  library: 'matplotlib',
  since: { package: 'matplotlib', version: '3.0', date: '2018-09-18' },
  explanation:
    "c='' was the old idiom for hollow scatter markers (no face colour, only the edge " +
    "colour); matplotlib 3 no longer reads an empty string as a colour (\"'c' argument " +
    "must be a color, a sequence of colors, or a sequence of numbers, not ''\"). " +
    "'none' is the documented way to draw no face colour, so the plot is the same.",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /'c' argument must be a color|Invalid RGBA argument: ''|not a valid color value/ },
    ],
    pattern: true,
  },
  needles: ['scatter'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'scatter') continue;
      for (const key of ['c', 'color', 'facecolors', 'facecolor']) {
        const value = keywordValue(call, key, parsed);
        if (value && stringContent(value, parsed) === '') {
          const edit = replaceStringContent(value, 'none');
          if (edit) edits.push(edit);
        }
      }
    }
    return edits;
  },
});
