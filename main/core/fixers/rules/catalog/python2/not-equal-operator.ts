// python2.not-equal-operator — a <> b → a != b
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     if a <> b:
//         c = x<>y
//   →
//     if a != b:
//         c = x!=y
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3 } from './_shared';

export const notEqualOperator = defineRule({
  id: 'python2.not-equal-operator',
  title: 'a <> b → a != b',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 removed the <> spelling of "not equal"; != is the same comparison.',
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: ['<>'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const comparison of ctx.nodes('comparison_operator')) {
      for (const child of comparison.children) if (child.type === '<>') edits.push(replaceNode(child, '!='));
    }
    return edits;
  },
});
