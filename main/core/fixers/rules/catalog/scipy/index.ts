// The scipy rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// Removals that the libraries' changelogs give an exact replacement for, written by hand (issue 18): SciPy 1.12's
// removal of the NumPy functions re-exported from the scipy namespace, scikit-learn's SCORERS dict (1.3) and
// LogisticRegression's default solver (0.22, for the l1 penalty it cannot fit), matplotlib's 'spectral' colormap
// (2.2) and scatter's empty colour string. Each rewrite keeps what the code computes; changes whose replacement
// computes something else (AdaBoostClassifier's algorithm='SAMME.R', removed in 1.6: 'SAMME' gives other
// predictions) have no rule here on purpose, so the loop reports them as having none.
export { numpyAliases } from './numpy-aliases';
export { miscMovedFunctions } from './misc-moved-functions';
export { starImportNumpy } from './star-import-numpy';
export { statsModeKeepdims } from './stats-mode-keepdims';
export { signalWindows } from './signal-windows';
export { sparseDenseAttributes } from './sparse-dense-attributes';
export { removedFunctions } from './removed-functions';
// SciPy 1.6–1.17: linalg.triu/tril/kron → numpy; stats.frechet_r/frechet_l → weibull_min/weibull_max.
export { renamedFunctions } from './renamed-functions';
// SciPy 1.9–1.14: solve(sym_pos=True), eigh(eigvals=…), query(n_jobs=…), pdist positional p, median_absolute_deviation.
export { removedKeywords } from './removed-keywords';
// SciPy 1.14 removed integrate.simps: the even='avg' it computed before 1.11, from simpson and trapezoid.
export { simpsEvenAverage } from './simps-even-average';
// SciPy 1.11: minimize refuses an x0 that is not 1-D (it flattened it before 1.9): np.ravel(x0).
export { minimizeX0Flatten } from './minimize-x0-flatten';
