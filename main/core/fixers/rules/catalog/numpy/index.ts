// The numpy rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// NumPy: aliases and functions removed between 1.14 and 2.0 (np.float & co in 1.24, asscalar in 1.23,
// histogram(normed) in 1.24, np.warnings in 1.24, the 2.0 namespace cleanup).
//
// NumPy 2.0's namespace cleanup, rule by rule from its migration guide (doc/source/numpy_2_0_migration_guide.rst,
// "Main namespace", "numpy.lib namespace", "ndarray and scalar methods", "Adapting to changes in the copy
// keyword") and the member list of ruff's NPY201 check. 2-removed-aliases.ts has the pure renames (np.NaN, np.float_,
// np.product …); moved-members.ts and its neighbours have the members that move to a submodule, become an
// expression or a call of another shape, the emptied np.lib, np.compat, the removed ndarray methods and
// np.array(copy=False). Every rule is also pattern-triggered: a removed member inside a function the notebook
// has not called yet fails later, so it is fixed before it runs. Code in an `except` clause is left alone: it is the
// fallback of a try that already uses the new name (the compatibility idiom ruff also exempts). Members the guide gives
// no equivalent for (np.sctypes, np.maximum_sctype, np.who, np.deprecate, np.set_string_function, np.lookfor) are left
// for a person.
//
// NumPy 2 printing: NEP 51 (NumPy 2.0) made scalar reprs carry their type, so a notebook that printed `0.7728`
// in its era prints `np.float64(0.7728)` today, in every list, tuple, dict and bare expression that shows a
// scalar. NumPy keeps the old printing behind a documented switch, `np.set_printoptions(legacy='1.25')` (the
// `legacy` parameter of numpy.set_printoptions: "'1.25' approximates printing of 1.25 which mainly means that
// numeric scalars are printed without their type information"). This rule sets it once, right after the
// notebook's first numpy import, so its outputs stay comparable with the author's. It changes what is printed,
// never what is computed.
export { builtinTypeAliases } from './builtin-type-aliases';
export { asscalar } from './asscalar';
export { rank } from './rank';
export { histogramNormed } from './histogram-normed';
export { warningsModule } from './warnings-module';
export { printoptionsThresholdNan } from './printoptions-threshold-nan';
export { removedAliases2 } from './2-removed-aliases';
export { removedBareNames2 } from './2-removed-bare-names';
export { starImportBuiltins } from './star-import-builtins';
export { raggedArrayDtype } from './ragged-array-dtype';
export { removedFunctions } from './removed-functions';
export { integerNegativePower } from './integer-negative-power';
export { movedMembers } from './moved-members';
export { removedMembers } from './removed-members';
export { libNamespace } from './lib-namespace';
export { privateSubmodules } from './private-submodules';
export { arrayCopyFalse } from './array-copy-false';
export { tostring } from './tostring';
export { sumGenerator } from './sum-generator';
export { floatIndex } from './float-index';
export { ndarrayMethods } from './ndarray-methods';
export { compatModule } from './compat-module';
export { arrayToScalar } from './array-to-scalar';
// NumPy 1.12: a Python list indexed by a one-element array (np.where(…)[0]) → np.asarray(i).item().
export { sequenceArrayIndex } from './sequence-array-index';
export { plotCoordinateArrays } from './plot-coordinate-arrays';
export { histogramFloatBins } from './histogram-float-bins';
export { legacyScalarPrinting } from './legacy-scalar-printing';
