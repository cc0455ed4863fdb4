// seaborn.kdeplot-data2 — sns.kdeplot(data=a, data2=b) → sns.kdeplot(x=a, y=b)
//
// Why it broke: seaborn 0.12 (2022-09-06), deprecated since 0.11: kdeplot's bivariate form kdeplot(data, data2)
// became kdeplot(x=…, y=…) in 0.11 (data2 deprecated, "replaced by y"), and 0.12 turned data2 into an error:
// "TypeError: `data2` has been removed (replaced by `y`); please update your code."
// Changelog: https://seaborn.pydata.org/whatsnew/v0.11.0.html
// Changelog: https://seaborn.pydata.org/whatsnew/v0.12.0.html
// Example:
//     sns.kdeplot(data=df.x, data2=df.y, shade=True)
//     sns.kdeplot(df.x, data2=df.y)
//   →
//     sns.kdeplot(x=df.x, y=df.y, shade=True)
//     sns.kdeplot(x=df.x, y=df.y)
// Fix safety: Same plot: seaborn 0.8–0.10's kdeplot(data, data2) drew the bivariate density of data (x) against
// data2 (y); 0.11's shim mapped them to x and y exactly so. The first vector, given as data= or by position, becomes
// x=.
// Left alone: kdeplot calls without data2, a kdeplot of the notebook's own, and data2 next to an x= or y= already
// given.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { insertAt, type SourceEdit } from '../../source-edit';
import { keywordArgument, positionalArguments, renameKeyword } from '../../syntax';
import { sb, seabornFunction } from './_shared';

export const kdeplotData2 = defineRule({
  id: 'seaborn.kdeplot-data2',
  title: 'sns.kdeplot(data=a, data2=b) → sns.kdeplot(x=a, y=b)',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.12', '2022-09-06'),
  deprecatedIn: '0.11',
  explanation:
    "kdeplot's second vector data2 (its bivariate form until seaborn 0.10) was replaced by y in 0.11 and removed " +
    'in 0.12. data2= becomes y=, and the first vector (data= or the first positional argument) x=.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /`data2` has been removed \(replaced by `y`\)/ }],
    pattern: true,
  },
  needles: ['data2'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (seabornFunction(call, parsed, ctx) !== 'kdeplot') continue;
      const data2 = keywordArgument(call, 'data2', parsed);
      if (!data2 || keywordArgument(call, 'x', parsed) || keywordArgument(call, 'y', parsed)) continue;
      const data = keywordArgument(call, 'data', parsed);
      const first = positionalArguments(call);
      if (data && first.length === 0) {
        const edit = renameKeyword(data, 'x');
        if (edit) edits.push(edit);
      } else if (!data && first.length === 1) {
        edits.push(insertAt((first[0] as Node).startIndex, 'x='));
      } else continue;
      const edit = renameKeyword(data2, 'y');
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
