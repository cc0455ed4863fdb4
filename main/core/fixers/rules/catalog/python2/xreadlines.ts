// python2.xreadlines — for line in f.xreadlines() → for line in f
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     for line in f.xreadlines():
//         print(line)
//     it = f.xreadlines()
//   →
//     for line in f:
//         print(line)
//     it = iter(f)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodReceiver, methodName, callArguments } from '../../syntax';
import { PY3 } from './_shared';

export const xreadlines = defineRule({
  id: 'python2.xreadlines',
  title: 'for line in f.xreadlines() → for line in f',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 files have no xreadlines(); a file object iterates over its lines itself, lazily, which ' +
    "is what xreadlines returned (lib2to3's fix_xreadlines). Elsewhere f.xreadlines() becomes iter(f).",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'xreadlines'/ }], pattern: true },
  needles: ['.xreadlines('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const receiver = methodReceiver(call);
      if (methodName(call, parsed) !== 'xreadlines' || !receiver || callArguments(call).length > 0) continue;
      const parent = call.parent;
      const iterated =
        (parent?.type === 'for_statement' || parent?.type === 'for_in_clause') &&
        parent.childForFieldName('right')?.startIndex === call.startIndex;
      edits.push(replaceNode(call, iterated ? parsed.text(receiver) : `iter(${parsed.text(receiver)})`));
    }
    return edits;
  },
});
