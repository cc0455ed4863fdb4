// pandas.sort-methods — DataFrame.sort(columns=…) / Series.order() / sort_index(by=…) → sort_values
//
// Why it broke: pandas 0.20 (2017-05-05), deprecated since 0.17: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.20.0.html
// Example:
//     df = df.sort(columns="Fare", ascending=False)
//     s = df.sort_index(by="Age")
//   →
//     df = df.sort_values(by="Fare", ascending=False)
//     s = df.sort_values(by="Age")
// Fix safety: Same result: the rewrite computes what the code computed before pandas 0.20; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type CellContext, defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, positionalArguments, keywordArgument, methodReceiver, renameKeyword } from '../../syntax';
import { pd } from './_shared';

/** Does a cell of the notebook define a function of this name (`def by_length(a, b):`)? */
function definesFunction(ctx: CellContext, name: string): boolean {
  const def = new RegExp(`^\\s*def\\s+${name}\\s*\\(`, 'm');
  return ctx.notebook.codeCells.some((i) => def.test(ctx.notebook.source(i)));
}

export const sortMethods = defineRule({
  id: 'pandas.sort-methods',
  title: 'DataFrame.sort(columns=…) / Series.order() / sort_index(by=…) → sort_values',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.20', '2017-05-05'),
  deprecatedIn: '0.17',
  explanation:
    'DataFrame.sort and Series.order were removed in pandas 0.20 (and sort_index(by=…) ' +
    'stopped accepting by): sort_values(by=…) sorts by values, sort_index() by the index. ' +
    "A list's .sort() is recognised by its arguments and left alone, Python 2's list.sort(cmp) " +
    'included (a lambda or a function the notebook defines as the positional argument).',
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute '(sort|order)'/ },
      { ename: 'TypeError', evalue: /sort_index\(\) got an unexpected keyword argument 'by'/ },
    ],
    pattern: true,
  },
  errorScope: 'line',
  needles: ['.sort(', '.order(', 'sort_index('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (!name) continue;
      const attr = call.childForFieldName('function')?.childForFieldName('attribute');
      if (!attr) continue;
      const positional = positionalArguments(call);
      const columns = keywordArgument(call, 'columns', parsed);
      const pandasKeywords = ['columns', 'ascending', 'inplace', 'axis', 'kind', 'na_position'].some((k) =>
        keywordArgument(call, k, parsed),
      );
      // np.sort(x), sorted-module functions: a receiver that is an imported module is not a DataFrame
      if (ctx.imports.resolve(methodReceiver(call), parsed)) continue;
      if (name === 'sort') {
        // list.sort takes only key=/reverse=; positional arguments or pandas keywords mean DataFrame.sort
        // Python 2's list.sort(cmp): a function (a lambda, a def of the notebook) is no column label
        const first = positional[0];
        if (
          first &&
          (first.type === 'lambda' || (first.type === 'identifier' && definesFunction(ctx, parsed.text(first))))
        )
          continue;
        const isPandas = positional.length > 0 || pandasKeywords || ctx.errors.length > 0;
        if (!isPandas || keywordArgument(call, 'key', parsed) || keywordArgument(call, 'reverse', parsed)) continue;
        if (positional.length === 0 && !columns) {
          edits.push(replaceNode(attr, 'sort_index'));
          continue;
        }
        edits.push(replaceNode(attr, 'sort_values'));
        if (columns) {
          const edit = renameKeyword(columns, 'by');
          if (edit) edits.push(edit);
        }
      } else if (name === 'order' && (ctx.errors.length > 0 || pandasKeywords) && positional.length === 0) {
        edits.push(replaceNode(attr, 'sort_values'));
      } else if (name === 'sort_index') {
        const by = keywordArgument(call, 'by', parsed);
        if (by) edits.push(replaceNode(attr, 'sort_values'));
      }
    }
    return edits;
  },
});
