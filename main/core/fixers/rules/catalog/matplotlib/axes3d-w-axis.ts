// matplotlib.axes3d-w-axis — ax.w_xaxis / w_yaxis / w_zaxis → ax.xaxis / yaxis / zaxis
//
// Why it broke: matplotlib 3.8 (2023-09-15), deprecated since 3.1: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.8.0.html
// Example:
//     ax.w_xaxis.set_ticklabels([])
//     ax.w_zaxis.set_ticklabels([])
//   →
//     ax.xaxis.set_ticklabels([])
//     ax.zaxis.set_ticklabels([])
// Fix safety: Same result: the rewrite computes what the code computed before matplotlib 3.8; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { mpl } from './_shared';

const W_AXES: Record<string, string> = { w_xaxis: 'xaxis', w_yaxis: 'yaxis', w_zaxis: 'zaxis' };

export const axes3dWAxis = defineRule({
  id: 'matplotlib.axes3d-w-axis',
  title: 'ax.w_xaxis / w_yaxis / w_zaxis → ax.xaxis / yaxis / zaxis',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  deprecatedIn: '3.1',
  explanation:
    "Axes3D's w_xaxis, w_yaxis and w_zaxis were old names of its xaxis, yaxis and zaxis; matplotlib 3.8 removed them.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'w_(x|y|z)axis'/ }], pattern: true },
  needles: ['.w_xaxis', '.w_yaxis', '.w_zaxis'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const renamed = name ? W_AXES[parsed.text(name)] : undefined;
      if (name && renamed) edits.push(replaceNode(name, renamed));
    }
    return edits;
  },
});
