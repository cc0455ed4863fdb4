// seaborn.renamed-functions — sns.lvplot → sns.boxenplot
//
// Why it broke: seaborn 0.9 (2018-07-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.9.0.html
// Example:
//     sns.lvplot(x="a", y="b", data=df)
//   →
//     sns.boxenplot(x="a", y="b", data=df)
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.9; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { sb, seabornFunction } from './_shared';

const RENAMED_FUNCTIONS: Record<string, string> = { lvplot: 'boxenplot' };

export const renamedFunctions = defineRule({
  id: 'seaborn.renamed-functions',
  title: 'sns.lvplot → sns.boxenplot',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.9', '2018-07-16'),
  explanation: 'lvplot (letter-value plot) was renamed boxenplot in seaborn 0.9.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'seaborn' has no attribute 'lvplot'/ }],
    pattern: true,
  },
  needles: ['lvplot'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = seabornFunction(call, parsed, ctx);
      if (!name || !(name in RENAMED_FUNCTIONS) || fn?.type !== 'attribute') continue;
      edits.push(replaceNode(fn.childForFieldName('attribute') as Node, RENAMED_FUNCTIONS[name] as string));
    }
    return edits;
  },
});
