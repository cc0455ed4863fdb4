// The python2 rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// Python 2 → 3: statements and builtins that Python 3 removed (print/exec statements, xrange, iteritems,
// has_key, `except E, e`, octal literals, renamed stdlib modules), plus the py2 helper-package patterns that
// show up when a notebook imports its author's own modules.
//
// Python 2 → 3, the mechanisms of lib2to3's fixers (Lib/lib2to3/fixes, Python ≤ 3.12) that the Python 2 rules above do
// not cover: apply/buffer/intern/StandardError, function and method attributes (func_name, im_self …), sys.exc_type
// and sys.exitfunc, os.getcwdu, the operator module's removed functions, types.StringType & co, __metaclass__,
// __nonzero__ / next / __div__ methods, file.xreadlines, `except E, (a, b)`, `[x for x in 1, 2]`, map(None, …),
// the renamed modules fix_imports lists beyond the common ones, and dict views where Python 2 code needed the list
// (printed, compared, or iterated while the dict changes). Each rewrite keeps what the Python 2 code computed; a
// name the notebook defines itself (its own `apply`, a variable called `buffer`) is left alone.
export { mixedTabsIndentation } from './mixed-tabs-indentation';
export { printStatement } from './print-statement';
export { execStatement } from './exec-statement';
export { exceptComma } from './except-comma';
export { raiseComma } from './raise-comma';
export { backticks } from './backticks';
export { urPrefix } from './ur-prefix';
export { fileExecfile } from './file-execfile';
export { numberLiterals } from './number-literals';
export { renamedBuiltins } from './renamed-builtins';
export { reduceBuiltin } from './reduce-builtin';
export { dictIterators } from './dict-iterators';
export { hasKey } from './has-key';
export { dictViewIndexing } from './dict-view-indexing';
export { integerDivision } from './integer-division';
export { stringModule } from './string-module';
export { stdlibModules } from './stdlib-modules';
export { iteratorBuiltins } from './iterator-builtins';
export { listValuedVariables } from './list-valued-variables';
export { iteratorAssignments } from './iterator-assignments';
export { iteratorArrayArguments } from './iterator-array-arguments';
export { sortCmp } from './sort-cmp';
export { mixedTypeOrdering } from './mixed-type-ordering';
export { lenOfComparison } from './len-of-comparison';
export { notEqualOperator } from './not-equal-operator';
export { sysNames } from './sys-names';
export { nextMethod } from './next-method';
export { tupleParameters } from './tuple-parameters';
export { integerDivisionSizes } from './integer-division-sizes';
// Python 2's / on numpy integer arrays (floor_divide) → // in a Python 2 notebook.
export { numpyIntegerDivision } from './numpy-integer-division';
export { implicitRelativeImport } from './implicit-relative-import';
export { helperModuleBuiltins } from './helper-module-builtins';
export { removedBuiltins } from './removed-builtins';
export { functionAttributes } from './function-attributes';
export { sysExcAttributes } from './sys-exc-attributes';
export { operatorFunctions } from './operator-functions';
export { operatorRemovedImports } from './operator-removed-imports';
export { typesConstants } from './types-constants';
export { metaclassAttribute } from './metaclass-attribute';
export { specialMethodNames } from './special-method-names';
export { xreadlines } from './xreadlines';
export { openTextEncoding } from './open-text-encoding';
export { binaryFileModes } from './binary-file-modes';
export { exceptUnpacking } from './except-unpacking';
export { comprehensionBareTuple } from './comprehension-bare-tuple';
export { mapNone } from './map-none';
export { moreRenamedModules } from './more-renamed-modules';
export { dictViewLists } from './dict-view-lists';
export { exceptionMessage } from './exception-message';
export { cmpBuiltin } from './cmp-builtin';
export { strDecode } from './str-decode';
export { translateDeletechars } from './translate-deletechars';
export { encodeToText } from './encode-to-text';
