// numpy.builtin-type-aliases — np.float, np.int, np.bool, np.object, np.str … → Python builtins
//
// Why it broke: NumPy 1.24 (2022-12-18), deprecated since 1.20: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/1.24.0-notes.html
// Example:
//     y = y[order].astype(np.float)
//     mask = np.zeros(3, dtype=np.bool)
//     n = np.int(x)
//   →
//     y = y[order].astype(float)
//     mask = np.zeros(3, dtype=bool)
//     n = int(x)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.24; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not applied when the environment has numpy 1.23.
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
    'np.float, np.int, np.bool, np.object, np.str, np.long, np.unicode and ' +
    'np.complex were only aliases of the Python builtins; NumPy 1.20 deprecated them ' +
    'and 1.24 removed them. The builtin gives the same dtype (float64, int64, …).',
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
