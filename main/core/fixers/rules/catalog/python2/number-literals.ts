// python2.number-literals — Python 2 octal (0777) and long (10L) literals
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     os.chmod(p, 0755)
//     n = 10L
//   →
//     os.chmod(p, 0o755)
//     n = 10
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3 } from './_shared';

export const numberLiterals = defineRule({
  id: 'python2.number-literals',
  title: 'Python 2 octal (0777) and long (10L) literals',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 writes octal literals as 0o777 and has no long suffix: 0777 → 0o777, 10L → 10.',
  trigger: {
    errors: [
      { ename: 'SyntaxError', evalue: /leading zeros in decimal integer literals|invalid (decimal literal|syntax)/ },
    ],
    pattern: true,
  },
  needles: [/(^|[^\w.])0[0-7]+\b|\d[lL]\b/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of ctx.nodes('integer')) {
      const text = parsed.text(node);
      if (/^0[0-7]+$/.test(text)) edits.push(replaceNode(node, `0o${text.slice(1)}`));
      else if (/^(0[xX][0-9a-fA-F]+|\d+)[lL]$/.test(text)) edits.push(replaceNode(node, text.slice(0, -1)));
    }
    return edits;
  },
});
