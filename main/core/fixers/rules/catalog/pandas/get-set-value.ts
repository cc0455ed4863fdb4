// pandas.get-set-value — df.get_value(i, c) / df.set_value(i, c, v) → df.at[i, c]
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.21: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     v = df.get_value(3, "Age")
//     df.set_value(3, "Age", 30)
//     x = s.get_value('b')             # a Series, where the error names it
//   →
//     v = df.at[3, "Age"]
//     df.at[3, "Age"] = 30
//     x = s.at['b']
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: an index's get_value(series, key) / set_value(arr, key, value) (where the error names an Index class),
// which looked the value up in the object it was given.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, methodReceiver, positionalArguments, callArguments, asPrimary } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { errorNamesClassAt, pd } from './_shared';

/** pandas' index classes, whose get_value(series, key) / set_value(arr, key, value) took the object to look in */
const INDEXES = [
  'Index',
  'RangeIndex',
  'Int64Index',
  'UInt64Index',
  'Float64Index',
  'DatetimeIndex',
  'TimedeltaIndex',
  'PeriodIndex',
  'MultiIndex',
  'CategoricalIndex',
  'IntervalIndex',
];

export const getSetValue = defineRule({
  id: 'pandas.get-set-value',
  title: 'df.get_value(i, c) / df.set_value(i, c, v) → df.at[i, c]',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.21',
  explanation:
    'get_value/set_value were removed in pandas 1.0 (deprecated in 0.21: "Please use .at[] or .iat[] ' +
    'accessors instead"); .at[row, column] reads and writes one value the same way, and a Series\' ' +
    'get_value(label)/set_value(label, v) becomes s.at[label] where the AttributeError names the Series.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /object has no attribute '(get_value|set_value)'/ }],
    pattern: true,
  },
  needles: ['get_value(', 'set_value('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (name !== 'get_value' && name !== 'set_value') continue;
      const receiver = methodReceiver(call) as Node;
      const args = positionalArguments(call);
      if (args.length !== callArguments(call).length) continue;
      const r = asPrimary(receiver, parsed);
      const callee = parsed.text(call.childForFieldName('function') as Node);
      // Index.get_value(series, key) / set_value(arr, key, value) looked a value up in another object: no .at
      if (ctx.errors.some((e) => errorNamesClassAt(e, name, INDEXES, callee))) continue;
      // a Series' get_value(label) / set_value(label, value): one argument fewer, so only where the error names it
      const series = ctx.errors.some((e) =>
        errorNamesClassAt(e, name, ['Series'], parsed.text(call.childForFieldName('function') as Node)),
      );
      if (series && name === 'get_value' && args.length === 1)
        edits.push(replaceNode(call, `${r}.at[${parsed.text(args[0] as Node)}]`));
      if (series && name === 'set_value' && args.length === 2 && call.parent?.type === 'expression_statement')
        edits.push(replaceNode(call, `${r}.at[${parsed.text(args[0] as Node)}] = ${parsed.text(args[1] as Node)}`));
      if (name === 'get_value' && args.length === 2)
        edits.push(replaceNode(call, `${r}.at[${args.map((a) => parsed.text(a)).join(', ')}]`));
      if (name === 'set_value' && args.length === 3 && call.parent?.type === 'expression_statement') {
        edits.push(
          replaceNode(
            call,
            `${r}.at[${parsed.text(args[0] as Node)}, ` +
              `${parsed.text(args[1] as Node)}] = ${parsed.text(args[2] as Node)}`,
          ),
        );
      }
    }
    return edits;
  },
});
