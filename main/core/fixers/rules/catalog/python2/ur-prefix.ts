// python2.ur-prefix — ur'…' → r'…' (when it holds no \u escape)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     pattern = ur'\w+'
//   →
//     pattern = r'\w+'
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { PY3 } from './_shared';

export const urPrefix = defineRule({
  id: 'python2.ur-prefix',
  title: "ur'…' → r'…' (when it holds no \\u escape)",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 strings are Unicode, and it rejects the ur'' prefix. r'' is the same string unless the " +
    "literal holds \\u or \\U, which Python 2's ur'' still decoded: those literals are left for review.",
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: [/\b[uU][rR]['"]/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of ctx.nodes('string')) {
      const start = node.child(0);
      if (!start || start.type !== 'string_start') continue;
      const prefix = /^([uU][rR])['"]/.exec(parsed.text(start));
      if (!prefix || /\\[uU]/.test(parsed.text(node))) continue;
      edits.push({ start: start.startIndex, end: start.startIndex + 2, text: (prefix[1] as string).slice(1) });
    }
    return edits;
  },
});
