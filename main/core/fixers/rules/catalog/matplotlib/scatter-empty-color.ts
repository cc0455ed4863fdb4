// matplotlib.scatter-empty-color: scatter(…, c='') → c='none'
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
    "c='' was the old idiom for hollow scatter markers (no face colour, only the edge colour); matplotlib 3 no longer reads an empty string as a colour (\"'c' argument must be a color, a sequence of colors, or a sequence of numbers, not ''\"). 'none' is the documented way to draw no face colour, so the plot is the same.",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /'c' argument must be a color|Invalid RGBA argument: ''|not a valid color value/ },
    ],
    pattern: true,
  },
  needles: ['scatter'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'scatter') continue;
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
