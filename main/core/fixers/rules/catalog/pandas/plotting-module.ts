// pandas.plotting-module — pandas.tools.plotting / pd.scatter_matrix → pandas.plotting
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.20: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://github.com/pandas-dev/pandas/blob/v2.3.3/doc/source/whatsnew/v0.20.0.rst#L1560
// Example:
//     from pandas.tools.plotting import scatter_matrix
//     pd.scatter_matrix(df)
//     pd.tools.plotting.andrews_curves(df, "y")
//   →
//     from pandas.plotting import scatter_matrix
//     pd.plotting.scatter_matrix(df)
//     pd.plotting.andrews_curves(df, "y")
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import { pd } from './_shared';

const PLOTTING_MOVES: ModuleMove[] = [
  { from: 'pandas.tools.plotting', to: 'pandas.plotting' },
  { from: 'pandas', names: { scatter_matrix: { module: 'pandas.plotting' } } },
];

export const plottingModule = defineRule({
  id: 'pandas.plotting-module',
  title: 'pandas.tools.plotting / pd.scatter_matrix → pandas.plotting',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    'pandas 0.20 moved plotting helpers (scatter_matrix, andrews_curves, parallel_coordinates, …) ' +
    'to pandas.plotting; the old pandas.tools.plotting and pd.scatter_matrix were removed by 1.0.',
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'pandas\.tools/ },
      { ename: 'AttributeError', evalue: /module 'pandas' has no attribute '(scatter_matrix|tools)'/ },
    ],
    pattern: true,
  },
  needles: ['tools', 'scatter_matrix'],
  apply(parsed, ctx) {
    return PLOTTING_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});
