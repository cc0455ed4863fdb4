// matplotlib.hist-normed — hist(normed=…) → hist(density=…)
//
// Why it broke: matplotlib 3.1 (2019-05-18), deprecated since 2.1: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0.html#arguments
// Example:
//     plt.hist(x, bins=20, normed=True)
//     df.Age.hist(normed=1)
//     sns.distplot(x, hist_kws={'normed': True})
//   →
//     plt.hist(x, bins=20, density=True)
//     df.Age.hist(density=1)
//     sns.distplot(x, hist_kws={'density': True})
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.1; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import { methodName, positionalArguments, stringContent, replaceStringContent } from '../../syntax';
import { keywordRenameEdits } from '../helpers';
import { mpl } from './_shared';

export const histNormed = defineRule({
  id: 'matplotlib.hist-normed',
  title: 'hist(normed=…) → hist(density=…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.1', '2019-05-18'),
  deprecatedIn: '2.1',
  explanation:
    "hist()'s normed argument was replaced by density (2.1) and removed in 3.1; pandas' " +
    ".hist() and seaborn's hist_kws pass it through to matplotlib, so they are renamed as well.",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /(Rectangle|Polygon)\.set\(\) got an unexpected keyword argument 'normed'|no property 'normed'/,
      },
      { ename: 'TypeError', evalue: /unexpected keyword argument 'normed'/ },
    ],
    pattern: true,
  },
  needles: ['normed'],
  apply(parsed, ctx) {
    // hist(…), and FacetGrid.map(plt.hist, …, normed=True), which passes its keywords on to hist
    const isHist = (call: Node): boolean => {
      const name = methodName(call, parsed) ?? parsed.text(call.childForFieldName('function') as Node);
      if (['hist', 'hist2d'].includes(name)) return true;
      const first = positionalArguments(call)[0];
      return (
        ['map', 'map_dataframe', 'map_diag', 'map_offdiag', 'map_lower', 'map_upper'].includes(name) &&
        !!first &&
        /(^|\.)hist$/.test(parsed.text(first))
      );
    };
    const edits = keywordRenameEdits(parsed, ctx, isHist, { normed: 'density' });
    // hist_kws={'normed': True} (seaborn.distplot)
    for (const pair of ctx.nodes('pair')) {
      const key = pair.childForFieldName('key');
      if (stringContent(key, parsed) !== 'normed') continue;
      const dict = pair.parent;
      const kw = dict?.parent;
      if (
        kw?.type === 'keyword_argument' &&
        /hist_kws|hist_kwds/.test(parsed.text(kw.childForFieldName('name') as Node))
      ) {
        const edit = replaceStringContent(key as Node, 'density');
        if (edit) edits.push(edit);
      }
    }
    return edits;
  },
});
