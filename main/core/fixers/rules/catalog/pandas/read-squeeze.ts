// pandas.read-squeeze — read_csv(…, squeeze=True) → read_csv(…).squeeze('columns')
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.4: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     s = pd.read_csv('s.csv', index_col=0, squeeze=True)
//     t = pd.read_csv('t.csv', squeeze=False)
//   →
//     s = pd.read_csv('s.csv', index_col=0).squeeze('columns')
//     t = pd.read_csv('t.csv')
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { keywordArgument, removeArgument } from '../../syntax';
import { pd } from './_shared';

export const readSqueeze = defineRule({
  id: 'pandas.read-squeeze',
  title: "read_csv(…, squeeze=True) → read_csv(…).squeeze('columns')",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.4',
  explanation:
    "The readers' squeeze argument was removed in pandas 2.0; calling .squeeze('columns') on the " +
    'frame returns the Series that squeeze=True returned for one-column data (and the frame otherwise).',
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'squeeze'/ }], pattern: true },
  needles: ['squeeze='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (
        !/^pandas\.read_(csv|table|excel|fwf)$/.test(
          ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '',
        )
      )
        continue;
      const kw = keywordArgument(call, 'squeeze', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value) continue;
      if (parsed.text(value) === 'True')
        edits.push(removeArgument(kw, call), insertAt(call.endIndex, ".squeeze('columns')"));
      else if (parsed.text(value) === 'False') edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});
