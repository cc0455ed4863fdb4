// python2.has-key: d.has_key(k) → k in d
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
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'has_key' || !ctx.inScope(call)) continue;
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
