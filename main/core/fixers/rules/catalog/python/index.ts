// The python rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// Python 2 → 3: statements and builtins that Python 3 removed (print/exec statements, xrange, iteritems,
// has_key, `except E, e`, octal literals, renamed stdlib modules), plus the py2 helper-package patterns that
// show up when a notebook imports its author's own modules.
//
// Python 3.11–3.14: standard-library names removed with a documented replacement that old notebooks use
// (Doc/whatsnew/3.12.rst "Removed", 3.13.rst "PEP 594: dead batteries" and "typing", and 3.11's random.sample).
// Each entry applies only where the environment's Python has the removal. Modules removed without a
// replacement (asynchat, asyncore, imghdr, telnetlib …) are left alone: there is nothing equivalent to write.
//
// Removals that the libraries' changelogs give an exact replacement for, written by hand (issue 18): SciPy 1.12's
// removal of the NumPy functions re-exported from the scipy namespace, scikit-learn's SCORERS dict (1.3) and
// LogisticRegression's default solver (0.22, for the l1 penalty it cannot fit), matplotlib's 'spectral' colormap
// (2.2) and scatter's empty colour string. Each rewrite keeps what the code computes; changes whose replacement
// computes something else (AdaBoostClassifier's algorithm='SAMME.R', removed in 1.6: 'SAMME' gives other
// predictions) have no rule here on purpose, so the loop reports them as having none.
export { jsonEncodingArgument } from './json-encoding-argument';
export { htmlParserUnescape } from './html-parser-unescape';
export { removedStdlibNames } from './removed-stdlib-names';
export { removedStdlib312 } from './removed-stdlib-3-12';
export { unusedRemovedModuleImports } from './unused-removed-module-imports';
export { distutilsVersion } from './distutils-version';
export { unittestAliases } from './unittest-aliases';
export { configparserReadfp } from './configparser-readfp';
export { randomSampleSet } from './random-sample-set';
export { openUniversalMode } from './open-universal-mode';
export { removedMethods39 } from './removed-methods-3-9';
export { regexGlobalFlags } from './regex-global-flags';
export { objectFormatSpec } from './object-format-spec';
export { namedtupleVars } from './namedtuple-vars';
export { missingImport } from './missing-import';
