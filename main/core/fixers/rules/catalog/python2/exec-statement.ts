// python2.exec-statement: Python 2 exec statement → exec() function
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
    return parsed
      .nodes('exec_statement')
      .filter(ctx.inScope)
      .map((node) => {
        const parts = node.namedChildren.filter((c) => c.type !== 'comment').map((c) => parsed.text(c));
        return replaceNode(node, `exec(${parts.join(', ')})`);
      });
  },
});
