// python.missing-import — a name the notebook uses but never imports (its import ran in a cell later deleted) → the
// import, by the library's conventional alias or from the one library the notebook imports that makes it public
//
// Why it broke: not a library change but the author's hidden state: the notebook was saved from a kernel in which an
// import had run in a cell the author later deleted or rewrote (`from sklearn import neighbors`, `import numpy as
// np`, a Kaggle kernel's import cell dropped when it was copied), so a fresh run raises NameError: name 'neighbors'
// is not defined, in every Python and library version.
// Changelog: https://numpy.org/doc/stable/user/absolute_beginners.html
// Changelog: https://pandas.pydata.org/docs/user_guide/10min.html
// Changelog: https://matplotlib.org/stable/users/explain/quick_start.html
// Changelog: https://seaborn.pydata.org/tutorial/introduction.html
// Changelog: https://www.statsmodels.org/stable/importpaths.html
// Changelog: https://docs.scipy.org/doc/scipy/tutorial/stats.html
// Example:
//     from sklearn.model_selection import train_test_split
//     knn = neighbors.KNeighborsClassifier(n_neighbors=5)
//     df = pd.DataFrame({'a': [1, 2]})
//   →
//     from sklearn import neighbors
//     import pandas as pd
//     from sklearn.model_selection import train_test_split
//     knn = neighbors.KNeighborsClassifier(n_neighbors=5)
//     df = pd.DataFrame({'a': [1, 2]})
// Fix safety: A cell whose NameError names the name computed nothing from it (the name is bound nowhere in the
// notebook, so every cell that reads it failed), so adding the import changes only cells that failed. The import is
// the name's conventional alias (the libraries' own documentation: np, pd, plt, mpl, sns, sm, smf, stats, xgb, lgb,
// tf), a standard-library module every use reads as a module (os, sys, re, math, json, time …: `import os`), or,
// asked of the runtime, the one public module of a library the notebook already imports that has the name:
// the same object re-exported along several paths is imported from its shortest public path (the module whose
// `__all__` lists it); two different objects of that name (scipy.stats.norm, numpy.linalg.norm) is no answer.
// Left alone: a name the notebook binds anywhere (an assignment, def, class, loop, with/as, comprehension, global,
// import: then it is out of order, not missing); a notebook with a star import, %pylab, %run, %load, %store,
// exec or globals(), which bind names no reading of the cells sees; Python 2 builtins (python2.* rules); random
// and datetime (numpy.random's functions; the class of `from datetime import datetime`) and a standard-library module
// also called bare (`time()`); a name of a library the notebook does not import; a name that math, random,
// statistics, itertools … also have as another object (randint, choice, seed, trunc, mode: `from random import
// randint` draws up to its upper bound, numpy.random's randint below it).
import type { Node } from 'web-tree-sitter';
import type { CellError } from '../../../../../../shared/models/execution';
import type { Notebook } from '../../../../../../shared/models/notebook';
import { loadPythonParser, type ParsedSource } from '../../../../python/python-parser';
import { cellBindings } from '../../bindings';
import { ImportTable } from '../../imports';
import { NAME_NOT_DEFINED, STDLIB_HEADS, type PublicNameSource } from '../../public-names';
import { defineRule, packageVersion, type CellContext } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { definesName } from '../../syntax';
import { insertAtCellTop } from '../helpers';

/**
 * Conventional aliases, each the one its library's documentation writes (NumPy's "absolute basics", pandas' "10
 * minutes", matplotlib's quick start, seaborn's introduction, statsmodels' "Import Paths", SciPy's stats tutorial,
 * XGBoost's and LightGBM's Python intros, TensorFlow's guides): the import line and the distribution it needs.
 */
export const CONVENTIONAL_ALIASES: Readonly<Record<string, { line: string; distribution: string }>> = {
  np: { line: 'import numpy as np', distribution: 'numpy' },
  pd: { line: 'import pandas as pd', distribution: 'pandas' },
  plt: { line: 'import matplotlib.pyplot as plt', distribution: 'matplotlib' },
  mpl: { line: 'import matplotlib as mpl', distribution: 'matplotlib' },
  sns: { line: 'import seaborn as sns', distribution: 'seaborn' },
  sm: { line: 'import statsmodels.api as sm', distribution: 'statsmodels' },
  smf: { line: 'import statsmodels.formula.api as smf', distribution: 'statsmodels' },
  stats: { line: 'from scipy import stats', distribution: 'scipy' },
  xgb: { line: 'import xgboost as xgb', distribution: 'xgboost' },
  lgb: { line: 'import lightgbm as lgb', distribution: 'lightgbm' },
  tf: { line: 'import tensorflow as tf', distribution: 'tensorflow' },
};

