// seaborn.removed-modules — import seaborn.apionly as sns → import seaborn as sns
//
// Why it broke: seaborn 0.8 (2017-07) stopped applying its style when imported and deprecated the seaborn.apionly
// entry point, which had imported seaborn without the style; seaborn.linearmodels had been renamed seaborn.regression
// earlier. seaborn 0.10 (2020-01-24) removed both: "ModuleNotFoundError: No module named 'seaborn.apionly'".
// Changelog: https://seaborn.pydata.org/whatsnew/v0.8.0.html
// Changelog: https://seaborn.pydata.org/whatsnew/v0.10.0.html
// Example:
//     import seaborn.apionly as sns
//     from seaborn.linearmodels import corrplot
//   →
//     import seaborn as sns
//     from seaborn.regression import corrplot
// Fix safety: Same figures: since seaborn 0.8, `import seaborn` leaves matplotlib's style alone, as seaborn.apionly
// did (a notebook that wanted the seaborn style called sns.set() itself, which still does that); seaborn.regression
// is the module seaborn.linearmodels was renamed to, with the same functions.
// Left alone: seaborn.timeseries (tsplot has no drop-in replacement: lineplot draws something else).
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import { sb } from './_shared';

const MOVES: ModuleMove[] = [
  { from: 'seaborn.apionly', to: 'seaborn' },
  { from: 'seaborn.linearmodels', to: 'seaborn.regression' },
];

export const removedModules = defineRule({
  id: 'seaborn.removed-modules',
  title: 'import seaborn.apionly as sns → import seaborn as sns',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.10', '2020-01-24'),
  deprecatedIn: '0.8',
  explanation:
    'seaborn 0.10 removed the seaborn.apionly entry point (deprecated in 0.8, when importing seaborn stopped ' +
    'applying its style, so that `import seaborn` now does what apionly did) and the seaborn.linearmodels ' +
    'module (renamed seaborn.regression). The imports and dotted uses name seaborn and seaborn.regression.',
  trigger: {
    errors: [{ ename: 'ModuleNotFoundError', evalue: /No module named 'seaborn\.(apionly|linearmodels)'/ }],
    pattern: true,
  },
  needles: ['seaborn.apionly', 'seaborn.linearmodels'],
  apply(parsed, ctx) {
    return MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});
