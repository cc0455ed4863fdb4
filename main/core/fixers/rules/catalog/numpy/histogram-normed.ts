// numpy.histogram-normed — np.histogram(normed=…) → density=…
//
// Why it broke: NumPy 1.24 (2022-12-18), deprecated since 1.6: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/1.24.0-notes.html
// Example:
//     h, e = np.histogram(x, bins=10, normed=True)
//   →
//     h, e = np.histogram(x, bins=10, density=True)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.24; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { keywordRenameEdits } from '../helpers';

export const histogramNormed = defineRule({
  id: 'numpy.histogram-normed',
  title: 'np.histogram(normed=…) → density=…',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  deprecatedIn: '1.6',
  explanation:
    "np.histogram's `normed` argument was removed in NumPy 1.24; `density` is " +
    'its correct replacement (normed was documented as buggy for unequal bins).',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /histogram\(\) got an unexpected keyword argument 'normed'/ }],
    pattern: true,
  },
  needles: ['normed'],
  apply(parsed, ctx) {
    return keywordRenameEdits(
      parsed,
      ctx,
      (call) => {
        const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
        return q === 'numpy.histogram' || q === 'numpy.histogram2d' || q === 'numpy.histogramdd';
      },
      { normed: 'density' },
    );
  },
});
