// scipy.misc-moved-functions — scipy.misc.comb / factorial / factorial2 / logsumexp / pade → scipy.special /
// scipy.interpolate
//
// Why it broke: SciPy 1.3.0 (2019-05-17) removed the aliases scipy.misc kept for functions that had moved (deprecated
// in 1.0.0: "scipy.misc.comb is deprecated … use scipy.special.comb instead"), so `from scipy.misc import comb` fails
// with ImportError and `scipy.misc.logsumexp(…)` with AttributeError.
// Changelog: https://docs.scipy.org/doc/scipy/release/1.3.0-notes.html#backwards-incompatible-changes
// Changelog: https://docs.scipy.org/doc/scipy/release/1.0.0-notes.html#deprecated-features
// Example:
//     from scipy.misc import comb, logsumexp
//     p = comb(n, k) * 0.5 ** n
//   →
//     from scipy.special import comb, logsumexp
//     p = comb(n, k) * 0.5 ** n
// Fix safety: Same result: the scipy.misc names were the scipy.special (and scipy.interpolate.pade) functions
// themselves, re-exported, with the same parameters and defaults; imports and dotted uses are rewritten, and other
// names of scipy.misc stay as they are.
// Left alone: scipy.misc.factorialk (scipy.special's factorialk no longer defaults to exact=True), the image functions
// (imread, imresize …, removed in 1.2 without a drop-in replacement), derivative, and a notebook without a scipy
// import.
import { defineRule } from '../../rule';
import { missingNameTriggers } from '../helpers';
import { moduleMoveEdits, type ModuleMove } from '../module-moves';

/** The scipy.misc aliases 1.0 deprecated and 1.3 removed, with the module each function lives in. */
const MISC_MOVE: ModuleMove = {
  from: 'scipy.misc',
  names: {
    comb: { module: 'scipy.special' },
    factorial: { module: 'scipy.special' },
    factorial2: { module: 'scipy.special' },
    logsumexp: { module: 'scipy.special' },
    pade: { module: 'scipy.interpolate' },
  },
};

export const miscMovedFunctions = defineRule({
  id: 'scipy.misc-moved-functions',
  title: 'scipy.misc.comb / factorial / factorial2 / logsumexp / pade → scipy.special / scipy.interpolate',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.3', date: '2019-05-17' },
  deprecatedIn: '1.0',
  explanation:
    'scipy.misc re-exported functions that had moved elsewhere: comb, factorial, factorial2 and logsumexp ' +
    '(scipy.special) and pade (scipy.interpolate). SciPy 1.0 deprecated these aliases ("use ' +
    'scipy.special.comb instead") and 1.3 removed them, so `from scipy.misc import comb` raises ImportError ' +
    'and `scipy.misc.logsumexp(…)` AttributeError. They were the same functions with the same parameters ' +
    'and defaults, so the import or the dotted use is pointed at the module they live in. factorialk ' +
    'is left alone: scipy.special.factorialk no longer defaults to exact=True, as the old alias did.',
  trigger: {
    errors: missingNameTriggers(String.raw`scipy\.misc`, '(comb|factorial2?|logsumexp|pade)'),
    pattern: true,
  },
  needles: ['misc'],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('scipy')) return [];
    return moduleMoveEdits(parsed, ctx, MISC_MOVE);
  },
});
