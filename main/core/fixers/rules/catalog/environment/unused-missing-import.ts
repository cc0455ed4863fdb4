// environment.unused-missing-import — import of a package that is not installed and whose name no cell uses, commented
// out
//
// Why it broke: the package is not installed in the environment the notebook runs in (a course's own helper package,
// a library the author tried once), and its import stops the cell it is in, often the notebook's one import cell:
// every import after it is missing, and every later cell fails with a NameError. The DS100 textbook (2018) opens each
// chapter with `import nbinteract as nbi` and never uses nbi.
// Example:
//     import numpy as np
//     import nbinteract as nbi
//     import pandas as pd
//   →
//     import numpy as np
//     # import nbinteract as nbi  # nbrevive: nbinteract is not installed here, and no cell uses nbi
//     import pandas as pd
// Fix safety: Same computed results: no code cell of the notebook mentions a name the import binds (not as a word
// anywhere in its code, comments and magics included), so no code read what it bound; a package that is missing
// could not run anything on import either.
// Left alone: not without the error (the package may be installed); an import whose names appear anywhere else in the
// notebook's code; an import inside a block (the notebook's own fallback) or sharing its line; star imports; widget
// and diagram packages (environment.widget-imports and environment.diagram-imports answer those); a submodule an
// installed library moved or removed (No module named 'sklearn.cross_validation': the module rules rename it);
// standard-library modules Python removed (python.unused-removed-module-imports).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type CellContext } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { commentOut, sourcesWithout } from './_shared';
import { DIAGRAM_PACKAGES } from './diagram-imports';
import { REMOVED_STDLIB_MODULES } from '../python/unused-removed-module-imports';

/** a top-level package that is not installed; `No module named 'sklearn.cross_validation'` (a module an installed
 * library moved or removed) is the module rules' */
const MISSING = /^No module named '(\w+)'/;

/** packages other environment rules answer: their imports are theirs */
const OTHER_RULES = new Set(['ipywidgets', 'IPython', ...DIAGRAM_PACKAGES]);

/**
 * The names a top-level import of the missing package binds (`import nbinteract as nbi` → nbi; `from missing.sub
 * import a, b` → a, b); null for other imports, star imports and `import a.b` forms that bind a package someone else
 * may import too.
 */
function boundNames(statement: Node, missing: string, parsed: ParsedSource): string[] | null {
  const under = (dotted: string) => dotted === missing || dotted.startsWith(`${missing}.`);
  if (statement.type === 'import_statement') {
    const names: string[] = [];
    for (const item of statement.childrenForFieldName('name')) {
      const alias = item.type === 'aliased_import' ? item.childForFieldName('alias') : null;
      const dotted = parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item);
      if (!under(dotted) || (!alias && dotted.includes('.'))) return null;
      names.push(alias ? parsed.text(alias) : dotted);
    }
    return names.length > 0 ? names : null;
  }
  const module = statement.childForFieldName('module_name');
  if (!module || module.type === 'relative_import' || !under(parsed.text(module).replace(/\s+/g, ''))) return null;
  const items = statement.childrenForFieldName('name');
  if (items.length === 0) return null;
  return items.map((item) =>
    parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('alias') as Node) : item),
  );
}

/** Does any code cell mention the name as a word, outside the import statement itself? */
function mentioned(name: string, statement: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  const word = new RegExp(`(?<![\\w.])${name}(?!\\w)`);
  for (const source of sourcesWithout(statement, parsed, ctx)) if (word.test(source)) return true;
  return false;
}

export const unusedMissingImport = defineRule({
  id: 'environment.unused-missing-import',
  title: 'import of a package that is not installed and whose name no cell uses, commented out',
  kind: 'environment',
  library: 'Python',
  since: { package: 'python', version: '3.0' },
  explanation:
    'Where a package the notebook imports is not installed, its import stops the cell it is in (often the ' +
    "notebook's one import cell) and every later cell fails for want of the imports after it. When no code cell " +
    'mentions any name the import binds (the DS100 textbook imports nbinteract as nbi in every chapter and never ' +
    'uses nbi), the import is commented out with a note: nothing read what it bound. An import whose names appear ' +
    'anywhere else is left alone.',
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: MISSING }] },
  errorScope: 'line',
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const error of ctx.errors) {
      const missing = MISSING.exec(error.evalue)?.[1];
      if (!missing || OTHER_RULES.has(missing) || missing in REMOVED_STDLIB_MODULES) continue;
      for (const statement of [...ctx.nodes('import_statement'), ...ctx.nodes('import_from_statement')]) {
        if (statement.parent?.type !== 'module') continue;
        const names = boundNames(statement, missing, parsed);
        if (!names || names.some((name) => mentioned(name, statement, parsed, ctx))) continue;
        const note = `# nbrevive: ${missing} is not installed here, and no cell uses ${names.join(', ')}`;
        const commented = commentOut(parsed.source, statement.startIndex, statement.endIndex, note);
        if (commented) edits.push(...commented);
      }
    }
    return edits;
  },
});
