// pandas.drop-positional-axis — df.drop(cols, 1) → df.drop(cols, axis=1)
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.3: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     train = train.drop(["Name", "Ticket"], 1)
//   →
//     train = train.drop(["Name", "Ticket"], axis=1)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
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
    'pandas 2.0 made every argument of DataFrame.drop after the ' +
    'labels keyword-only; the second positional argument was the axis.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /drop\(\) takes from \d+ to \d+ positional arguments/ }],
    pattern: true,
  },
  needles: ['.drop('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'drop') continue;
      const positional = positionalArguments(call);
      const axis = positional[1];
      if (positional.length !== 2 || !axis || keywordArgument(call, 'axis', parsed)) continue;
      if (!['integer', 'string'].includes(axis.type)) continue;
      edits.push(insertAt(axis.startIndex, 'axis='));
    }
    return edits;
  },
});
