// python2.integer-division — a / b → a // b where an integer is required
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     half = X[:n/2]
//   →
//     half = X[:n//2]
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a quotient with a float operand (a float literal, or a name the notebook binds only to float literals:
// `alpha = 0.05; s[(R+1)*alpha/2]`), which Python 2 divided as floats too.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { COUNT_CALLS, PY3 } from './_shared';
import { floatOnlyNames, readsFloat } from '../helpers';

const INT_CONTEXT_CALLS = new Set([...COUNT_CALLS, 'choice', 'int']);

export const integerDivision = defineRule({
  id: 'python2.integer-division',
  title: 'a / b → a // b where an integer is required',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'In Python 2, / between integers was floor division; in Python 3 it returns a float, which range(), ' +
    'slicing and indexing reject. The rule uses // on the failing line, inside range()/sizes and indexes only.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'float' object cannot be interpreted as an integer|slice indices must be integers|indices must be integers|only integer scalar arrays|must be int|'float' object is not iterable|integer argument expected, got float/,
      },
      { ename: 'IndexError', evalue: /only integers, slices/ },
      { ename: 'ValueError', evalue: /invalid literal for int\(\)|expected an integer|must be an integer/ },
    ],
  },
  errorScope: 'line',
  needles: ['/'],
  prepare(_notebook, ctx) {
    // names the notebook binds to a float literal and to nothing else (alpha = 0.05): a float in Python 2 as well
    return floatOnlyNames(ctx);
  },
  apply(parsed, ctx) {
    const floatNames = ctx.state as Set<string>;
    /** does an operand of this division hold a float in Python 2 as well (a float literal, a float-only name)? */
    const floatOperand = (op: Node): boolean =>
      ['left', 'right'].some((field) => {
        const operand = op.childForFieldName(field);
        return operand !== null && readsFloat(operand, parsed, floatNames);
      });
    const edits: SourceEdit[] = [];
    for (const op of ctx.nodes('binary_operator')) {
      const operator = op.childForFieldName('operator');
      if (!operator || operator.type !== '/') continue;
      let inIntegerContext = false;
      for (
        let p: Node | null = op.parent;
        p && !['expression_statement', 'block', 'module'].includes(p.type);
        p = p.parent
      ) {
        if (p.type === 'slice' || (p.type === 'subscript' && !p.childForFieldName('value')?.equals(op)))
          inIntegerContext = true;
        if (p.type === 'call') {
          const fn = p.childForFieldName('function');
          const name = fn ? parsed.text(fn).split('.').pop() : '';
          if (name && INT_CONTEXT_CALLS.has(name)) inIntegerContext = true;
        }
        if (inIntegerContext) break;
      }
      if (inIntegerContext && !floatOperand(op))
        edits.push({ start: operator.startIndex, end: operator.endIndex, text: '//' });
    }
    return edits;
  },
});
