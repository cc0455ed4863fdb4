// pandas.as-matrix — .as_matrix() → .values
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.23: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     X = df.as_matrix()
//     Y = df.as_matrix(columns=["a", "b"])
//     Z = (a + b).as_matrix()
//   →
//     X = df.values
//     Y = df[["a", "b"]].values
//     Z = (a + b).values
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import {
  methodName,
  methodReceiver,
  callArguments,
  positionalArguments,
  keywordArgument,
  asPrimary,
} from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { pd } from './_shared';

export const asMatrix = defineRule({
  id: 'pandas.as-matrix',
  title: '.as_matrix() → .values',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.23',
  explanation:
    'DataFrame/Series.as_matrix() was removed in pandas 1.0; .values is ' +
    'what it returned (.as_matrix(columns=cols) becomes [cols].values).',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'as_matrix'/ }], pattern: true },
  needles: ['as_matrix'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'as_matrix') continue;
      const receiver = methodReceiver(call) as Node;
      const args = callArguments(call);
      const columns =
        positionalArguments(call)[0] ?? keywordArgument(call, 'columns', parsed)?.childForFieldName('value');
      if (args.length > 1 || (args.length === 1 && !columns)) continue;
      edits.push(
        replaceNode(
          call,
          columns
            ? `${asPrimary(receiver, parsed)}[${parsed.text(columns)}].values`
            : `${asPrimary(receiver, parsed)}.values`,
        ),
      );
    }
    return edits;
  },
});
