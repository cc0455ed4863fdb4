// pandas.str-replace-regex: .str.replace(pattern, repl) → regex=True where the pattern is a regular expression
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
    'Series.str.replace treated the pattern as a regular expression by default until pandas 2.0 and as a literal string since; regex=True keeps the old behaviour where the pattern has regex syntax.',
  trigger: { pattern: true },
  needles: ['.str.replace('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'replace' || !ctx.inScope(call)) continue;
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
