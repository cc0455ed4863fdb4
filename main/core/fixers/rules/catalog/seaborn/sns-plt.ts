// seaborn.sns-plt — sns.plt.show() → plt.show()
//
// Why it broke: seaborn 0.8 (2017-07-08): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.8.0.html
// Example:
//     import seaborn as sns
//     sns.plt.show()
//   →
//     import matplotlib.pyplot as plt
//     import seaborn as sns
//     plt.show()
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.8; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { sb } from './_shared';

export const snsPlt = defineRule({
  id: 'seaborn.sns-plt',
  title: 'sns.plt.show() → plt.show()',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.8', '2017-07-08'),
  explanation: 'seaborn used to expose matplotlib.pyplot as sns.plt; 0.8 removed it. pyplot is imported directly.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'seaborn' has no attribute 'plt'/ }], pattern: true },
  needles: ['.plt.'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const uses = ctx.nodes('attribute').filter((attr) => ctx.imports.resolve(attr, parsed) === 'seaborn.plt');
    const plt = uses.length > 0 ? ctx.requireImport('matplotlib.pyplot', 'plt') : null;
    if (!plt) return [];
    for (const attr of uses) edits.push(replaceNode(attr, plt.name));
    return [...edits, ...plt.edits];
  },
});
