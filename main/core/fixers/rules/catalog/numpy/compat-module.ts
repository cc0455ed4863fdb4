// numpy.compat-module — from numpy.compat import long, unicode, Path … → the Python 3 names
//
// Why it broke: NumPy 2.0 (2024-06-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/2.0.0-notes.html
// Example:
//     from numpy.compat import long, unicode as text, Path
//     n = np.compat.long(5)
//   →
//     long = int
//     text = str
//     from pathlib import Path
//     n = int(5)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.0; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: an unknown np.compat name leaves the import alone.
import { defineRule, type CellContext } from '../../rule';
import type { ParsedSource } from '../../../../python/python-parser';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { fromImportNames } from '../helpers';
import { NUMPY2, GUIDE, inExceptClause } from './_shared';

/** np.compat's Python 2/3 helpers and what they were on Python 3. */
const COMPAT: Record<string, { value?: string; from?: string; name?: string }> = {
  long: { value: 'int' },
  unicode: { value: 'str' },
  basestring: { value: 'str' },
  bytes: { value: 'bytes' },
  integer_types: { value: '(int,)' },
  Path: { from: 'pathlib' },
  pickle: { from: '', name: 'pickle' },
  os_fspath: { from: 'os', name: 'fspath' },
  contextlib_nullcontext: { from: 'contextlib', name: 'nullcontext' },
  // numpy/compat/py3k.py on Python 3: latin-1 conversions between bytes and str
  asbytes: { value: "(lambda s: s if isinstance(s, bytes) else str(s).encode('latin1'))" },
  asstr: { value: "(lambda s: s.decode('latin1') if isinstance(s, bytes) else str(s))" },
  asunicode: { value: "(lambda s: s.decode('latin1') if isinstance(s, bytes) else str(s))" },
  strchar: { value: "'U'" },
};

/** The module statement `import numpy.compat` (the removed submodule) → `import numpy`, which binds the same name. */
function compatModuleImports(parsed: ParsedSource, ctx: CellContext, edits: SourceEdit[]): void {
  for (const statement of ctx.nodes('import_statement')) {
    const names = statement.childrenForFieldName('name');
    if (
      names.length === 1 &&
      names[0]?.type === 'dotted_name' &&
      /^numpy\.compat(\.py3k)?$/.test(parsed.text(names[0]))
    )
      edits.push(replaceNode(statement, 'import numpy'));
  }
}

/** np.compat.long, numpy.compat.asstr(b): an attribute of the module → its Python 3 value. */
function compatAttributes(parsed: ParsedSource, ctx: CellContext, edits: SourceEdit[]): void {
  for (const attr of ctx.nodes('attribute')) {
    const qualified = ctx.imports.resolve(attr, parsed);
    const match = qualified ? /^numpy\.compat(?:\.py3k)?\.(\w+)$/.exec(qualified) : null;
    const spec = match ? COMPAT[match[1] as string] : undefined;
    if (spec?.value !== undefined) edits.push(replaceNode(attr, spec.value));
  }
}

export const compatModule = defineRule({
  id: 'numpy.compat-module',
  title: 'from numpy.compat import long, unicode, Path … → the Python 3 names',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 removed np.compat ("There's no replacement, as Python 2 is no longer supported", ${GUIDE}); on Python 3 its helpers were plain names: long → int, unicode/basestring → str, integer_types → (int,), asbytes/asstr/asunicode → their latin-1 conversions, Path → pathlib.Path, os_fspath → os.fspath, contextlib_nullcontext → contextlib.nullcontext, pickle → pickle. The import becomes those bindings under the notebook's names, an attribute (np.compat.long) its value, import numpy.compat plain import numpy; an import of anything else from np.compat is left alone.`,
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'numpy\.compat'/ },
      { ename: 'AttributeError', evalue: /module 'numpy' has no attribute 'compat'/ },
    ],
    pattern: true,
  },
  needles: ['numpy.compat', '.compat.'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    compatModuleImports(parsed, ctx, edits);
    compatAttributes(parsed, ctx, edits);
    for (const statement of ctx.nodes('import_from_statement')) {
      if (inExceptClause(statement, parsed)) continue;
      const moduleNode = statement.childForFieldName('module_name');
      if (!moduleNode || !/^numpy\.compat(\.py3k)?$/.test(parsed.text(moduleNode).replace(/\s+/g, ''))) continue;
      const items = fromImportNames(statement, parsed);
      if (items.length === 0 || !items.every((i) => i.name in COMPAT)) continue;
      const indent = parsed.source.slice(
        parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1,
        statement.startIndex,
      );
      const lines = items.map(({ name, local }) => {
        const spec = COMPAT[name] as (typeof COMPAT)[string];
        if (spec.value !== undefined) return `${local} = ${spec.value}`;
        const target = spec.name ?? name;
        if (spec.from === '') return target === local ? `import ${target}` : `import ${target} as ${local}`;
        return `from ${spec.from as string} import ${target === local ? target : `${target} as ${local}`}`;
      });
      edits.push(replaceNode(statement, lines.join(`\n${indent}`)));
    }
    return edits;
  },
});
