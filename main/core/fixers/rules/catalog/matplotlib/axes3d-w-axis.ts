// matplotlib.axes3d-w-axis: ax.w_xaxis / w_yaxis / w_zaxis → ax.xaxis / yaxis / zaxis
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
    for (const attr of parsed.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const renamed = name ? W_AXES[parsed.text(name)] : undefined;
      if (name && renamed && ctx.inScope(attr)) edits.push(replaceNode(name, renamed));
    }
    return edits;
  },
});
