// pandas.pd-np — pd.np.X → np.X
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.0: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     x = pd.np.nan
//   →
//     x = np.nan
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { pd } from './_shared';

export const pdNp = defineRule({
  id: 'pandas.pd-np',
  title: 'pd.np.X → np.X',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.0',
  explanation: 'pandas re-exported numpy as pd.np until 2.0; import numpy directly.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'pandas' has no attribute 'np'/ }], pattern: true },
  needles: ['.np.'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const uses = ctx.nodes('attribute').filter((attr) => ctx.imports.resolve(attr, parsed) === 'pandas.np');
    const np = uses.length > 0 ? ctx.requireImport('numpy', 'np') : null;
    if (!np) return [];
    for (const attr of uses) edits.push(replaceNode(attr, np.name));
    return [...edits, ...np.edits];
  },
});
