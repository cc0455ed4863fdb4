// matplotlib.pcolor-get-array — img = ax.pcolor(values); … img.get_array() → img.get_array().ravel()
//
// Why it broke: matplotlib 3.8 (2023-09-15) made pcolor() return a PolyQuadMesh, whose get_array() keeps the 2-D
// shape of the values; the PolyCollection it returned before gave them flattened, one per cell in the order of
// get_paths() and get_facecolors(). Code that zips the three to label each cell (mglearn's heatmap, copied into many
// tutorials) now gets whole rows: "Only length-1 arrays can be converted to Python scalars" or "%d format: a real
// number is required, not MaskedArray".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.8.0.html#pcolor-now-returns-a-polyquadmesh
// Example:
//     img = ax.pcolor(values, cmap=cmap, vmin=vmin, vmax=vmax)
//     for p, color, value in zip(img.get_paths(), img.get_facecolors(), img.get_array()):
//   →
//     img = ax.pcolor(values, cmap=cmap, vmin=vmin, vmax=vmax)
//     for p, color, value in zip(img.get_paths(), img.get_facecolors(), img.get_array().ravel()):
// Fix safety: Same result: ravel() gives the values in the row-major order the old flattened array had (and of the
// cells' paths), and is a no-op on the 1-D array of older matplotlib; only get_array() of a name the failing cell binds
// to a pcolor() result.
// Left alone: get_array() already reshaped, raveled or flattened, and of anything but a pcolor() result (pcolormesh's
// QuadMesh, an image).
import type { Node } from 'web-tree-sitter';
import { defineRule, type Rule } from '../../rule';
import { insertAt, type SourceEdit } from '../../source-edit';
import { methodName, methodReceiver } from '../../syntax';
import { mpl } from './_shared';

type ParsedSource = Parameters<Rule['apply']>[0];

/** Names the cell binds to `….pcolor(…)` or `pcolor(…)`, and to nothing else. */
function pcolorNames(parsed: ParsedSource, assignments: Node[]): Set<string> {
  const good = new Set<string>();
  const bad = new Set<string>();
  for (const assignment of assignments) {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left?.type !== 'identifier') continue;
    const fn = right?.type === 'call' ? right.childForFieldName('function') : null;
    const isPcolor =
      (fn?.type === 'attribute' && methodName(right as Node, parsed) === 'pcolor') ||
      (fn?.type === 'identifier' && parsed.text(fn) === 'pcolor');
    (isPcolor ? good : bad).add(parsed.text(left));
  }
  for (const name of bad) good.delete(name);
  return good;
}

export const pcolorGetArray = defineRule({
  id: 'matplotlib.pcolor-get-array',
  title: 'img = ax.pcolor(values); … img.get_array() → img.get_array().ravel()',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  errorScope: 'cell',
  explanation:
    'matplotlib 3.8 made pcolor() return a PolyQuadMesh (API changes 3.8: "pcolor now returns a ' +
    'PolyQuadMesh"), whose get_array() keeps the 2-D shape of the values; the PolyCollection of older ' +
    'releases returned them flattened, one per cell in the order of get_paths() and get_facecolors(). ' +
    "Code that zips them to write each cell's value (mglearn.tools.heatmap and its many copies) then " +
    'formats a whole row ("Only length-1 arrays can be converted to Python scalars", "%d format: a real ' +
    'number is required, not MaskedArray"). In the failing cell, get_array() of a pcolor() result ' +
    'gets .ravel(): the flattened row-major values it returned before, and a no-op on older matplotlib.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /[Oo]nly length-1 arrays can be converted to Python scalars/ },
      { ename: 'TypeError', evalue: /only 0-dimensional arrays can be converted to Python scalars/ },
      { ename: 'TypeError', evalue: /format: a (real )?number is required, not MaskedArray/ },
    ],
  },
  needles: ['get_array'],
  apply(parsed, ctx) {
    const names = pcolorNames(parsed, ctx.nodes('assignment'));
    if (names.size === 0) return [];
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'get_array') continue;
      const receiver = methodReceiver(call);
      if (receiver?.type !== 'identifier' || !names.has(parsed.text(receiver))) continue;
      // already made flat or given a shape: `img.get_array().ravel()`, `.reshape(…)`
      const parent = call.parent;
      const next = parent?.type === 'attribute' ? parsed.text(parent.childForFieldName('attribute') as Node) : null;
      if (next && ['ravel', 'flatten', 'reshape', 'flat', 'compressed'].includes(next)) continue;
      edits.push(insertAt(call.endIndex, '.ravel()'));
    }
    return edits;
  },
});
