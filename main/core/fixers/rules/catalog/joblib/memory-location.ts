// joblib.memory-location — Memory(cachedir=…) → Memory(location=…)
//
// Why it broke: joblib 0.12 deprecated Memory's cachedir argument for location; later releases removed it, so the
// old call fails with "unexpected keyword argument 'cachedir'" (joblib 1.5 has no cachedir).
// Changelog: https://github.com/joblib/joblib/blob/main/CHANGES.rst
// Example:
//     memory = Memory(cachedir="cache", verbose=0)
//   →
//     memory = Memory(location="cache", verbose=0)
// Fix safety: Same result: location is the same cache directory under its new name, and a cache only saves time;
// a Memory of the notebook's own (not imported from joblib or scikit-learn's vendored sklearn.externals.joblib) and
// a call that already names location are left alone.
// Left alone: joblib before 0.12, which has no location.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { calleeOf, keywordRenameEdits } from '../helpers';

export const memoryLocation = defineRule({
  id: 'joblib.memory-location',
  title: 'Memory(cachedir=…) → Memory(location=…)',
  kind: 'error-repair',
  library: 'joblib',
  since: { package: 'joblib', version: '0.12' },
  explanation:
    "joblib 0.12 renamed Memory's cachedir argument to location (same directory, same caching) and " +
    'later releases removed cachedir; mglearn and many 2017–2018 tutorials still pass cachedir=.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'cachedir'/ }],
    pattern: true,
  },
  needles: ['cachedir'],
  apply(parsed, ctx) {
    // sklearn.externals.joblib was joblib itself, vendored (mglearn's 2016–2018 plot_pca.py and plot_nmf.py): the
    // same Memory, whether or not sklearn.externals-joblib has rewritten the import yet
    const isMemory = (call: Node): boolean =>
      !!calleeOf(call, parsed, ctx.imports, 'joblib', ['Memory']) ||
      !!calleeOf(call, parsed, ctx.imports, 'sklearn.externals.joblib', ['Memory']);
    return keywordRenameEdits(parsed, ctx, isMemory, { cachedir: 'location' });
  },
});
