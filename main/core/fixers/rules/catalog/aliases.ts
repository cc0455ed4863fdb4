// Rule ids that changed, old → current, so ids stored before the change keep resolving: fixes and fix memory in
// existing databases (Fix.ruleIds), a resumed job's history of failed fixes (the loop's exclude set), and ids a
// person passes to `nbrevive rules`. Ids follow '<library folder>.<what>' (catalog/index.ts); when a rule moves to
// another folder or is renamed, add its old id here rather than breaking what was stored. Never reuse an old id.

/** Old id → current id. */
export const RULE_ID_ALIASES: Readonly<Record<string, string>> = {
  // the Python 2 folder is catalog/python2/ (the ids were 'py2.<what>')
  'py2.print-statement': 'python2.print-statement',
  'py2.exec-statement': 'python2.exec-statement',
  'py2.except-comma': 'python2.except-comma',
  'py2.raise-comma': 'python2.raise-comma',
  'py2.backticks': 'python2.backticks',
  'py2.ur-prefix': 'python2.ur-prefix',
  'py2.file-execfile': 'python2.file-execfile',
  'py2.number-literals': 'python2.number-literals',
  'py2.renamed-builtins': 'python2.renamed-builtins',
  'py2.reduce-builtin': 'python2.reduce-builtin',
  'py2.dict-iterators': 'python2.dict-iterators',
  'py2.has-key': 'python2.has-key',
  'py2.dict-view-indexing': 'python2.dict-view-indexing',
  'py2.integer-division': 'python2.integer-division',
  'py2.string-module': 'python2.string-module',
  'py2.stdlib-modules': 'python2.stdlib-modules',
  'py2.iterator-builtins': 'python2.iterator-builtins',
  'py2.list-valued-variables': 'python2.list-valued-variables',
  'py2.sort-cmp': 'python2.sort-cmp',
  'py2.not-equal-operator': 'python2.not-equal-operator',
  'py2.sys-names': 'python2.sys-names',
  'py2.next-method': 'python2.next-method',
  'py2.tuple-parameters': 'python2.tuple-parameters',
  'py2.integer-division-sizes': 'python2.integer-division-sizes',
  'py2.implicit-relative-import': 'python2.implicit-relative-import',
  'py2.helper-module-builtins': 'python2.helper-module-builtins',
  'py2.removed-builtins': 'python2.removed-builtins',
  'py2.function-attributes': 'python2.function-attributes',
  'py2.sys-exc-attributes': 'python2.sys-exc-attributes',
  'py2.operator-functions': 'python2.operator-functions',
  'py2.types-constants': 'python2.types-constants',
  'py2.metaclass-attribute': 'python2.metaclass-attribute',
  'py2.special-method-names': 'python2.special-method-names',
  'py2.xreadlines': 'python2.xreadlines',
  'py2.except-unpacking': 'python2.except-unpacking',
  'py2.comprehension-bare-tuple': 'python2.comprehension-bare-tuple',
  'py2.map-none': 'python2.map-none',
  'py2.more-renamed-modules': 'python2.more-renamed-modules',
  'py2.dict-view-lists': 'python2.dict-view-lists',
  // NumPy 2.0's migration rules joined catalog/numpy/ (the ids were 'numpy2.<what>')
  'numpy2.moved-members': 'numpy.moved-members',
  'numpy2.removed-members': 'numpy.removed-members',
  'numpy2.lib-namespace': 'numpy.lib-namespace',
  'numpy2.array-copy-false': 'numpy.array-copy-false',
  'numpy2.tostring': 'numpy.tostring',
  'numpy2.ndarray-methods': 'numpy.ndarray-methods',
  'numpy2.compat-module': 'numpy.compat-module',
};

/** The current id of a rule id (itself when it never changed). */
export function resolveRuleId(id: string): string {
  return Object.hasOwn(RULE_ID_ALIASES, id) ? (RULE_ID_ALIASES[id] as string) : id;
}
