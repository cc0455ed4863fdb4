// environment.diagram-imports — import pydot / pydotplus / graphviz guarded when the package is missing, so the rest
// of the import cell runs
//
// Why it broke: the package that renders a decision tree's diagram (export_graphviz's DOT text drawn by pydot,
// pydotplus or graphviz) is not installed in the environment the notebook runs in. Its import usually sits in the
// notebook's one import cell, and the ModuleNotFoundError stops that cell: every import after it is missing, and
// every later cell fails with a NameError.
// Example:
//     import pandas as pd
//     import pydot
//     from sklearn.tree import DecisionTreeRegressor, export_graphviz
//   →
//     import pandas as pd
//     try:
//         import pydot
//     except ImportError:  # nbrevive: pydot is not installed here; it only draws diagrams
//         pydot = None
//     from sklearn.tree import DecisionTreeRegressor, export_graphviz
// An import of several modules (import pydot, StringIO) is split: the diagram package guarded, the others imported
// on the next line as before.
// Fix safety: Same computed results: these packages only turn DOT text into pictures. The cells that draw still fail
// (on None), alone; the models, scores and tables the notebook computes run as before.
// Left alone: not without the error (the package may be installed); an import inside a block or sharing its line
// with another statement; other packages.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';

export const DIAGRAM_PACKAGES = ['pydot', 'pydotplus', 'graphviz'];

const MISSING = new RegExp(`^No module named '(${DIAGRAM_PACKAGES.join('|')})'`);

/**
 * What a top-level import of a missing diagram package binds: the names to set to None, the import to guard and,
 * for `import pydot, io`, the import of the other modules, which stays unguarded; null for other imports.
 */
function guardedImport(
  statement: Node,
  missing: ReadonlySet<string>,
  text: (n: Node) => string,
): { names: string[]; guarded: string; others: string | null } | null {
  if (statement.type === 'import_statement') {
    const names: string[] = [];
    const guarded: string[] = [];
    const others: string[] = [];
    for (const item of statement.childrenForFieldName('name')) {
      const dotted = item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item;
      const root = text(dotted).split('.')[0] as string;
      if (!missing.has(root)) {
        others.push(text(item));
        continue;
      }
      guarded.push(text(item));
      names.push(item.type === 'aliased_import' ? text(item.childForFieldName('alias') as Node) : root);
    }
    if (guarded.length === 0) return null;
    return {
      names,
      guarded: others.length === 0 ? text(statement) : `import ${guarded.join(', ')}`,
      others: others.length === 0 ? null : `import ${others.join(', ')}`,
    };
  }
  const module = statement.childForFieldName('module_name');
  if (!module || !missing.has(text(module).split('.')[0] as string)) return null;
  const items = statement.childrenForFieldName('name');
  if (items.length === 0) return null; // a star import binds names no one can list
  const names = items.map((item) =>
    text(item.type === 'aliased_import' ? (item.childForFieldName('alias') as Node) : item),
  );
  return { names, guarded: text(statement), others: null };
}

export const diagramImports = defineRule({
  id: 'environment.diagram-imports',
  title: 'import pydot / pydotplus / graphviz guarded when the package is missing, so the rest of the import cell runs',
  kind: 'environment',
  library: 'Python',
  since: { package: 'python', version: '3.0' },
  explanation:
    "pydot, pydotplus and graphviz only turn a tree's DOT text (export_graphviz) into a picture. " +
    "Where the package is not installed, its import stops the cell it is in, often the notebook's " +
    'one import cell, and every later cell fails for want of the imports after it. The import ' +
    'is guarded (try/except ImportError binding None) so the rest of the cell runs; the cells ' +
    'that draw the diagram still fail, on their own, and nothing the notebook computes changes.',
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: MISSING }] },
  errorScope: 'cell',
  needles: DIAGRAM_PACKAGES,
  apply(parsed, ctx) {
    const missing = new Set(ctx.errors.map((e) => MISSING.exec(e.evalue)?.[1]).filter((m) => m !== undefined));
    if (missing.size === 0) return [];
    const edits: SourceEdit[] = [];
    for (const statement of [...ctx.nodes('import_statement'), ...ctx.nodes('import_from_statement')]) {
      if (statement.parent?.type !== 'module') continue;
      const found = guardedImport(statement, missing, (n) => parsed.text(n));
      if (!found) continue;
      const { names, guarded, others } = found;
      const lineStart = parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1;
      const eol = parsed.source.indexOf('\n', statement.endIndex);
      const rest = parsed.source.slice(statement.endIndex, eol === -1 ? parsed.source.length : eol).trim();
      if (parsed.source.slice(lineStart, statement.startIndex).trim() !== '' || (rest !== '' && !rest.startsWith('#')))
        continue;
      const packages = DIAGRAM_PACKAGES.filter((p) => missing.has(p) && parsed.text(statement).includes(p)).join(', ');
      edits.push(
        replaceNode(
          statement,
          `try:\n    ${guarded}\nexcept ImportError:  # nbrevive: ${packages} is not installed here; it only draws diagrams\n${names.map((n) => `    ${n} = None`).join('\n')}${others ? `\n${others}` : ''}`,
        ),
      );
    }
    return edits;
  },
});
