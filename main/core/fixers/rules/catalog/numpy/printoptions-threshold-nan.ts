// numpy.printoptions-threshold-nan — np.set_printoptions(threshold=np.nan) → threshold=sys.maxsize
//
// Why it broke: NumPy 1.14 (2018-01-06): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/1.14.0-notes.html
// Example:
//     import numpy as np
//     np.set_printoptions(threshold=np.nan)
//   →
//     import sys
//     import numpy as np
//     np.set_printoptions(threshold=sys.maxsize)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.14; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument } from '../../syntax';
import { insertAtCellTop } from '../helpers';

export const printoptionsThresholdNan = defineRule({
  id: 'numpy.printoptions-threshold-nan',
  title: 'np.set_printoptions(threshold=np.nan) → threshold=sys.maxsize',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.14', date: '2018-01-06' },
  explanation:
    'NumPy 1.14 rejects a NaN threshold ("threshold must be ' +
    'non-NAN"); sys.maxsize prints whole arrays, as NaN used to.',
  trigger: { errors: [{ ename: 'ValueError', evalue: /threshold must be non-NAN/ }], pattern: true },
  needles: ['threshold'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (ctx.imports.resolve(call.childForFieldName('function'), parsed) !== 'numpy.set_printoptions') continue;
      const value = keywordArgument(call, 'threshold', parsed)?.childForFieldName('value');
      const q = value ? ctx.imports.resolve(value, parsed) : null;
      if (value && q && /^numpy\.(nan|NaN|NAN|inf|Inf)$/.test(q)) edits.push(replaceNode(value, 'sys.maxsize'));
    }
    if (edits.length > 0 && ctx.imports.bindings.get('sys') !== 'sys')
      edits.push(insertAtCellTop(parsed, 'import sys'));
    return edits;
  },
});
