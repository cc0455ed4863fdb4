// What the notebook's imports bind: local name → qualified name (`np` → numpy, `RFC` →
// sklearn.ensemble.RandomForestClassifier), collected over all cells, so a rule can tell that `ske.
// RandomForestClassifier(...)` or `lm.LogisticRegression()` is the scikit-learn class it is about.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../python/python-parser';

/**
 * Names a module re-exports under a short alias, by the qualified name they are: pylab (and matplotlib.pylab, its
 * body) does `import numpy as np`, `import matplotlib as mpl` and `from matplotlib import pyplot as plt`, so books
 * wrote `from pylab import plt, mpl` (Hilpisch's Python for Finance) and `pylab.plt.figure()`. Without this a rule
 * about `plt.style.use` or `plt.hist` would not recognize `plt` as matplotlib.pyplot there.
 */
const REEXPORTS: Readonly<Record<string, string>> = {
  'pylab.plt': 'matplotlib.pyplot',
  'pylab.mpl': 'matplotlib',
  'pylab.np': 'numpy',
  'matplotlib.pylab.plt': 'matplotlib.pyplot',
  'matplotlib.pylab.mpl': 'matplotlib',
  'matplotlib.pylab.np': 'numpy',
};

/**
 * The qualified name with a re-exported alias at its head spelled as what it is (`pylab.plt.hist` →
 * matplotlib.pyplot.hist).
 */
export function canonicalName(qualified: string): string {
  for (const [alias, target] of Object.entries(REEXPORTS)) {
    if (qualified === alias || qualified.startsWith(`${alias}.`)) return target + qualified.slice(alias.length);
  }
  return qualified;
}

export class ImportTable {
  /** local name → qualified dotted name */
  readonly bindings = new Map<string, string>();
  /** modules imported with `from M import *` */
  readonly starModules: string[] = [];
  /** every module named in an import statement */
  readonly modules = new Set<string>();
  /** names the imports bind to different things (`import datetime` and `from datetime import datetime`) */
  readonly rebound = new Set<string>();

  /** Combines per-cell tables in cell order (a later import of the same name wins, as at run time). */
  static merge(tables: Iterable<ImportTable>): ImportTable {
    const merged = new ImportTable();
    for (const table of tables) {
      for (const [name, target] of table.bindings) merged.bind(name, target);
      for (const name of table.rebound) merged.rebound.add(name);
      merged.starModules.push(...table.starModules);
      for (const module of table.modules) merged.modules.add(module);
    }
    return merged;
  }

  static fromCells(cells: Iterable<ParsedSource>): ImportTable {
    const table = new ImportTable();
    for (const parsed of cells) table.add(parsed);
    return table;
  }

  add(parsed: ParsedSource): void {
    for (const statement of parsed.nodes('import_statement')) {
      for (const item of statement.childrenForFieldName('name')) {
        if (item.type === 'aliased_import') {
          const name = item.childForFieldName('name');
          const alias = item.childForFieldName('alias');
          if (!name || !alias) continue;
          this.modules.add(parsed.text(name));
          this.bind(parsed.text(alias), parsed.text(name));
        } else {
          const module = parsed.text(item);
          this.modules.add(module);
          const head = module.split('.')[0] as string;
          this.bind(head, head);
        }
      }
    }
    for (const statement of parsed.nodes('import_from_statement')) {
      const moduleNode = statement.childForFieldName('module_name');
      if (!moduleNode || moduleNode.type === 'relative_import') continue;
      const module = parsed.text(moduleNode).replace(/\s+/g, '');
      this.modules.add(module);
      if (statement.namedChildren.some((c) => c.type === 'wildcard_import')) {
        this.starModules.push(module);
        continue;
      }
      for (const item of statement.childrenForFieldName('name')) {
        if (item.type === 'aliased_import') {
          const name = item.childForFieldName('name');
          const alias = item.childForFieldName('alias');
          if (name && alias) this.bind(parsed.text(alias), canonicalName(`${module}.${parsed.text(name)}`));
        } else {
          this.bind(parsed.text(item), canonicalName(`${module}.${parsed.text(item)}`));
        }
      }
    }
  }

  /** A later import of the same name wins; a name bound to two different things is also noted as rebound. */
  private bind(name: string, target: string): void {
    const before = this.bindings.get(name);
    if (before !== undefined && before !== target) this.rebound.add(name);
    this.bindings.set(name, target);
  }

  /** Is this module (or a submodule of it) imported anywhere? */
  imports(module: string): boolean {
    for (const m of this.modules) if (m === module || m.startsWith(`${module}.`)) return true;
    return false;
  }

  /** The local name bound to exactly this module (`numpy` → 'np'), or null. */
  aliasFor(qualified: string): string | null {
    for (const [local, target] of this.bindings) if (target === qualified) return local;
    return null;
  }

  /**
   * The qualified name of an identifier or attribute chain (`ske.RandomForestClassifier` →
   * 'sklearn.ensemble.RandomForestClassifier'), or null when its head is not an imported name.
   */
  resolve(node: Node | null, parsed: ParsedSource): string | null {
    if (!node) return null;
    if (node.type === 'identifier') return this.bindings.get(parsed.text(node)) ?? null;
    if (node.type === 'attribute') {
      const object = this.resolve(node.childForFieldName('object'), parsed);
      const attribute = node.childForFieldName('attribute');
      return object && attribute ? canonicalName(`${object}.${parsed.text(attribute)}`) : null;
    }
    return null;
  }

  /**
   * Does the node name the symbol `module.Name`, or a `Name` that a star import or a deeper (private) module
   * of the same package provides? `module` may be a package prefix: ('sklearn', 'RandomForestClassifier')
   * matches sklearn.ensemble.RandomForestClassifier and sklearn.ensemble.forest.RandomForestClassifier.
   */
  refersTo(node: Node | null, parsed: ParsedSource, module: string, names: readonly string[]): string | null {
    if (!node) return null;
    const qualified = this.resolve(node, parsed);
    if (qualified) {
      const last = qualified.slice(qualified.lastIndexOf('.') + 1);
      if (names.includes(last) && qualified.startsWith(`${module}.`)) return last;
      return null;
    }
    if (node.type === 'identifier') {
      const name = parsed.text(node);
      if (names.includes(name) && this.starModules.some((m) => m === module || m.startsWith(`${module}.`))) return name;
    }
    return null;
  }
}
