// python2.renamed-builtins — xrange, raw_input, unicode, basestring, unichr, long → Python 3 builtins
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     for i in xrange(10):
//         s = unicode(i)
//     name = raw_input("name? ")
//     ok = isinstance(s, basestring)
//   →
//     for i in range(10):
//         s = str(i)
//     name = input("name? ")
//     ok = isinstance(s, str)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: leaves names the notebook defines (in another cell) alone; leaves attributes and keywords with those
// names alone.
import { defineRule } from '../../rule';
import { replaceNode } from '../../source-edit';
import { PY3, isNameUse, notebookDefines } from './_shared';

/** Builtins Python 3 removed or renamed, used by name (not as attributes, keywords or local definitions). */
const RENAMED_BUILTINS: Record<string, string> = {
  xrange: 'range',
  raw_input: 'input',
  unicode: 'str',
  basestring: 'str',
  unichr: 'chr',
  long: 'int',
};

export const renamedBuiltins = defineRule({
  id: 'python2.renamed-builtins',
  title: 'xrange, raw_input, unicode, basestring, unichr, long → Python 3 builtins',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed these builtins: xrange → range, raw_input → input, ' +
    'unicode/basestring → str, unichr → chr, long → int (same results for the uses ' +
    'notebooks make of them). Names the notebook defines itself are left alone.',
  trigger: {
    errors: [{ ename: 'NameError', evalue: /name '(xrange|raw_input|unicode|basestring|unichr|long)' is not defined/ }],
    pattern: true,
  },
  needles: Object.keys(RENAMED_BUILTINS),
  prepare(notebook) {
    // names the notebook defines itself (a variable called `long`) are not the builtins
    return notebookDefines(notebook, Object.keys(RENAMED_BUILTINS));
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    return ctx
      .nodes('identifier')
      .filter((node) => {
        const name = parsed.text(node);
        return name in RENAMED_BUILTINS && !defined.has(name) && isNameUse(node);
      })
      .map((node) => replaceNode(node, RENAMED_BUILTINS[parsed.text(node)] as string));
  },
});
