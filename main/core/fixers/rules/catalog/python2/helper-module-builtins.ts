// python2.helper-module-builtins — Python 2 builtins used inside a helper module the notebook imports
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     compared = ka.predict(test_data, results, "Logit")
//   →
//     import builtins; builtins.xrange = range  # Python 2 helper module
//     compared = ka.predict(test_data, results, "Logit")
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { insertAtCellTop } from '../helpers';
import { PY3 } from './_shared';

const HELPER_BUILTINS: Record<string, string> = {
  xrange: 'range',
  unicode: 'str',
  basestring: 'str',
  raw_input: 'input',
  unichr: 'chr',
  long: 'int',
};

export const helperModuleBuiltins = defineRule({
  id: 'python2.helper-module-builtins',
  title: 'Python 2 builtins used inside a helper module the notebook imports',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'The failing code is in a helper file the notebook imports (not in the notebook), and ' +
    'it uses a Python 2 builtin. The rule defines that builtin for the session (e.g. ' +
    'builtins.xrange = range) at the top of the failing cell, leaving the helper file untouched.',
  trigger: {
    errors: [{ ename: 'NameError', evalue: /name '(xrange|unicode|basestring|raw_input|unichr|long)' is not defined/ }],
  },
  apply(parsed, ctx) {
    const names = new Set<string>();
    for (const error of ctx.errors) {
      const name = /name '(\w+)'/.exec(error.evalue)?.[1];
      const frames = error.traceback.map((f) => f.replace(/\u001b\[[0-9;]*m/g, ''));
      const last =
        frames.filter((f) => /File\s+\S+\.py|\.py:\d+/.test(f) || /Cell In\[|ipython-input/.test(f)).at(-1) ?? '';
      if (name && name in HELPER_BUILTINS && /\.py\b/.test(last) && !/Cell In\[|ipython-input/.test(last))
        names.add(name);
    }
    const missing = [...names].filter((name) => !parsed.source.includes(`builtins.${name} =`));
    if (missing.length === 0) return [];
    const assignments = missing.map((name) => `builtins.${name} = ${HELPER_BUILTINS[name]}`).join('; ');
    return [insertAtCellTop(parsed, `import builtins; ${assignments}  # Python 2 helper module`)];
  },
});
