// python2.has-key — d.has_key(k) → k in d
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     if d.has_key(k):
//         pass
//     x = not d.has_key(k)
//   →
//     if k in d:
//         pass
//     x = not (k in d)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, methodReceiver, positionalArguments, callArguments, asOperand } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { PY3 } from './_shared';

export const hasKey = defineRule({
  id: 'python2.has-key',
  title: 'd.has_key(k) → k in d',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 dicts have no has_key(); `k in d` is the same test.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'has_key'/ }], pattern: true },
  needles: ['has_key'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'has_key') continue;
      const receiver = methodReceiver(call);
      const args = positionalArguments(call);
      if (!receiver || args.length !== 1 || callArguments(call).length !== 1) continue;
      const test = `${asOperand(args[0] as Node, parsed)} in ${asOperand(receiver, parsed)}`;
      const parent = call.parent?.type ?? '';
      const bare = [
        'expression_statement',
        'if_statement',
        'elif_clause',
        'while_statement',
        'assignment',
        'return_statement',
        'parenthesized_expression',
        'argument_list',
        'assert_statement',
      ].includes(parent);
      edits.push(replaceNode(call, bare ? test : `(${test})`));
    }
    return edits;
  },
});
