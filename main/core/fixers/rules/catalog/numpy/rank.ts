// numpy.rank — np.rank(a) → np.ndim(a)
//
// Why it broke: NumPy 1.18 (2019-12-22): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://github.com/numpy/numpy/blob/1f90bbb55e65e7de68921bc3f1a2d94492fdf689/doc/source/release/1.18.0-notes.rst#L90
// Example:
//     d = np.rank(a)
//   →
//     d = np.ndim(a)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.18; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { replaceNode } from '../../source-edit';
import { numpyAttributes } from './_shared';

export const rank = defineRule({
  id: 'numpy.rank',
  title: 'np.rank(a) → np.ndim(a)',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.18', date: '2019-12-22' },
  explanation: 'np.rank (the number of dimensions) was removed in NumPy 1.18; np.ndim is the same function.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'numpy' has no attribute 'rank'/ }], pattern: true },
  needles: ['rank'],
  apply(parsed, ctx) {
    return numpyAttributes(parsed, ctx, { rank: 'ndim' }).flatMap(({ node }) => {
      const name = node.childForFieldName('attribute');
      return name ? [replaceNode(name, 'ndim')] : [];
    });
  },
});
