// scipy.renamed-functions — scipy.linalg.triu / tril / kron → numpy.triu / tril / kron, stats.frechet_r / frechet_l →
// stats.weibull_min / weibull_max
//
// Why it broke: SciPy removed names that were aliases of functions living elsewhere: scipy.stats.frechet_r and
// frechet_l in 1.6.0 (2020-12-31; deprecated in 1.3: "The distribution frechet_r is a synonym for weibull_min"),
// scipy.linalg.triu and tril in 1.13.0 (2024-04-02; deprecated in 1.11 for numpy.triu / numpy.tril) and
// scipy.linalg.kron in 1.17.0 (2026-01-10; deprecated in 1.15 "in favour of numpy.kron"), so the dotted use raises
// AttributeError and the from-import ImportError.
// Changelog: https://docs.scipy.org/doc/scipy/release/1.3.0-notes.html#deprecated-features
// Changelog: https://docs.scipy.org/doc/scipy/release/1.6.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.11.0-notes.html#deprecated-features
// Changelog: https://docs.scipy.org/doc/scipy/release/1.13.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.15.0-notes.html#deprecated-features
// Example:
//     from scipy.linalg import kron, triu
//     from scipy import stats
//     K = kron(A, B)
//     U = triu(M, 1)
//     p = stats.frechet_r.pdf(x, 2)
//   →
//     from numpy import kron, triu
//     from scipy import stats
//     K = kron(A, B)
//     U = triu(M, 1)
//     p = stats.weibull_min.pdf(x, 2)
// Fix safety: Same result for numbers: scipy.linalg's triu and tril computed numpy's on finite numeric arrays (the
// deprecation named them as the replacement, same k argument), scipy.linalg.kron(a, b) was numpy.kron for the 2-D
// arrays it accepted, and frechet_r / frechet_l were the weibull_min / weibull_max distribution objects under another
// name (same shape parameter c, loc and scale). Two inputs differ: SciPy multiplied by a mask where numpy writes zeros,
// so a NaN or inf in the zeroed triangle stayed NaN there and becomes 0 now, and a bool array came back as int64
// where numpy keeps bool.
// Left alone: names of the notebook's own, and numpy's own triu/tril/kron.
import { defineRule } from '../../rule';
import { missingNameTriggers } from '../helpers';
import { moduleMoveEdits, type ModuleMove } from '../module-moves';

const MOVES: ModuleMove[] = [
  {
    from: 'scipy.linalg',
    names: { triu: { module: 'numpy' }, tril: { module: 'numpy' }, kron: { module: 'numpy' } },
  },
  {
    from: 'scipy.stats',
    names: { frechet_r: { name: 'weibull_min' }, frechet_l: { name: 'weibull_max' } },
  },
];

export const renamedFunctions = defineRule({
  id: 'scipy.renamed-functions',
  title:
    'scipy.linalg.triu / tril / kron → numpy.triu / tril / kron, stats.frechet_r / frechet_l → stats.weibull_min / weibull_max',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.6', date: '2020-12-31' },
  deprecatedIn: '1.3',
  explanation:
    'SciPy removed aliases of functions that live elsewhere: stats.frechet_r / frechet_l (synonyms of weibull_min / ' +
    'weibull_max, deprecated in 1.3, removed in 1.6), linalg.triu / tril (deprecated in 1.11 for numpy.triu / ' +
    'numpy.tril, removed in 1.13) and linalg.kron (deprecated in 1.15 for numpy.kron, removed in 1.17). The import ' +
    'or the dotted use is pointed at the function they were.',
  trigger: {
    errors: [
      ...missingNameTriggers(String.raw`scipy\.linalg`, '(triu|tril|kron)'),
      ...missingNameTriggers(String.raw`scipy\.stats`, '(frechet_r|frechet_l)'),
    ],
    pattern: true,
  },
  needles: ['triu', 'tril', 'kron', 'frechet_'],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('scipy')) return [];
    return MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});
