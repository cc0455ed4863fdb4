// numpy.asscalar — np.asscalar(a) → a.item()
//
// Why it broke: NumPy 1.23 (2022-06-22), deprecated since 1.16: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/1.23.0-notes.html
// Example:
//     v = np.asscalar(a[0] + 1)
//   →
//     v = (a[0] + 1).item()
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.23; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { positionalArguments, callArguments, asPrimary } from '../../syntax';
import type { Node } from 'web-tree-sitter';

export const asscalar = defineRule({
  id: 'numpy.asscalar',
  title: 'np.asscalar(a) → a.item()',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.23', date: '2022-06-22' },
  deprecatedIn: '1.16',
  explanation: 'np.asscalar was removed in NumPy 1.23; ndarray.item() returns the same Python scalar.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'numpy' has no attribute 'asscalar'/ }],
    pattern: true,
  },
  needles: ['asscalar'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (ctx.imports.resolve(call.childForFieldName('function'), parsed) !== 'numpy.asscalar') continue;
      const args = positionalArguments(call);
      if (args.length !== 1 || callArguments(call).length !== 1) continue;
      edits.push(replaceNode(call, `${asPrimary(args[0] as Node, parsed)}.item()`));
    }
    return edits;
  },
});
