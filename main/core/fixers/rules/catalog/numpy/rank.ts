// numpy.rank: np.rank(a) → np.ndim(a)
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
