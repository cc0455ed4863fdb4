// numpy.printoptions-threshold-nan: np.set_printoptions(threshold=np.nan) → threshold=sys.maxsize
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument } from '../../syntax';
import { insertAtCellTop } from '../helpers';

export const printoptionsThresholdNan = defineRule({
  id: 'numpy.printoptions-threshold-nan',
  title: 'np.set_printoptions(threshold=np.nan) → threshold=sys.maxsize',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.14', date: '2018-01-06' },
  explanation:
    'NumPy 1.14 rejects a NaN threshold ("threshold must be non-NAN"); sys.maxsize prints whole arrays, as NaN used to.',
  trigger: { errors: [{ ename: 'ValueError', evalue: /threshold must be non-NAN/ }], pattern: true },
  needles: ['threshold'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        ctx.imports.resolve(call.childForFieldName('function'), parsed) !== 'numpy.set_printoptions'
      )
        continue;
      const value = keywordArgument(call, 'threshold', parsed)?.childForFieldName('value');
      const q = value ? ctx.imports.resolve(value, parsed) : null;
      if (value && q && /^numpy\.(nan|NaN|NAN|inf|Inf)$/.test(q)) edits.push(replaceNode(value, 'sys.maxsize'));
    }
    if (edits.length > 0 && ctx.imports.bindings.get('sys') !== 'sys')
      edits.push(insertAtCellTop(parsed, 'import sys'));
    return edits;
  },
});
