// python2.except-comma — except E, e: → except E as e:
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     except ValueError, e:
//   →
//     except ValueError as e:
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: leaves a tuple of exceptions alone.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { PY3 } from './_shared';

export const exceptComma = defineRule({
  id: 'python2.except-comma',
  title: 'except E, e: → except E as e:',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 only accepts `except E as e:`; the Python 2 form `except E, e:` is a syntax error.',
  trigger: {
    errors: [{ ename: 'SyntaxError', evalue: /multiple exception types must be parenthesized|invalid syntax/ }],
    pattern: true,
  },
  needles: [/\bexcept\b[^:\n]*,/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const clause of ctx.nodes('except_clause')) {
      const values = clause.childrenForFieldName('value');
      if (values.length !== 2 || values[1]?.type !== 'identifier') continue;
      const comma = clause.children.find(
        (c) =>
          c.type === ',' &&
          c.startIndex >= (values[0] as Node).endIndex &&
          c.endIndex <= (values[1] as Node).startIndex,
      );
      if (comma) edits.push({ start: comma.startIndex, end: comma.endIndex, text: ' as' });
    }
    return edits;
  },
});
