// python2.cmp-builtin — cmp(a, b) → ((a > b) - (a < b))
//
// Why it broke: Python 3.0 (2008-12-03) removed the builtin cmp(); the release notes give (a > b) - (a < b) as its
// replacement.
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#ordering-comparisons
// Example:
//     order = cmp(len(a), len(b))
//   →
//     order = ((len(a) > len(b)) - (len(a) < len(b)))
// Fix safety: Same result: -1, 0 or 1 as cmp returned, for the values cmp could compare. The arguments are
// evaluated twice, so only names, attributes, subscripts, literals and len(…) of those are rewritten.
// Left alone: a cmp the notebook defines or imports itself, cmp passed as a value (sorted(x, cmp=cmp) is
// python2.sort-cmp's), and arguments with calls or side effects.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { asOperand, callArguments, positionalArguments } from '../../syntax';
import { PY3, notebookDefines } from './_shared';

const SIMPLE = new Set(['identifier', 'attribute', 'subscript', 'integer', 'float', 'string', 'true', 'false', 'none']);

/** An argument safe to evaluate twice: no calls except len(simple), no assignment expressions. */
function evaluatesTwiceSafely(node: Node, text: (n: Node) => string): boolean {
  if (node.type === 'parenthesized_expression' || node.type === 'unary_operator' || node.type === 'binary_operator')
    return node.namedChildren.every((child) => !!child && evaluatesTwiceSafely(child, text));
  if (node.type === 'call') {
    const fn = node.childForFieldName('function');
    const args = positionalArguments(node);
    return (
      fn?.type === 'identifier' &&
      text(fn) === 'len' &&
      args.length === 1 &&
      callArguments(node).length === 1 &&
      evaluatesTwiceSafely(args[0] as Node, text)
    );
  }
  if (!SIMPLE.has(node.type)) return false;
  if (node.type === 'subscript' || node.type === 'attribute')
    return node.namedChildren.every(
      (child) => !child || child.type === 'identifier' || evaluatesTwiceSafely(child, text),
    );
  return true;
}

export const cmpBuiltin = defineRule({
  id: 'python2.cmp-builtin',
  title: 'cmp(a, b) → ((a > b) - (a < b))',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed the builtin cmp() ("Ordering Comparisons" in What\'s New in ' +
    'Python 3.0, which gives (a > b) - (a < b) for it). A cmp the notebook defines ' +
    'itself is left alone, and so are arguments that would not be safe to evaluate twice.',
  trigger: { errors: [{ ename: 'NameError', evalue: /name 'cmp' is not defined/ }], pattern: true },
  needles: ['cmp('],
  prepare(notebook) {
    return notebookDefines(notebook, ['cmp']);
  },
  apply(parsed, ctx) {
    if ((ctx.state as Set<string>).has('cmp')) return [];
    const text = (node: Node): string => parsed.text(node);
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'identifier' || text(fn) !== 'cmp') continue;
      const args = positionalArguments(call);
      if (args.length !== 2 || callArguments(call).length !== 2) continue;
      const [a, b] = args as [Node, Node];
      if (!evaluatesTwiceSafely(a, text) || !evaluatesTwiceSafely(b, text)) continue;
      const [x, y] = [asOperand(a, parsed), asOperand(b, parsed)];
      edits.push(replaceNode(call, `((${x} > ${y}) - (${x} < ${y}))`));
    }
    return edits;
  },
});
