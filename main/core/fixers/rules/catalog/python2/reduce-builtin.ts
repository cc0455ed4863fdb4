// python2.reduce-builtin — reduce() → functools.reduce
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     total = reduce(lambda a, b: a + b, xs)
//   →
//     from functools import reduce
//     total = reduce(lambda a, b: a + b, xs)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { definesName } from '../../syntax';
import { insertAtCellTop } from '../helpers';
import { PY3 } from './_shared';

export const reduceBuiltin = defineRule({
  id: 'python2.reduce-builtin',
  title: 'reduce() → functools.reduce',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 moved reduce() to functools; the rule imports it where the cell uses it.',
  trigger: { errors: [{ ename: 'NameError', evalue: /name 'reduce' is not defined/ }], pattern: true },
  needles: ['reduce('],
  apply(parsed, ctx) {
    if (ctx.imports.bindings.has('reduce')) return [];
    const uses = ctx.nodes('call').filter((call) => {
      const fn = call.childForFieldName('function');
      return fn?.type === 'identifier' && parsed.text(fn) === 'reduce';
    });
    if (uses.length === 0 || definesName(parsed, 'reduce')) return [];
    return [insertAtCellTop(parsed, 'from functools import reduce')];
  },
});
