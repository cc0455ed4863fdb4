// python2.len-of-comparison — len(frame[mask] > 0) (a misplaced parenthesis over text columns) → len(frame[mask])
//
// Why it broke: Python 3.0 (2008-12-03) made ordering comparisons between unrelated types raise TypeError. pandas
// compares a frame or Series with a number element by element, and on a text column that is now str > int:
// "TypeError: '>' not supported between instances of 'str' and 'int'". In Python 2 'S' > 0 was True, the
// comparison gave a frame of booleans of the same length, and len() of it was the number of rows, which is what
// `if len(df[df['Embarked'].isnull()] > 0):` (meant: `len(…) > 0`) tested.
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#ordering-comparisons
// Example:
//     if len(df[df['Embarked'].isnull()] > 0):
//   →
//     if len(df[df['Embarked'].isnull()]):
// Fix safety: Same result: an element-wise comparison (pandas, NumPy) has the shape of its left side, so len() of
// it is len() of that side; for anything else (a list, a number) Python 2's comparison gave a bool and len() raised,
// so the author's run could not have passed there. Only on the line the error points at, only in a Python 2
// notebook, only a comparison with a number literal directly inside len().
// Left alone: comparisons with a name or an expression, len() of two comparisons chained, the notebook's own len,
// Python 3 notebooks (their author's run raised the same error), other lines.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, positionalArguments } from '../../syntax';
import { PY3, notebookDefines, python2Notebook } from './_shared';

/** "'>' not supported between instances of 'str' and 'int'": text against a number */
const MESSAGE = /'[<>]=?' not supported between instances of '(str|int|float)' and '(str|int|float)'/;

const ORDERING = new Set(['<', '>', '<=', '>=']);

/** a number literal, signed or not */
function numberLiteral(node: Node): boolean {
  if (node.type === 'integer' || node.type === 'float') return true;
  return node.type === 'unary_operator' && !!node.namedChild(0) && numberLiteral(node.namedChild(0) as Node);
}

export const lenOfComparison = defineRule({
  id: 'python2.len-of-comparison',
  title: 'len(frame[mask] > 0) (a misplaced parenthesis over text columns) → len(frame[mask])',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 refuses str > int, and pandas' element-wise comparison of a frame with text columns against a number " +
    "now raises (\"'>' not supported between instances of 'str' and 'int'\"). In Python 2 the comparison gave a " +
    'frame of booleans of the same length, so len(df[mask] > 0), a misplaced parenthesis for len(df[mask]) > 0, ' +
    'was the row count. On the failing line of a Python 2 notebook, len(x > number) becomes len(x).',
  trigger: { errors: [{ ename: 'TypeError', evalue: MESSAGE }] },
  errorScope: 'line',
  needles: ['len('],
  prepare(notebook) {
    return notebookDefines(notebook, ['len']);
  },
  apply(parsed, ctx) {
    const mixed = ctx.errors.some((e) => {
      const m = MESSAGE.exec(e.evalue);
      return !!m && (m[1] === 'str') !== (m[2] === 'str');
    });
    if (!mixed || (ctx.state as Set<string>).has('len') || !python2Notebook(ctx)) return [];
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'identifier' || parsed.text(fn) !== 'len') continue;
      const args = positionalArguments(call);
      const comparison = args[0];
      if (args.length !== 1 || callArguments(call).length !== 1 || comparison?.type !== 'comparison_operator') continue;
      // one operator: x > 0 (a chain 0 < x < 5 is left alone)
      const operands = comparison.namedChildren.filter((n): n is Node => n !== null);
      const operators = comparison.children.filter((n): n is Node => n !== null && !n.isNamed);
      const [left, right] = operands;
      const op = operators[0] ? parsed.text(operators[0]) : '';
      if (operands.length !== 2 || operators.length !== 1 || !ORDERING.has(op) || !left || !right) continue;
      if (!numberLiteral(right)) continue;
      edits.push(replaceNode(comparison, parsed.text(left)));
    }
    return edits;
  },
});
