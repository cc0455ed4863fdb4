// pandas.series-reshape — series.reshape(…) → series.values.reshape(…)
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.19: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     X = df.Age.reshape(-1, 1)
//   →
//     X = df.Age.values.reshape(-1, 1)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { methodName, methodReceiver } from '../../syntax';
import { pd } from './_shared';

export const seriesReshape = defineRule({
  id: 'pandas.series-reshape',
  title: 'series.reshape(…) → series.values.reshape(…)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.19',
  explanation:
    'Series.reshape was removed; reshaping the underlying NumPy array (.values.reshape) gives ' +
    'what it returned. Applied only on the failing line, since NumPy arrays have reshape too.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /'Series' object has no attribute 'reshape'/ }] },
  errorScope: 'line',
  needles: ['.reshape('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'reshape') continue;
      const receiver = methodReceiver(call);
      if (
        !receiver ||
        parsed.text(receiver).endsWith('.values') ||
        ctx.imports.resolve(receiver, parsed)?.startsWith('numpy')
      )
        continue;
      edits.push(insertAt(receiver.endIndex, '.values'));
    }
    return edits;
  },
});
