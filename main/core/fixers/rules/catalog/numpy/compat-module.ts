// numpy.compat-module — from numpy.compat import long, unicode, Path … → the Python 3 names
//
// Why it broke: NumPy 2.0 (2024-06-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/2.0.0-notes.html
// Example:
//     from numpy.compat import long, unicode as text, Path
//   →
//     long = int
//     text = str
//     from pathlib import Path
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.0; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: an unknown np.compat name leaves the import alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
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
};

export const compatModule = defineRule({
  id: 'numpy.compat-module',
  title: 'from numpy.compat import long, unicode, Path … → the Python 3 names',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 removed np.compat ("There's no replacement, as Python 2 is no longer supported", ${GUIDE}); on Python 3 its helpers were plain names: long → int, unicode/basestring → str, integer_types → (int,), Path → pathlib.Path, os_fspath → os.fspath, contextlib_nullcontext → contextlib.nullcontext, pickle → pickle. The import becomes those bindings under the notebook's names; an import of anything else from np.compat is left alone.`,
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: /No module named 'numpy\.compat'/ }], pattern: true },
  needles: ['numpy.compat'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      if (inExceptClause(statement, parsed)) continue;
      const moduleNode = statement.childForFieldName('module_name');
      if (!moduleNode || !/^numpy\.compat(\.py3k)?$/.test(parsed.text(moduleNode).replace(/\s+/g, ''))) continue;
      const items = statement.childrenForFieldName('name').map((node) =>
        node.type === 'aliased_import'
          ? {
              name: parsed.text(node.childForFieldName('name') as Node),
              local: parsed.text(node.childForFieldName('alias') as Node),
            }
          : { name: parsed.text(node), local: parsed.text(node) },
      );
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