/**
 * Standard-library modules a notebook reaches as `os.listdir(…)` (Kaggle's kernel template imports os in the first
 * cell, the one copies drop): `import os`, where every use of the name reads an attribute of it. Not random
 * (numpy.random's seed, randint, choice … share its names and differ) nor datetime (`datetime.now()` is the class of
 * `from datetime import datetime`).
 */
export const STDLIB_MODULES: ReadonlySet<string> = new Set([
  'collections',
  'csv',
  'gc',
  'glob',
  'itertools',
  'json',
  'math',
  'os',
  'pickle',
  're',
  'shutil',
  'string',
  'subprocess',
  'sys',
  'time',
  'warnings',
]);

/** Python 2's builtins: the python2.* rules answer their NameErrors (a renamed builtin is no missing import). */
const PYTHON2_NAMES = new Set([
  'apply',
  'basestring',
  'buffer',
  'cmp',
  'coerce',
  'execfile',
  'file',
  'intern',
  'long',
  'raw_input',
  'reduce',
  'reload',
  'StandardError',
  'unichr',
  'unicode',
  'xrange',
]);

/** Code that binds names no reading of the cells sees (a star import is the import table's). */
const DYNAMIC_BINDING =
  /^\s*%(?:pylab|run|load|store)\b|\bget_ipython\(\)\.(?:magic|run_line_magic)\(\s*['"](?:pylab|run|load|store)\b|\bexec(?:file)?\s*\(|\b(?:globals|locals|vars)\s*\(\s*\)|\b__builtins__\b|\bbuiltins\.\w+\s*=/m;

export const missingImport = defineRule({
  id: 'python.missing-import',
  title:
    'A name used but never imported (the import cell was deleted) → its import, by the conventional alias or from ' +
    'the one library the notebook imports that has it',
  kind: 'error-repair',
  library: 'generic',
  since: { package: 'python', version: '3.0' },
  explanation:
    "The notebook uses a name it never binds: its author's kernel had imported it in a cell that was deleted or " +
    'rewritten before the notebook was saved, so a fresh run raises NameError. The import is added at the top of ' +
    'the first cell that fails on the name: a conventional alias (np, pd, plt, mpl, sns, sm, smf, stats, xgb, lgb, ' +
    "tf, as the libraries' own documentation writes them) when its library is installed, a standard-library " +
    'module read only as a module (`import os` for os.listdir; not random or datetime), or else the one public ' +
    'module of a library the notebook already imports where the installed version has the name (the runtime is ' +
    'asked: `from sklearn import neighbors`, `from sklearn.feature_extraction.text import CountVectorizer`); the ' +
    "same object re-exported along several paths comes from the shortest public one. The run's first such cell " +
    'also gets the other conventional aliases the notebook reads as modules and binds nowhere (each would fail one ' +
    'run later). A name the notebook binds ' +
    'anywhere, one two libraries (or two modules) give as different objects, a Python 2 builtin, another ' +
    'standard-library module name (random) or one also called bare (`time()`), a name math, random or statistics ' +
    'also have as another object (randint, trunc), and a notebook with a star import, ' +
    '%pylab, %run or exec are left alone.',
  trigger: { errors: [{ ename: 'NameError', evalue: NAME_NOT_DEFINED }], anywhere: true },
  prepare(notebook, ctx) {
    // a star import, %pylab, %run … bind names that no reading of the cells sees: nothing is certain to be missing
    const dynamic =
      ctx.imports.starModules.length > 0 || notebook.codeCells.some((i) => DYNAMIC_BINDING.test(notebook.source(i)));
    return { dynamic };
  },
  apply(parsed, ctx) {
    if ((ctx.state as { dynamic: boolean }).dynamic) return [];
    const edits: SourceEdit[] = [];
    const lines: string[] = [];
    const names = namesFailingFirstHere(ctx.errors, ctx.cellIndex);
    // the run's first NameError cell also gets the other conventional aliases the notebook reads and never binds
    const firstCell = Math.min(...ctx.errors.map((e) => e.cellIndex));
    // (a name failing elsewhere in this run gets its import in its own first failing cell)
    const failing = new Set(ctx.errors.map((e) => NAME_NOT_DEFINED.exec(e.evalue)?.[1]));
    if (ctx.cellIndex === firstCell)
      for (const name of aliasesReadUnbound(ctx)) if (!failing.has(name)) names.push(name);
    for (const name of names) {
      if (!isCandidateName(name) || boundAnywhere(ctx, name)) continue;
      const line = importLine(name, ctx);
      if (line && !lines.includes(line)) lines.push(line);
    }
    // one insertion keeps the lines in the order of the names' first errors
    if (lines.length > 0) edits.push(insertAtCellTop(parsed, lines.join('\n')));
    return edits;
  },
});

/** The undefined names whose first failing cell (of this run's NameErrors) is this one. */
function namesFailingFirstHere(errors: readonly CellError[], cellIndex: number): string[] {
  const first = new Map<string, number>();
  for (const error of errors) {
    const name = NAME_NOT_DEFINED.exec(error.evalue)?.[1];
    if (name && (first.get(name) ?? Infinity) > error.cellIndex) first.set(name, error.cellIndex);
  }
  return [...first].filter(([, index]) => index === cellIndex).map(([name]) => name);
}

function isCandidateName(name: string): boolean {
  return !name.startsWith('_') && !PYTHON2_NAMES.has(name) && (!STDLIB_HEADS.has(name) || STDLIB_MODULES.has(name));
}

/**
 * Does any cell bind the name: an import, def, class, assignment, augmented assignment, loop, parameter (definesName),
 * a comprehension's or with/except `as` target, a `global`/`nonlocal` statement or a walrus?
 */
function boundAnywhere(ctx: CellContext, name: string): boolean {
  if (ctx.imports.bindings.has(name)) return true;
  const word = new RegExp(`\\b${name}\\b`);
  for (const index of ctx.notebook.codeCells) {
    if (!word.test(ctx.notebook.source(index))) continue;
    const parsed = ctx.notebook.parse(index);
    if (definesName(parsed, name) || bindsOtherwise(parsed, name)) return true;
  }
  return false;
}

/**
 * Of a run's undefined names, those worth asking the runtime about: a candidate name that is no conventional alias
 * (the table answers those) and that no cell binds, in a notebook without a star import or code that binds names
 * unseen (%run, exec …). Most NameErrors come downstream of a failed cell that binds the name: those are never asked
 * about, so the runtime is seldom asked at all.
 */
export async function namesToAsk(notebook: Notebook, names: readonly string[]): Promise<string[]> {
  const wanted = names.filter(
    (name) => isCandidateName(name) && !Object.hasOwn(CONVENTIONAL_ALIASES, name) && !STDLIB_MODULES.has(name),
  );
  if (wanted.length === 0) return [];
  const sources = notebook.cells
    .filter((cell) => cell.cell_type === 'code')
    .map((cell) => (Array.isArray(cell.source) ? cell.source.join('') : cell.source));
  if (sources.some((source) => DYNAMIC_BINDING.test(source))) return [];
  const parser = await loadPythonParser();
  const trees = sources.map((source) => parser.parse(source));
  try {
    const imports = ImportTable.fromCells(trees);
    if (imports.starModules.length > 0) return [];
    return wanted.filter((name) => {
      if (imports.bindings.has(name)) return false;
      const word = new RegExp(`\\b${name}\\b`);
      return !trees.some((t) => word.test(t.source) && (definesName(t, name) || bindsOtherwise(t, name)));
    });
  } finally {
    for (const tree of trees) tree.delete();
  }
}

function bindsOtherwise(parsed: ParsedSource, name: string): boolean {
  const named = (node: Node | null): boolean =>
    !!node &&
    (node.type === 'identifier'
      ? parsed.text(node) === name
      : node.descendantsOfType('identifier').some((id) => parsed.text(id) === name));
  for (const site of cellBindings(parsed, ['comprehension', 'as'])) if (named(site.target)) return true;
  for (const type of ['global_statement', 'nonlocal_statement'])
    for (const statement of parsed.nodes(type)) if (named(statement)) return true;
  for (const walrus of parsed.nodes('named_expression')) if (named(walrus.childForFieldName('name'))) return true;
  return false;
}

/**
 * The conventional aliases the notebook reads as a module (`sns.heatmap(…)`) in any cell and binds nowhere: each
 * raises NameError where it is reached, so their imports go with the run's first one (one iteration, not one each).
 */
function aliasesReadUnbound(ctx: CellContext): string[] {
  const names: string[] = [];
  for (const name of [...Object.keys(CONVENTIONAL_ALIASES), ...STDLIB_MODULES]) {
    const use = new RegExp(`\\b${name}\\s*\\.`);
    const cells = ctx.notebook.codeCells.filter((i) => use.test(ctx.notebook.source(i)));
    if (cells.length === 0) continue;
    const read = cells.some((i) => {
      const parsed = ctx.notebook.parse(i);
      return parsed.nodes('attribute').some((a) => {
        const object = a.childForFieldName('object');
        return object?.type === 'identifier' && parsed.text(object) === name;
      });
    });
    if (read && !boundAnywhere(ctx, name)) names.push(name);
  }
  return names;
}

/**
 * Is every use of the name in the notebook the head of an attribute (`time.sleep(1)`, never `time()`, which is
 * `from time import time`)? Attribute names, keyword names and import statements are no uses of it.
 */
function onlyModuleUses(ctx: CellContext, name: string): boolean {
  const word = new RegExp(`\\b${name}\\b`);
  for (const index of ctx.notebook.codeCells) {
    if (!word.test(ctx.notebook.source(index))) continue;
    const parsed = ctx.notebook.parse(index);
    for (const id of parsed.nodes('identifier')) {
      if (parsed.text(id) !== name) continue;
      const parent = id.parent;
      if (parent?.type === 'attribute') {
        if (parent.childForFieldName('object')?.id === id.id || parent.childForFieldName('attribute')?.id === id.id)
          continue;
      }
      if (parent?.type === 'keyword_argument' && parent.childForFieldName('name')?.id === id.id) continue;
      let inImport = false;
      for (let node: Node | null = parent; node; node = node.parent)
        if (['import_statement', 'import_from_statement', 'future_import_statement'].includes(node.type))
          inImport = true;
      if (!inImport) return false;
    }
  }
  return true;
}

/** The import that binds the name: its conventional alias, else the runtime's one public source; null: none. */
function importLine(name: string, ctx: CellContext): string | null {
  const alias = Object.hasOwn(CONVENTIONAL_ALIASES, name) ? CONVENTIONAL_ALIASES[name] : undefined;
  if (alias) return packageVersion(ctx.env, alias.distribution) ? alias.line : null;
  if (STDLIB_MODULES.has(name)) return onlyModuleUses(ctx, name) ? `import ${name}` : null;
  const answer = ctx.publicNames;
  if (!answer) return null;
  // every third-party library the notebook imports was searched whole: a library left out might be the name's
  const imported = new Set([...ctx.imports.modules].map((m) => m.split('.')[0] as string));
  imported.forEach((head) => {
    if (STDLIB_HEADS.has(head)) imported.delete(head);
  });
  if (imported.size === 0) return null;
  for (const head of imported) if (!answer.packages.includes(head) || answer.incomplete.includes(head)) return null;
  const all = answer.names[name] ?? [];
  const sources = all.filter(
    (s) => imported.has(s.module.split('.')[0] as string) && (!s.submodule || !s.module.includes('.')),
  );
  const source = canonicalSource(sources);
  // the standard library has the name as another object (random.randint includes its upper bound,
  // numpy.random.randint excludes it; math.trunc gives an int): the deleted import may have been either
  const stdlib = all.filter((s) => STDLIB_HEADS.has(s.module.split('.')[0] as string));
  if (!source || stdlib.some((s) => s.object !== source.object)) return null;
  return `from ${source.module} import ${name}`;
}

/**
 * The one object the sources give, from its canonical path: listed in an `__all__` first, then the shortest module
 * path (fewest dots, then fewest characters, then alphabetical); null when there is none or two different objects.
 */
export function canonicalSource(sources: readonly PublicNameSource[]): PublicNameSource | null {
  if (sources.length === 0 || new Set(sources.map((s) => s.object)).size !== 1) return null;
  const depth = (s: PublicNameSource): number => s.module.split('.').length;
  return (
    [...sources].sort(
      (a, b) =>
        Number(b.listed) - Number(a.listed) ||
        depth(a) - depth(b) ||
        a.module.length - b.module.length ||
        a.module.localeCompare(b.module),
    )[0] ?? null
  );
}
