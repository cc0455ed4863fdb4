// numpy.tostring — a.tostring() → a.tobytes()
//
// Why it broke: NumPy 2.3 (2025-06-07), deprecated since 1.19: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/2.3.0-notes.html
// Example:
//     raw = arr.tostring()
//     buf = img.tostring(order="F")
//   →
//     raw = arr.tobytes()
//     buf = img.tobytes(order="F")
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.3; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under NumPy 2.2; a function called tostring, and a module's tostring (np.tostring never existed),
// stay.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, keywordName } from '../../syntax';
import { inExceptClause } from './_shared';

export const tostring = defineRule({
  id: 'numpy.tostring',
  title: 'a.tostring() → a.tobytes()',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '2.3', date: '2025-06-07' },
  deprecatedIn: '1.19',
  explanation:
    'ndarray.tostring(), deprecated in NumPy 1.19 for tobytes() (same bytes, same order argument), was removed ' +
    'in NumPy 2.3; array.array.tostring() went the same way in Python 3.9, so the rename holds for both.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'tostring'/ }], pattern: true },
  needles: ['.tostring('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const attr = fn?.type === 'attribute' ? fn.childForFieldName('attribute') : null;
      if (!attr || parsed.text(attr) !== 'tostring' || inExceptClause(call, parsed)) continue;
      // a module's function (np.tostring never existed; a module of the notebook's own) is not an array's method
      if (ctx.imports.resolve(fn, parsed) !== null) continue;
      if (callArguments(call).some((a) => a.type === 'keyword_argument' && keywordName(a, parsed) !== 'order'))
        continue;
      edits.push(replaceNode(attr, 'tobytes'));
    }
    return edits;
  },
});
