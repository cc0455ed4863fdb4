// pandas.read-squeeze: read_csv(…, squeeze=True) → read_csv(…).squeeze('columns')
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { keywordArgument, removeArgument } from '../../syntax';
import { pd } from './_shared';

export const readSqueeze = defineRule({
  id: 'pandas.read-squeeze',
  title: "read_csv(…, squeeze=True) → read_csv(…).squeeze('columns')",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.4',
  explanation:
    "The readers' squeeze argument was removed in pandas 2.0; calling .squeeze('columns') on the frame returns the Series that squeeze=True returned for one-column data (and the frame otherwise).",
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'squeeze'/ }], pattern: true },
  needles: ['squeeze='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        !/^pandas\.read_(csv|table|excel|fwf)$/.test(
          ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '',
        )
      )
        continue;
      const kw = keywordArgument(call, 'squeeze', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value) continue;
      if (parsed.text(value) === 'True')
        edits.push(removeArgument(kw, call), insertAt(call.endIndex, ".squeeze('columns')"));
      else if (parsed.text(value) === 'False') edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});
