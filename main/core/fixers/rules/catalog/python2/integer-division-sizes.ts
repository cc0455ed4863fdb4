// python2.integer-division-sizes — range(len(x)/2), x[:n/2] → // where both sides are integers
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     for i in range(len(xs)/2):
//         pass
//     mid = xs[len(xs)/2]
//     half = df.head(df.shape[0]/2)
//     ratio = len(a) / 2
//     m = xs[int(n * 0.5) / 2]
//     plt.hist(x, bins=len(x) / 10)
//   →
//     for i in range(len(xs)//2):
//         pass
//     mid = xs[len(xs)//2]
//     half = df.head(df.shape[0]//2)
//     ratio = len(a) / 2
//     m = xs[int(n * 0.5) // 2]
//     plt.hist(x, bins=len(x) // 10)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { positionalArguments } from '../../syntax';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3 } from './_shared';

const CERTAIN_INT_CALLS = new Set(['len', 'int', 'round']);

/** An expression that is an integer in Python 2 and 3 alike: a literal, len(…), int(…), x.shape[i], x.size. */
function certainlyInteger(node: Node | null, parsed: ParsedSource): boolean {
  if (!node) return false;
  if (node.type === 'integer') return true;
  if (node.type === 'parenthesized_expression') return certainlyInteger(node.namedChildren[0] ?? null, parsed);
  if (node.type === 'call') {
    const fn = node.childForFieldName('function');
    return (
      fn?.type === 'identifier' &&
      CERTAIN_INT_CALLS.has(parsed.text(fn)) &&
      (parsed.text(fn) !== 'round' || positionalArguments(node).length === 1)
    );
  }
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    return (
      value?.type === 'attribute' &&
      parsed.text(value.childForFieldName('attribute') as Node) === 'shape' &&
      node.childForFieldName('subscript')?.type === 'integer'
    );
  }
  if (node.type === 'binary_operator') {
    const op = node.childForFieldName('operator')?.type;
    return (
      ['+', '-', '*', '//', '%'].includes(op ?? '') &&
      certainlyInteger(node.childForFieldName('left'), parsed) &&
      certainlyInteger(node.childForFieldName('right'), parsed)
    );
  }
  return false;
}

const SIZE_CALLS = new Set([
  'range',
  'xrange',
  'randint',
  'zeros',
  'ones',
  'empty',
  'reshape',
  'sample',
  'arange',
  'repeat',
  'tile',
  'head',
  'tail',
  'nlargest',
  'nsmallest',
]);

/** Keyword arguments that take a count (bins of a histogram, sizes of estimators): an integer in Python 2's code. */
const SIZE_KEYWORDS = new Set([
  'bins',
  'n_neighbors',
  'n_clusters',
  'n_components',
  'n_estimators',
  'max_depth',
  'min_samples_leaf',
  'min_samples_split',
  'n_splits',
  'n_folds',
  'n_iter',
  'k',
]);

export const integerDivisionSizes = defineRule({
  id: 'python2.integer-division-sizes',
  title: 'range(len(x)/2), x[:n/2] → // where both sides are integers',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2's / between integers was floor division. Where both operands are certainly integers (literals, len(…), int(…), x.shape[i]) and the result is a size or an index (range(), slices, subscripts, reshape/zeros/head …, or a count keyword such as bins=, n_neighbors=, n_clusters=, n_estimators=), the Python 2 meaning was //, and Python 3's float would be rejected there.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'float' object cannot be interpreted as an integer|slice indices must be integers|indices must be integers|`bins` must be an integer/,
      },
      { ename: 'InvalidParameterError', evalue: /parameter of \w+ must be an int/ },
    ],
    pattern: true,
  },
  // the left operand of a certain integer ends in `)` (len(x)), `]` (x.shape[0]) or a digit
  needles: [/[)\]\d]\s*\/(?![/=])/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const op of ctx.nodes('binary_operator')) {
      const operator = op.childForFieldName('operator');
      if (!operator || operator.type !== '/') continue;
      if (
        !certainlyInteger(op.childForFieldName('left'), parsed) ||
        !certainlyInteger(op.childForFieldName('right'), parsed)
      )
        continue;
      let sized = false;
      for (
        let p: Node | null = op.parent, child: Node = op;
        p && !['expression_statement', 'block', 'module'].includes(p.type);
        child = p, p = p.parent
      ) {
        if (p.type === 'slice') sized = true;
        else if (p.type === 'subscript' && p.childForFieldName('value')?.startIndex !== child.startIndex) sized = true;
        else if (p.type === 'argument_list' && p.parent?.type === 'call') {
          const fn = p.parent.childForFieldName('function');
          const name = fn ? parsed.text(fn).split('.').pop() : '';
          if (name && SIZE_CALLS.has(name) && child.type !== 'keyword_argument') sized = true;
          break;
        } else if (p.type === 'keyword_argument') {
          // hist(x, bins=len(x)/10), KNeighborsClassifier(n_neighbors=len(X)/20): a count
          const name = p.childForFieldName('name');
          sized = !!name && SIZE_KEYWORDS.has(parsed.text(name)) && p.parent?.type === 'argument_list';
          break;
        } else if (
          !['binary_operator', 'parenthesized_expression', 'unary_operator', 'tuple'].includes(p.type) ||
          sized
        )
          break;
        if (sized) break;
      }
      if (sized) edits.push(replaceNode(operator, '//'));
    }
    return edits;
  },
});
