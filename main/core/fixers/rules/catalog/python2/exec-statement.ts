// python2.exec-statement — Python 2 exec statement → exec() function
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     exec "x = 1" in ns
//   →
//     exec("x = 1", ns)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { replaceNode } from '../../source-edit';
import { PY3 } from './_shared';

export const execStatement = defineRule({
  id: 'python2.exec-statement',
  title: 'Python 2 exec statement → exec() function',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 made exec a function: `exec code in ns` becomes `exec(code, ns)`.',
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /Missing parentheses in call to 'exec'/ }], pattern: true },
  needles: [/\bexec[ \t]+[^\s(=]/],
  apply(parsed, ctx) {
    return ctx.nodes('exec_statement').map((node) => {
      const parts = node.namedChildren.filter((c) => c.type !== 'comment').map((c) => parsed.text(c));
      return replaceNode(node, `exec(${parts.join(', ')})`);
    });
  },
});
