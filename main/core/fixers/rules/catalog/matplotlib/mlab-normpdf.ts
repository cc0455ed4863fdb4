// matplotlib.mlab-normpdf — mlab.normpdf(x, mu, sigma) → scipy.stats.norm.pdf(x, mu, sigma)
//
// Why it broke: matplotlib 3.1 (2019-05-18), deprecated since 2.2: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.1.0.html
// Example:
//     import matplotlib.mlab as mlab
//     y = mlab.normpdf(bins, mu, sigma)
//   →
//     import scipy.stats
//     import matplotlib.mlab as mlab
//     y = scipy.stats.norm.pdf(bins, mu, sigma)
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.1; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { insertAtCellTop } from '../helpers';
import { mpl } from './_shared';

export const mlabNormpdf = defineRule({
  id: 'matplotlib.mlab-normpdf',
  title: 'mlab.normpdf(x, mu, sigma) → scipy.stats.norm.pdf(x, mu, sigma)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.1', '2019-05-18'),
  deprecatedIn: '2.2',
  explanation: 'matplotlib.mlab.normpdf was removed in 3.1; scipy.stats.norm.pdf computes the same density.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'matplotlib\.mlab' has no attribute 'normpdf'/ }],
    pattern: true,
  },
  needles: ['normpdf'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (ctx.imports.resolve(fn, parsed) !== 'matplotlib.mlab.normpdf' || !fn) continue;
      edits.push(replaceNode(fn, 'scipy.stats.norm.pdf'));
    }
    if (edits.length > 0 && !(ctx.imports.bindings.get('scipy') === 'scipy' && ctx.imports.imports('scipy.stats')))
      edits.push(insertAtCellTop(parsed, 'import scipy.stats'));
    return edits;
  },
});
