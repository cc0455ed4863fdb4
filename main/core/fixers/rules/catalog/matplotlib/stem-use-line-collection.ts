// matplotlib.stem-use-line-collection — stem(x, y, use_line_collection=True) → stem(x, y)
//
// Why it broke: matplotlib 3.8 (2023-09-15), deprecated since 3.6: stem()'s use_line_collection parameter was removed
// (stem lines are always one LineCollection since 3.3's default True), so stem(…, use_line_collection=True) raises
// "TypeError: Axes.stem() got an unexpected keyword argument 'use_line_collection'".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.6.0.html#deprecations
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.8.0.html#removals
// Example:
//     markerline, stemlines, baseline = plt.stem(x, y, use_line_collection=True)
//   →
//     markerline, stemlines, baseline = plt.stem(x, y)
// Fix safety: Same figure and return value: use_line_collection=True asked for the LineCollection that stem() now
// always draws, so dropping the keyword changes nothing.
// Left alone: use_line_collection=False or any other value (the stem lines were a list of Line2D: the code may index
// them, which the LineCollection does not support), and stem() calls of the notebook's own.
import { defineRule } from '../../rule';
import { type SourceEdit } from '../../source-edit';
import { keywordArgument, methodName, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

export const stemUseLineCollection = defineRule({
  id: 'matplotlib.stem-use-line-collection',
  title: 'stem(x, y, use_line_collection=True) → stem(x, y)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  deprecatedIn: '3.6',
  explanation:
    "stem()'s use_line_collection (default True since 3.3) was deprecated in matplotlib 3.6 and removed in 3.8; " +
    'use_line_collection=True asked for what stem() always does now, so the keyword is dropped. False is left ' +
    'alone: the stem lines it gave were a list of Line2D.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'use_line_collection'/ }],
    pattern: true,
  },
  needles: ['use_line_collection'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function') as Node;
      if ((methodName(call, parsed) ?? parsed.text(fn)) !== 'stem') continue;
      const kw = keywordArgument(call, 'use_line_collection', parsed);
      if (!kw || parsed.text(kw.childForFieldName('value') as Node) !== 'True') continue;
      edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});
