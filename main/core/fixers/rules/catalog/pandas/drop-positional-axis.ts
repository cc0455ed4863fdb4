// pandas.drop-positional-axis: df.drop(cols, 1) → df.drop(cols, axis=1)
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { methodName, positionalArguments, keywordArgument } from '../../syntax';
import { pd } from './_shared';

export const dropPositionalAxis = defineRule({
  id: 'pandas.drop-positional-axis',
  title: 'df.drop(cols, 1) → df.drop(cols, axis=1)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.3',
  explanation:
    'pandas 2.0 made every argument of DataFrame.drop after the labels keyword-only; the second positional argument was the axis.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /drop\(\) takes from \d+ to \d+ positional arguments/ }],
    pattern: true,
  },
  needles: ['.drop('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'drop' || !ctx.inScope(call)) continue;
      const positional = positionalArguments(call);
      const axis = positional[1];
      if (positional.length !== 2 || !axis || keywordArgument(call, 'axis', parsed)) continue;
      if (!['integer', 'string'].includes(axis.type)) continue;
      edits.push(insertAt(axis.startIndex, 'axis='));
    }
    return edits;
  },
});
