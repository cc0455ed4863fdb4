// numpy.histogram-normed: np.histogram(normed=…) → density=…
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
    "np.histogram's `normed` argument was removed in NumPy 1.24; `density` is its correct replacement (normed was documented as buggy for unequal bins).",
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
