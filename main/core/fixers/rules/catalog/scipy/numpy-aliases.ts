// scipy.numpy-aliases — scipy.interp, scipy.array, scipy.sqrt … → numpy.interp, numpy.array, numpy.lib.scimath.sqrt …
//
// Why it broke: SciPy 1.12 (2024-01-20), deprecated since 1.4: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://docs.scipy.org/doc/scipy/release/1.12.0-notes.html
// Example:
//     from scipy import interp, stats
//     y = interp(x, xp, fp)
//     z = sp.sqrt(2) + sp.stats.norm.pdf(0)
//   →
//     from numpy import interp
//     from scipy import stats
//     y = interp(x, xp, fp)
//     import numpy.lib.scimath
//     z = numpy.lib.scimath.sqrt(2) + sp.stats.norm.pdf(0)
// Fix safety: Same result: the rewrite computes what the code computed before SciPy 1.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not before SciPy 1.12; a user's own interp (no scipy import) is left alone.
import { missingNameTriggers } from '../helpers';
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';

/**
 * NumPy names SciPy re-exported (`from numpy import *` in scipy/__init__.py) that notebooks reached through
 * scipy: deprecated in SciPy 1.4 ("scipy.interp is deprecated and will be removed in SciPy 2.0.0, use
 * numpy.interp instead"), removed in 1.12. Submodules (scipy.stats, scipy.linalg …) are not in the list.
 */
export const SCIPY_NUMPY_NAMES = [
  'interp',
  'array',
  'asarray',
  'zeros',
  'ones',
  'empty',
  'arange',
  'linspace',
  'logspace',
  'meshgrid',
  'sqrt',
  'exp',
  'log',
  'log10',
  'log2',
  'sin',
  'cos',
  'tan',
  'arcsin',
  'arccos',
  'arctan',
  'arctan2',
  'sinh',
  'cosh',
  'tanh',
  'pi',
  'e',
  'inf',
  'nan',
  'isnan',
  'isinf',
  'mean',
  'std',
  'var',
  'median',
  'dot',
  'where',
  'absolute',
  'floor',
  'ceil',
  'around',
  'cumsum',
  'diff',
  'argmax',
  'argmin',
  'amax',
  'amin',
  'sort',
  'argsort',
  'concatenate',
  'vstack',
  'hstack',
  'column_stack',
  'reshape',
  'transpose',
  'ravel',
  'polyfit',
  'polyval',
  'poly1d',
  'histogram',
  'unique',
  'real',
  'imag',
  'conj',
  'angle',
  'outer',
  'cross',
  'trapz',
  'eye',
  'identity',
  'diag',
  'float64',
  'int32',
  'int64',
  'ndarray',
  'matrix',
  'random',
  'power',
  'square',
  'exp2',
  'expm1',
  'log1p',
  'sign',
  'clip',
  'round',
  'prod',
  'sum',
  'all',
  'any',
  'allclose',
  'isfinite',
  'ones_like',
  'zeros_like',
];

/**
 * The names scipy/__init__.py took from numpy.lib.scimath (its `from numpy.lib.scimath import *` after the star import
 * of numpy; 1.4's warning said "use numpy.lib.scimath.sqrt instead"): scipy.sqrt(-1) was 1j where numpy.sqrt gives nan.
 */
const SCIMATH_NAMES = new Set(['sqrt', 'log', 'log10', 'log2', 'arcsin', 'arccos', 'power']);

const SCIPY_NUMPY_MOVE: ModuleMove = {
  from: 'scipy',
  names: Object.fromEntries(
    SCIPY_NUMPY_NAMES.map((name) => [name, { module: SCIMATH_NAMES.has(name) ? 'numpy.lib.scimath' : 'numpy' }]),
  ),
};

export const numpyAliases = defineRule({
  id: 'scipy.numpy-aliases',
  title: 'scipy.interp, scipy.array, scipy.sqrt … → numpy.interp, numpy.array, numpy.lib.scimath.sqrt …',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.12', date: '2024-01-20' },
  deprecatedIn: '1.4',
  explanation:
    'SciPy re-exported the NumPy namespace (scipy.interp, scipy.array, scipy.zeros, scipy.sqrt …); 1.4 deprecated those aliases ("use numpy.interp instead") and 1.12 removed them. They were the NumPy functions themselves, so numpy.interp computes the same; sqrt, log, log10, log2, arcsin, arccos and power were numpy.lib.scimath\'s (scipy.sqrt(-1) was 1j, as 1.4\'s warning said: "use numpy.lib.scimath.sqrt instead"), so those go there. Imports (`from scipy import interp`) and dotted uses (`sp.interp(…)`) are rewritten; scipy\'s own submodules are untouched.',
  trigger: {
    errors: missingNameTriggers('scipy', String.raw`\w+`),
    pattern: true,
  },
  needles: ['scipy', 'sp.'],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('scipy')) return [];
    return moduleMoveEdits(parsed, ctx, SCIPY_NUMPY_MOVE);
  },
});
