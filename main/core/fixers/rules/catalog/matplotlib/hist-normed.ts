// matplotlib.hist-normed — hist(normed=…) → hist(density=…)
//
// Why it broke: matplotlib 3.1 (2019-05-18), deprecated since 2.1: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0.html#arguments
// Example:
//     plt.hist(x, bins=20, normed=True)
//     df.Age.hist(normed=1)
//     sns.distplot(x, hist_kws={'normed': True})
//     df.Age.plot(kind='hist', normed=True)
//   →
//     plt.hist(x, bins=20, density=True)
//     df.Age.hist(density=1)
//     sns.distplot(x, hist_kws={'density': True})
//     df.Age.plot(kind='hist', density=True)
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.1; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a bare hist(…, normed=…) where the notebook defines hist itself (def hist(values, normed=False)).
import { defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import { keywordValue, methodName, positionalArguments, stringContent, replaceStringContent } from '../../syntax';
import { notebookDefines } from '../python2/_shared';
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
  prepare(notebook) {
    // a hist() of the notebook's own (def hist(values, normed=False)): its bare calls are not matplotlib's
    return notebookDefines(notebook, ['hist', 'hist2d']);
  },
  apply(parsed, ctx) {
    const own = ctx.state as Set<string>;
    // hist(…), and FacetGrid.map(plt.hist, …, normed=True), which passes its keywords on to hist
    const isHist = (call: Node): boolean => {
      const fn = call.childForFieldName('function') as Node;
      const name = methodName(call, parsed) ?? parsed.text(fn);
      if (['hist', 'hist2d'].includes(name)) {
        // a bare hist(…): matplotlib's (pylab's star import, %pylab, from matplotlib.pyplot import hist) unless the
        // notebook defines or assigns that name itself
        if (fn.type !== 'identifier' || !own.has(name)) return true;
        return ['matplotlib', 'pylab'].some((module) => ctx.imports.refersTo(fn, parsed, module, [name]) !== null);
      }
      // pandas' df.plot(kind='hist', normed=True) passes the keyword on to matplotlib's hist
      if (
        name === 'plot' &&
        fn.type === 'attribute' &&
        stringContent(keywordValue(call, 'kind', parsed), parsed) === 'hist'
      )
        return true;
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
