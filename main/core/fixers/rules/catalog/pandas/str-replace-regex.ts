// pandas.str-replace-regex — .str.replace(pattern, repl) → regex=True where the pattern is a regular expression
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.4: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     df["t"] = df.t.str.replace("[^a-z]", " ")
//   →
//     df["t"] = df.t.str.replace("[^a-z]", " ", regex=True)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import {
  methodName,
  methodReceiver,
  keywordArgument,
  stringContent,
  positionalArguments,
  appendArguments,
} from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { pd } from './_shared';

export const strReplaceRegex = defineRule({
  id: 'pandas.str-replace-regex',
  title: '.str.replace(pattern, repl) → regex=True where the pattern is a regular expression',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.4',
  explanation:
    'Series.str.replace treated the pattern as a regular expression by default until pandas 2.0 and ' +
    'as a literal string since; regex=True keeps the old behaviour where the pattern has regex syntax.',
  trigger: { pattern: true },
  needles: ['.str.replace('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'replace') continue;
      const receiver = methodReceiver(call);
      if (
        !receiver ||
        receiver.type !== 'attribute' ||
        parsed.text(receiver.childForFieldName('attribute') as Node) !== 'str'
      )
        continue;
      if (keywordArgument(call, 'regex', parsed)) continue;
      const pattern = stringContent(positionalArguments(call)[0] ?? null, parsed);
      if (pattern === null || !/[\\^$.*+?()[\]{}|]/.test(pattern) || pattern.length < 2) continue;
      const edit = appendArguments(call, ['regex=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
