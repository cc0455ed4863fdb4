// numpy.tostring: a.tostring() → a.tobytes()
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, keywordName } from '../../syntax';
import { inExceptClause } from './_shared';

export const tostring = defineRule({
  id: 'numpy.tostring',
  title: 'a.tostring() → a.tobytes()',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '2.3', date: '2025-06-07' },
  deprecatedIn: '1.19',
  explanation:
    'ndarray.tostring(), deprecated in NumPy 1.19 for tobytes() (same bytes, same order argument), was removed in NumPy 2.3; array.array.tostring() went the same way in Python 3.9, so the rename holds for both.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'tostring'/ }], pattern: true },
  needles: ['.tostring('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      const attr = fn?.type === 'attribute' ? fn.childForFieldName('attribute') : null;
      if (!attr || parsed.text(attr) !== 'tostring' || !ctx.inScope(call) || inExceptClause(call, parsed)) continue;
      if (callArguments(call).some((a) => a.type === 'keyword_argument' && keywordName(a, parsed) !== 'order'))
        continue;
      edits.push(replaceNode(attr, 'tobytes'));
    }
    return edits;
  },
});
