// numpy.integer-negative-power — 10 ** c with c from np.arange(-5, 5) → 10.0 ** c
//
// Why it broke: NumPy 1.12 (2017-01-15): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/1.12.0-notes.html
// Example:
//     lr = LogisticRegression(C=10**c, random_state=0)
//     params.append(10**c)
//     k = 2**c
//   →
//     lr = LogisticRegression(C=10.0**c, random_state=0)
//     params.append(10.0**c)
//     k = 2.0**c
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: an array exponent (old result: zeros), a range() loop, a user-defined c: left alone; without the error:
// left alone; a loop variable rebound inside a function is the function's own.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { type CellContext, defineRule } from '../../rule';
import { replaceNode } from '../../source-edit';

/** The `for` statement or comprehension around `node` whose loop variable `name` iterates a numpy.arange(…) call, if any. */
function arangeLoopOver(node: Node, name: string, parsed: ParsedSource, ctx: CellContext): Node | null {
  for (let scope: Node | null = node.parent; scope; scope = scope.parent) {
    const clauses =
      scope.type === 'for_statement'
        ? [scope]
        : ['list_comprehension', 'generator_expression', 'set_comprehension', 'dictionary_comprehension'].includes(
              scope.type,
            )
          ? scope.namedChildren.filter((c) => c.type === 'for_in_clause')
          : [];
    for (const clause of clauses) {
      const left = clause.childForFieldName('left');
      if (!left || left.type !== 'identifier' || parsed.text(left) !== name) continue;
      const right = clause.childForFieldName('right');
      if (right?.type !== 'call') return null;
      const fn = right.childForFieldName('function');
      const q = ctx.imports.resolve(fn, parsed) ?? (fn && /^np\.arange$/.test(parsed.text(fn)) ? 'numpy.arange' : null);
      return q === 'numpy.arange' ? scope : null;
    }
    // a function boundary: the name is the function's own
    if (scope.type === 'function_definition' || scope.type === 'lambda') return null;
  }
  return null;
}

/** `<integer literal> ** <identifier>`: the base and exponent, else null. */
function integerPower(op: Node, parsed: ParsedSource): { base: Node; exponent: string } | null {
  if (op.childForFieldName('operator')?.type !== '**') return null;
  const base = op.childForFieldName('left');
  const exponent = op.childForFieldName('right');
  if (base?.type !== 'integer' || !/^[0-9]+$/.test(parsed.text(base)) || exponent?.type !== 'identifier') return null;
  return { base, exponent: parsed.text(exponent) };
}

export const integerNegativePower = defineRule({
  id: 'numpy.integer-negative-power',
  title: '10 ** c with c from np.arange(-5, 5) → 10.0 ** c',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.12', date: '2017-01-15' },
  explanation:
    'NumPy 1.12 made integers to negative integer powers an error ("Integers to negative integer powers are ' +
    'not allowed."). Before it, a NumPy integer scalar to a negative power was computed in floating point ' +
    "(np.int64(10)**-5 gave 1e-05, as Python's 10**-5 does), which is how the regularization sweeps `for c " +
    'in np.arange(-5, 5): C=10**c` of the era ran. The base literal becomes a float (10.0**c), which computes ' +
    'those values. Applied where the error points, for an integer literal base and an exponent that is the ' +
    'loop variable over np.arange(…) (a scalar), and to the other integer powers of that loop variable in ' +
    'the loop (they fail the same way on the next run); arrays to negative powers gave 0 and are left alone.',
  trigger: { errors: [{ ename: 'ValueError', evalue: /Integers to negative integer powers are not allowed/ }] },
  errorScope: 'line',
  needles: ['**'],
  apply(parsed, ctx) {
    const bases = new Map<number, Node>();
    for (const op of ctx.nodes('binary_operator')) {
      const power = integerPower(op, parsed);
      const loop = power ? arangeLoopOver(op, power.exponent, parsed, ctx) : null;
      if (!power || !loop) continue;
      // the loop's other integer powers of the variable fail the same way on the next run: all of them at once
      for (const other of loop.descendantsOfType('binary_operator')) {
        const same = other ? integerPower(other, parsed) : null;
        if (
          same &&
          same.exponent === power.exponent &&
          arangeLoopOver(other as Node, same.exponent, parsed, ctx)?.startIndex === loop.startIndex
        )
          bases.set(same.base.startIndex, same.base);
      }
    }
    return [...bases.values()].map((base) => replaceNode(base, `${parsed.text(base)}.0`));
  },
});
