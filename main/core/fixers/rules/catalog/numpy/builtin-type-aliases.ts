// numpy.builtin-type-aliases: np.float, np.int, np.bool, np.object, np.str … → Python builtins
import { defineRule } from '../../rule';
import { replaceNode } from '../../source-edit';
import { numpyAttributes } from './_shared';

const BUILTIN_ALIASES: Record<string, string> = {
  float: 'float',
  int: 'int',
  bool: 'bool',
  object: 'object',
  str: 'str',
  long: 'int',
  unicode: 'str',
  complex: 'complex',
};

export const builtinTypeAliases = defineRule({
  id: 'numpy.builtin-type-aliases',
  title: 'np.float, np.int, np.bool, np.object, np.str … → Python builtins',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  deprecatedIn: '1.20',
  explanation:
    'np.float, np.int, np.bool, np.object, np.str, np.long, np.unicode and np.complex were only aliases of the Python builtins; NumPy 1.20 deprecated them and 1.24 removed them. The builtin gives the same dtype (float64, int64, …).',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /module 'numpy' has no attribute '(float|int|bool|object|str|long|unicode|complex)'/,
      },
    ],
    pattern: true,
  },
  // `.str.` is the pandas string accessor, `.float64` another name: only the bare aliases
  needles: [/\.(?:float|int|bool|object|long|unicode|complex)\b|\.str\b(?!\.)/],
  apply(parsed, ctx) {
    return numpyAttributes(parsed, ctx, BUILTIN_ALIASES).map(({ node, name }) =>
      replaceNode(node, BUILTIN_ALIASES[name] as string),
    );
  },
});
