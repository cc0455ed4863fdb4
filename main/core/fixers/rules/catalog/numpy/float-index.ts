// numpy.float-index — s_sorted[[(R+1)*alpha/2, (R+1)*(1-alpha/2)]] → s_sorted[[int((R+1)*alpha/2),
// int((R+1)*(1-alpha/2))]]
//
// Why it broke: NumPy 1.12 (2017-01-15) turned the deprecation of float indices (NumPy 1.8–1.11, which truncated them
// to integers with a warning) into an error: "IndexError: only integers, slices (`:`), ellipsis (`...`),
// numpy.newaxis (`None`) and integer or boolean arrays are valid indices".
// Changelog: https://numpy.org/doc/stable/release/1.12.0-notes.html
// Example:
//     alpha = 0.05
//     s_sorted[[(R+1)*alpha/2, (R+1)*(1-alpha/2)]]
//   →
//     alpha = 0.05
//     s_sorted[[int((R+1)*alpha/2), int((R+1)*(1-alpha/2))]]
// Fix safety: Same result: NumPy 1.8–1.11 converted a float index to an integer by truncation toward zero, which
// int() does; only an index that certainly holds a float (it reads a float literal or a name the notebook binds only
// to float literals) is wrapped, on the failing line.
// Left alone: slices (a list's float slice failed in Python 2 as well, and lists and arrays look alike here), an
// index whose type is not evident (a name, a call), integer quotients of a Python 2 notebook
// (python2.integer-division).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { floatOnlyNames, readsFloat } from '../helpers';

/** Index expressions that can be a float number (not a mask, a call's result or a slice). */
const ARITHMETIC = new Set(['float', 'identifier', 'binary_operator', 'unary_operator', 'parenthesized_expression']);

/** The index expressions of a subscript: `a[i]` → [i], `a[i, j]` → [i, j], `a[[i, j]]` → [i, j]. */
function indexElements(subscript: Node): Node[] {
  const value = subscript.childForFieldName('value');
  const indexes = subscript.childrenForFieldName('subscript').filter((n) => !value?.equals(n));
  return indexes.flatMap((index) =>
    index.type === 'list' || index.type === 'tuple' || index.type === 'expression_list' ? index.namedChildren : [index],
  );
}

export const floatIndex = defineRule({
  id: 'numpy.float-index',
  title: 's_sorted[[(R+1)*alpha/2, …]] → s_sorted[[int((R+1)*alpha/2), …]]',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.12', date: '2017-01-15' },
  deprecatedIn: '1.8',
  explanation:
    'NumPy 1.8–1.11 accepted a float as an array index, truncating it to an integer with a DeprecationWarning; ' +
    'NumPy 1.12 raises IndexError. An index that certainly holds a float (it reads a float literal or ' +
    'a name bound only to float literals) is wrapped in int(), the same truncation, on the failing line.',
  trigger: { errors: [{ ename: 'IndexError', evalue: /^only integers, slices \(`:`\), ellipsis/ }] },
  errorScope: 'line',
  needles: ['['],
  prepare(_notebook, ctx) {
    return floatOnlyNames(ctx);
  },
  apply(parsed, ctx) {
    const floatNames = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const subscript of ctx.nodes('subscript')) {
      for (const element of indexElements(subscript)) {
        // arithmetic only: a mask (x > 0.5), a call's result (np.where(…)) or a slice is no float to truncate
        if (
          !ARITHMETIC.has(element.type) ||
          element.descendantsOfType(['comparison_operator', 'boolean_operator', 'not_operator', 'lambda']).length > 0
        )
          continue;
        if (!readsFloat(element, parsed, floatNames)) continue;
        edits.push(insertAt(element.startIndex, 'int('), insertAt(element.endIndex, ')'));
      }
    }
    return edits;
  },
});
