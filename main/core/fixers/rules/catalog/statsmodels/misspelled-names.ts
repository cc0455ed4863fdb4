// statsmodels.misspelled-names — het_breushpagan / acorr_breush_godfrey / lillifors → het_breuschpagan /
// acorr_breusch_godfrey / lilliefors
//
// Why it broke: statsmodels 0.8.0 (2017-02-08) corrected the spelling of three diagnostic tests (Breusch, Lilliefors)
// and kept the misspelled names as np.deprecate wrappers of the same functions ("Use het_breuschpagan,
// het_breushpagan will be removed in 0.9 (Note: misspelling missing 'c')"); 0.10.0 (2019-06-24) removed them, so
// sms.het_breushpagan(…) raises "AttributeError: module 'statsmodels.stats.api' has no attribute 'het_breushpagan'"
// and `from statsmodels.stats.diagnostic import lillifors` an ImportError.
// Changelog: https://www.statsmodels.org/stable/release/version0.8.html
// Changelog: https://www.statsmodels.org/stable/release/version0.10.html
// Changelog: https://github.com/statsmodels/statsmodels/pull/5170
// Example:
//     import statsmodels.stats.api as sms
//     from statsmodels.stats.diagnostic import lillifors
//     lm = sms.het_breushpagan(results.resid, results.model.exog)
//     ks = lillifors(results.resid)
//   →
//     import statsmodels.stats.api as sms
//     from statsmodels.stats.diagnostic import lilliefors as lillifors
//     lm = sms.het_breuschpagan(results.resid, results.model.exog)
//     ks = lillifors(results.resid)
// Fix safety: Same result: each old name was np.deprecate(new_function, …), the very function under the new name
// (same arguments and return values), so only the warning goes.
// Left alone: names of the notebook's own (a `def het_breushpagan` of its own) and the same names outside
// statsmodels.
import { defineRule } from '../../rule';
import { missingNameTriggers } from '../helpers';
import { moduleMoveEdits, type ModuleMove } from '../module-moves';

const RENAMES = {
  het_breushpagan: { name: 'het_breuschpagan' },
  acorr_breush_godfrey: { name: 'acorr_breusch_godfrey' },
  lillifors: { name: 'lilliefors' },
};

/** Every module that exported the misspelled names until 0.10 (`sm.stats` is statsmodels.stats.api). */
const MOVES: ModuleMove[] = [
  'statsmodels.stats.api',
  'statsmodels.api.stats',
  'statsmodels.stats.diagnostic',
  'statsmodels.sandbox.stats.diagnostic',
  'statsmodels.stats._lilliefors',
].map((from) => ({ from, names: RENAMES }));

export const misspelledNames = defineRule({
  id: 'statsmodels.misspelled-names',
  title: 'het_breushpagan / acorr_breush_godfrey / lillifors → het_breuschpagan / acorr_breusch_godfrey / lilliefors',
  kind: 'error-repair',
  library: 'statsmodels',
  since: { package: 'statsmodels', version: '0.10', date: '2019-06-24' },
  deprecatedIn: '0.8',
  explanation:
    'statsmodels 0.8 corrected the spelling of het_breuschpagan, acorr_breusch_godfrey and lilliefors and kept the ' +
    'misspelled names as deprecated aliases of the same functions; 0.10 removed the aliases. The import or the ' +
    'dotted use gets the corrected name; the test computed is the same.',
  trigger: {
    errors: missingNameTriggers(String.raw`statsmodels[\w.]*`, '(het_breushpagan|acorr_breush_godfrey|lillifors)'),
    pattern: true,
  },
  needles: ['het_breushpagan', 'acorr_breush_godfrey', 'lillifors'],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('statsmodels')) return [];
    return MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});
