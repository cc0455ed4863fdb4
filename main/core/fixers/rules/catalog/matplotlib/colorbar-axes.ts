// matplotlib.colorbar-axes — plt.colorbar(sm) of a ScalarMappable on no Axes → plt.colorbar(sm, ax=plt.gca())
//
// Why it broke: matplotlib 3.8 (2023-09-15), deprecated since 3.6: a colorbar for a mappable that belongs to no Axes
// (a bare ScalarMappable built for a colour scale) used the current Axes to take its space from; 3.6 deprecated that
// ("Unable to determine Axes to steal space for Colorbar. Using gca(), but will raise in the future") and it now
// raises "ValueError: Unable to determine Axes to steal space for Colorbar. Either provide the *cax* argument …".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.6.0.html#deprecations
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.8.0.html#removals
// Example:
//     sm = plt.cm.ScalarMappable(cmap='viridis', norm=plt.Normalize(0, 1))
//     sm.set_array([])
//     plt.colorbar(sm)
//     fig.colorbar(sm, label='score')
//   →
//     sm = plt.cm.ScalarMappable(cmap='viridis', norm=plt.Normalize(0, 1))
//     sm.set_array([])
//     plt.colorbar(sm, ax=plt.gca())
//     fig.colorbar(sm, label='score', ax=fig.gca())
// Fix safety: Same figure: Figure.colorbar took ax = mappable.axes and, that being None, self.gca() (pyplot.colorbar
// is gcf().colorbar, so plt.gca()); the rewrite passes that Axes. Only on the line the error points at, only for a
// colorbar call with one positional argument (the mappable) and neither ax= nor cax= nor **kwargs.
// Left alone: calls that give ax, cax (by keyword or position) or **kwargs, and colorbar calls on other lines.
import { defineRule } from '../../rule';
import { type SourceEdit } from '../../source-edit';
import {
  appendArguments,
  callArguments,
  keywordArgument,
  methodName,
  methodReceiver,
  positionalArguments,
} from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

export const colorbarAxes = defineRule({
  id: 'matplotlib.colorbar-axes',
  title: 'plt.colorbar(sm) of a ScalarMappable on no Axes → plt.colorbar(sm, ax=plt.gca())',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  deprecatedIn: '3.6',
  explanation:
    'A colorbar of a mappable that is on no Axes (a ScalarMappable made for a colour scale) took its space from the ' +
    'current Axes until matplotlib 3.6 deprecated that and 3.8 made it an error. The call gets the Axes it used: ' +
    'ax=plt.gca() for pyplot.colorbar, ax=fig.gca() for fig.colorbar.',
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Unable to determine Axes to steal space for Colorbar/ }],
  },
  errorScope: 'line',
  needles: ['colorbar'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'colorbar') continue;
      const receiver = methodReceiver(call) as Node;
      const args = callArguments(call);
      if (positionalArguments(call).length !== 1) continue;
      if (args.some((a) => a.type === 'dictionary_splat' || a.type === 'list_splat')) continue;
      if (keywordArgument(call, 'ax', parsed) || keywordArgument(call, 'cax', parsed)) continue;
      if (receiver.type !== 'identifier' && receiver.type !== 'attribute') continue;
      const edit = appendArguments(call, [`ax=${parsed.text(receiver)}.gca()`], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
