// pandas.dataframe-append — df.append(other) → pd.concat([df, other])
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.4: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     df = df.append(other, ignore_index=True)
//     rows = rows.append({"a": 1}, ignore_index=True)
//   →
//     df = pd.concat([df, other], ignore_index=True)
//     rows = pd.concat([rows, pd.DataFrame([{"a": 1}])], ignore_index=True)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under pandas 1.5.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import {
  methodName,
  methodReceiver,
  positionalArguments,
  keywordArgument,
  callArguments,
  keywordName,
} from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { pd, pandasAlias } from './_shared';

export const dataframeAppend = defineRule({
  id: 'pandas.dataframe-append',
  title: 'df.append(other) → pd.concat([df, other])',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.4',
  explanation:
    'DataFrame.append and Series.append were removed in pandas 2.0; pd.concat([df, other]) builds ' +
    "the same frame (a dict row becomes a one-row DataFrame). A list's .append is recognised (it " +
    'returns nothing, so its result is never assigned, and it takes no keywords) and left alone.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute 'append'/ }],
    pattern: true,
  },
  errorScope: 'line',
  needles: ['.append('],
  apply(parsed, ctx) {
    const alias = pandasAlias(ctx);
    if (!alias) return [];
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'append') continue;
      const receiver = methodReceiver(call) as Node;
      const positional = positionalArguments(call);
      const other = positional[0] ?? keywordArgument(call, 'other', parsed)?.childForFieldName('value');
      if (!other || positional.length > 1) continue;
      const keywords = callArguments(call).filter(
        (a) => a.type === 'keyword_argument' && keywordName(a, parsed) !== 'other',
      );
      // list.append returns None, so a list's append result is never assigned, returned or chained
      const resultUsed = ['assignment', 'return_statement', 'attribute', 'keyword_argument'].includes(
        call.parent?.type ?? '',
      );
      const isPandas = ctx.errors.length > 0 || keywords.length > 0 || resultUsed;
      if (!isPandas || (ctx.errors.length === 0 && !resultUsed)) continue;
      const otherText =
        other.type === 'dictionary'
          ? `${alias}.DataFrame([${parsed.text(other)}])`
          : other.type === 'list'
            ? other.namedChildren.map((n) => parsed.text(n)).join(', ')
            : parsed.text(other);
      const kwText = keywords.map((k) => parsed.text(k)).join(', ');
      edits.push(
        replaceNode(call, `${alias}.concat([${parsed.text(receiver)}, ${otherText}]${kwText ? `, ${kwText}` : ''})`),
      );
    }
    return edits;
  },
});
