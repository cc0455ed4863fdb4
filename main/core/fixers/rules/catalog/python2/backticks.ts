// python2.backticks — `x` → repr(x)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     label = "n=" + `n`
//   →
//     label = "n=" + repr(n)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { PY3 } from './_shared';

export const backticks = defineRule({
  id: 'python2.backticks',
  title: '`x` → repr(x)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 removed the backtick spelling of repr(); `x` becomes repr(x), the same string.',
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: ['`'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of ctx.nodes('string')) {
      if (node.child(0)?.type !== 'string_start' || parsed.text(node.child(0) as Node) !== '`') continue;
      const text = parsed.text(node);
      if (!text.endsWith('`') || text.length < 3) continue;
      edits.push(replaceNode(node, `repr(${text.slice(1, -1).trim()})`));
    }
    return edits;
  },
});
