// python2.except-comma: except E, e: → except E as e:
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
    for (const clause of parsed.nodes('except_clause')) {
      if (!ctx.inScope(clause)) continue;
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
