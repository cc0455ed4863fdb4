// pandas.from-csv — DataFrame.from_csv(path) → pd.read_csv(path, index_col=0, parse_dates=True)
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.21: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     df = pd.DataFrame.from_csv("a.csv")
//   →
//     df = pd.read_csv("a.csv", index_col=0, parse_dates=True)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, keywordArgument } from '../../syntax';
import { pd, pandasAlias } from './_shared';

export const fromCsv = defineRule({
  id: 'pandas.from-csv',
  title: 'DataFrame.from_csv(path) → pd.read_csv(path, index_col=0, parse_dates=True)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.21',
  explanation:
    'DataFrame.from_csv/Series.from_csv were removed in pandas 1.0; read_csv with ' +
    "from_csv's defaults (first column as index, dates parsed) reads the same frame.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /type object '(DataFrame|Series)' has no attribute 'from_csv'/ }],
    pattern: true,
  },
  needles: ['from_csv'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const alias = pandasAlias(ctx);
    for (const call of ctx.nodes('call')) {
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (q !== 'pandas.DataFrame.from_csv' && q !== 'pandas.Series.from_csv') continue;
      const args = callArguments(call).map((a) => parsed.text(a));
      const hasIndex = !!keywordArgument(call, 'index_col', parsed);
      const hasDates = !!keywordArgument(call, 'parse_dates', parsed);
      const extra = [hasIndex ? null : 'index_col=0', hasDates ? null : 'parse_dates=True'].filter(Boolean);
      const reader = alias ? `${alias}.read_csv` : 'pandas.read_csv';
      const squeeze = q === 'pandas.Series.from_csv' ? ".squeeze('columns')" : '';
      edits.push(replaceNode(call, `${reader}(${[...args, ...extra].join(', ')})${squeeze}`));
    }
    return edits;
  },
});
