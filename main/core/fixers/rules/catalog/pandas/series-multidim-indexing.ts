// pandas.series-multidim-indexing — series[:, np.newaxis] → series.to_numpy()[:, np.newaxis]
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.0: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     scaled = StandardScaler().fit_transform(df['SalePrice'][:,np.newaxis])
//   →
//     scaled = StandardScaler().fit_transform(df['SalePrice'].to_numpy()[:,np.newaxis])
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: an array (not a string-keyed column) on the failing line is left alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { pd } from './_shared';

/** `df['col'][:, np.newaxis]`: a string-keyed column selection indexed with a tuple (a Series, multi-dimensionally). */
function seriesMultiIndex(node: Node, parsed: ParsedSource): Node | null {
  const value = node.childForFieldName('value');
  const index = node.childrenForFieldName('subscript');
  if (!value || value.type !== 'subscript' || index.length < 2) return null;
  if (index[0]?.type !== 'slice' || parsed.text(index[0]).replace(/\s/g, '') !== ':') return null;
  const key = value.childrenForFieldName('subscript');
  return key.length === 1 && key[0]?.type === 'string' ? value : null;
}

export const seriesMultidimIndexing = defineRule({
  id: 'pandas.series-multidim-indexing',
  title: 'series[:, np.newaxis] → series.to_numpy()[:, np.newaxis]',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.0',
  explanation:
    'pandas 2.0 removed multi-dimensional indexing of a Series (`ser[:, None]`, deprecated in ' +
    '1.0: "Convert to a numpy array before indexing instead"). It used to return the NumPy ' +
    "array that indexing the Series' values gives, so `df['col'][:, np.newaxis]` becomes " +
    "`df['col'].to_numpy()[:, np.newaxis]` — the same 2-D array. Only on the line the error points " +
    'at, and only for a column selected by a string key (other arrays index this way legitimately).',
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Multi-dimensional indexing \(e\.g\. `obj\[:, None\]`\) is no longer supported/ },
    ],
  },
  errorScope: 'line',
  needles: [/\]\s*\[\s*:\s*,/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of ctx.nodes('subscript')) {
      const series = seriesMultiIndex(node, parsed);
      if (series) edits.push(insertAt(series.endIndex, '.to_numpy()'));
    }
    return edits;
  },
});
