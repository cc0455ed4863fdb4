// python2.not-equal-operator: a <> b → a != b
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
    for (const comparison of parsed.nodes('comparison_operator')) {
      if (!ctx.inScope(comparison)) continue;
      for (const child of comparison.children) if (child.type === '<>') edits.push(replaceNode(child, '!='));
    }
    return edits;
  },
});
