// seaborn.factorplot — sns.factorplot(…) → sns.catplot(…, kind='point')
//
// Why it broke: seaborn 0.12 (2022-09-06), deprecated since 0.9: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.12.0.html
// Example:
//     sns.factorplot('Pclass', 'Survived', data=df)
//     sns.factorplot(x='Sex', data=df, kind='count')
//   →
//     sns.catplot('Pclass', 'Survived', data=df, kind='point')
//     sns.catplot(x='Sex', data=df, kind='count')
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { keywordArgument, appendArguments } from '../../syntax';
import { sb, seabornFunction } from './_shared';

export const factorplot = defineRule({
  id: 'seaborn.factorplot',
  title: "sns.factorplot(…) → sns.catplot(…, kind='point')",
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.12', '2022-09-06'),
  deprecatedIn: '0.9',
  explanation:
    "factorplot was renamed catplot in seaborn 0.9 and removed later; factorplot's " +
    "default kind was 'point' (catplot's is 'strip'), so kind='point' is kept explicit.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'seaborn' has no attribute 'factorplot'/ }],
    pattern: true,
  },
  needles: ['factorplot'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (seabornFunction(call, parsed, ctx) !== 'factorplot' || fn?.type !== 'attribute') continue;
      edits.push(replaceNode(fn.childForFieldName('attribute') as Node, 'catplot'));
      if (!keywordArgument(call, 'kind', parsed)) {
        const edit = appendArguments(call, ["kind='point'"], parsed);
        if (edit) edits.push(edit);
      }
    }
    return edits;
  },
});
