// python2.raise-comma — raise E, V → raise E(V); raise E, V, T → raise E(V).with_traceback(T)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     raise ValueError, "negative: %d" % x
//   →
//     raise ValueError("negative: %d" % x)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { PY3 } from './_shared';

export const raiseComma = defineRule({
  id: 'python2.raise-comma',
  title: 'raise E, V → raise E(V); raise E, V, T → raise E(V).with_traceback(T)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed the `raise E, V` form (PEP 3109). Python 2 raised E(V), or E(*V) ' +
    "when V was a tuple: a tuple literal becomes the constructor's arguments, anything " +
    'else its one argument; a third operand, the traceback, goes to with_traceback().',
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: [/\braise\s+[\w.]+\s*,/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('raise_statement')) {
      const list = statement.namedChildren[0];
      if (list?.type !== 'expression_list') continue;
      const [type, value, traceback, ...rest] = list.namedChildren;
      if (!type || !value || rest.length > 0 || !['identifier', 'attribute'].includes(type.type)) continue;
      const args =
        value.type === 'tuple'
          ? value.namedChildren.map((n) => parsed.text(n)).join(', ')
          : value.type === 'parenthesized_expression'
            ? parsed.text(value.namedChildren[0] as Node)
            : parsed.text(value);
      edits.push(
        replaceNode(
          list,
          `${parsed.text(type)}(${args})${traceback ? `.with_traceback(${parsed.text(traceback)})` : ''}`,
        ),
      );
    }
    return edits;
  },
});
