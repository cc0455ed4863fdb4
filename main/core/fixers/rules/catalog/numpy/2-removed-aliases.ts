// numpy.2-removed-aliases — NumPy 2.0 removed aliases (np.NaN, np.Inf, np.float_, np.product …)
//
// Why it broke: NumPy 2.0 (2024-06-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://github.com/numpy/numpy/blob/1f90bbb55e65e7de68921bc3f1a2d94492fdf689/doc/source/release/1.25.0-notes.rst#L47
// Changelog: https://github.com/numpy/numpy/blob/1f90bbb55e65e7de68921bc3f1a2d94492fdf689/doc/source/release/1.25.0-notes.rst#L43
// Changelog: https://github.com/numpy/numpy/blob/v2.4.6/numpy/_expired_attrs_2_0.py#L6
// Example:
//     x = np.NaN
//     y = np.float_(1)
//     z = np.product(a)
//   →
//     x = np.nan
//     y = np.float64(1)
//     z = np.prod(a)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.0; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under numpy 1.24.
import { defineRule } from '../../rule';
import { replaceNode } from '../../source-edit';
import { numpyAttributes } from './_shared';

export const NUMPY2_ALIASES: Record<string, string> = {
  float_: 'float64',
  complex_: 'complex128',
  NaN: 'nan',
  NAN: 'nan',
  Inf: 'inf',
  Infinity: 'inf',
  PINF: 'inf',
  infty: 'inf',
  product: 'prod',
  cumproduct: 'cumprod',
  sometrue: 'any',
  alltrue: 'all',
  round_: 'round',
  unicode_: 'str_',
  string_: 'bytes_',
  row_stack: 'vstack',
  mat: 'asmatrix',
  float128: 'longdouble',
  bool8: 'bool_',
  int0: 'intp',
  uint0: 'uintp',
  object0: 'object_',
  str0: 'str_',
  bytes0: 'bytes_',
  void0: 'void',
  longfloat: 'longdouble',
  singlecomplex: 'complex64',
  cfloat: 'complex128',
  longcomplex: 'clongdouble',
  clongfloat: 'clongdouble',
  float96: 'longdouble',
};

export const removedAliases2 = defineRule({
  id: 'numpy.2-removed-aliases',
  title: 'NumPy 2.0 removed aliases (np.NaN, np.Inf, np.float_, np.product …)',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '2.0', date: '2024-06-16' },
  explanation:
    'NumPy 2.0 removed duplicate names from its namespace: np.NaN/np.NAN → np.nan, ' +
    'np.Inf/np.PINF/np.infty → np.inf, np.float_ → np.float64, np.complex_ → np.complex128, ' +
    'np.product → np.prod, np.cumproduct → np.cumprod, np.sometrue → np.any, np.alltrue → np.all, ' +
    'np.round_ → np.round, np.unicode_ → np.str_, np.string_ → np.bytes_, np.row_stack → np.vstack, ' +
    'and the sized aliases np.bool8 → np.bool_, np.int0 → np.intp, np.cfloat → np.complex128 ….',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /`np\.\w+` was removed in the NumPy 2\.0 release|module 'numpy' has no attribute '(float_|complex_|NaN|NAN|Inf|Infinity|PINF|infty|product|cumproduct|sometrue|alltrue|round_|unicode_|string_|row_stack|mat|bool8|int0|uint0|object0|str0|bytes0|void0|longfloat|singlecomplex|cfloat|longcomplex|clongfloat)'/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(NUMPY2_ALIASES),
  apply(parsed, ctx) {
    return numpyAttributes(parsed, ctx, NUMPY2_ALIASES).flatMap(({ node, name }) => {
      const nameNode = node.childForFieldName('attribute');
      return nameNode ? [replaceNode(nameNode, NUMPY2_ALIASES[name] as string)] : [];
    });
  },
});
