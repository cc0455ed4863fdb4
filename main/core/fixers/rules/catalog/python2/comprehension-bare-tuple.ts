// python2.comprehension-bare-tuple — [x for x in 1, 2] → [x for x in (1, 2)]
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     ys = [x * 2 for x in 1, 2, 3]
//   →
//     ys = [x * 2 for x in (1, 2, 3)]
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a parenthesized tuple is left alone.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { PY3 } from './_shared';

export const comprehensionBareTuple = defineRule({
  id: 'python2.comprehension-bare-tuple',
  title: '[x for x in 1, 2] → [x for x in (1, 2)]',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 2 let a list comprehension iterate over a bare tuple (`[x for x in ' +
    "1, 2]`); Python 3 needs the parentheses (lib2to3's fix_paren). Same elements.",
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: [/\bfor\b[^\]\n]*\bin\b[^\]\n]*,/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const clause of ctx.nodes('for_in_clause')) {
      const rights = clause.childrenForFieldName('right');
      if (rights.length < 2) continue;
      edits.push(insertAt((rights[0] as Node).startIndex, '('), insertAt((rights.at(-1) as Node).endIndex, ')'));
    }
    return edits;
  },
});
