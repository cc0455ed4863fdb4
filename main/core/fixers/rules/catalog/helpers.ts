// Building blocks shared by the rules of several library folders: module moves (imports and dotted uses), renamed keyword
// arguments of known callables, and renamed attributes of an imported module. A new rule that fits one of
// these shapes is a table entry; anything else writes its own apply().
import type { Node } from 'web-tree-sitter';
import type { ImportTable } from '../imports';
import type { ParsedSource } from '../../../python/python-parser';
import type { CellContext, ErrorSignature, NotebookView } from '../rule';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import {
  callArguments,
  definesName,
  insertLineBefore,
  keywordArgument,
  lineStart,
  positionalArguments,
  renameKeyword,
} from '../syntax';

export interface NameMove {
  /** module the name lives in now (default: the move's `to`, or its `from` for name-only moves) */
  module?: string;
  /** the name it has now (default: unchanged) */
  name?: string;
}

export interface ModuleMove {
  /** module that was removed or renamed, e.g. 'sklearn.cross_validation' */
  from: string;
  /** where its contents live now; omit when only the listed names moved */
  to?: string;
  /** per-name destinations (renamed classes, names that went elsewhere) */
  names?: Record<string, NameMove>;
}

interface ImportItem {
  name: string;
  alias: string | null;
}

function itemText(item: ImportItem): string {
  return item.alias && item.alias !== item.name ? `${item.name} as ${item.alias}` : item.name;
}

function destination(move: ModuleMove, module: string, name: string): { module: string; name: string } | null {
  // the per-name destinations are the moved module's own names (as for dotted uses): `from scipy.integrate import
  // trapz` is not scipy's re-exported numpy.trapz
  const override = module === move.from ? move.names?.[name] : undefined;
  const sub = module.slice(move.from.length);
  if (override) return { module: override.module ?? (move.to ? move.to + sub : module), name: override.name ?? name };
  if (move.to) return { module: move.to + sub, name };
  return null;
}

/** Edits for one module move in one cell: import statements and dotted uses (`sklearn.cross_validation.X`). */
export function moduleMoveEdits(parsed: ParsedSource, ctx: CellContext, move: ModuleMove): SourceEdit[] {
  const edits: SourceEdit[] = [];
  for (const statement of ctx.nodes('import_from_statement')) {
    const edit = fromImportEdit(parsed, statement, move);
    if (edit) edits.push(edit);
  }
  if (move.to) edits.push(...plainImportEdits(parsed, ctx, move, move.to));
  edits.push(...dottedUseEdits(parsed, ctx, move));
  return edits;
}

function inMovedModule(move: ModuleMove, module: string): boolean {
  return module === move.from || module.startsWith(`${move.from}.`);
}

function importItems(parsed: ParsedSource, itemNodes: Node[]): ImportItem[] {
  return itemNodes.map((node) =>
    node.type === 'aliased_import'
      ? {
          name: parsed.text(node.childForFieldName('name') as Node),
          alias: parsed.text(node.childForFieldName('alias') as Node),
        }
      : { name: parsed.text(node), alias: null },
  );
}

/** `from M import a, b`: the statement(s) it needs after the move, or null where the move does not touch it */
function fromImportEdit(parsed: ParsedSource, statement: Node, move: ModuleMove): SourceEdit | null {
  const moduleNode = statement.childForFieldName('module_name');
  if (!moduleNode || moduleNode.type === 'relative_import') return null;
  const module = parsed.text(moduleNode).replace(/\s+/g, '');
  const itemNodes = statement.childrenForFieldName('name');
  if (itemNodes.length === 0) {
    // `from old import *`
    return inMovedModule(move, module) && move.to
      ? replaceNode(moduleNode, move.to + module.slice(move.from.length))
      : null;
  }
  const regrouped = regroupImportItems(move, module, importItems(parsed, itemNodes));
  if (!regrouped.touched) return null;
  const { groups } = regrouped;
  if (groups.size === 1 && !regrouped.renamed) {
    const key = [...groups.keys()][0] as string;
    return replaceNode(moduleNode, key.slice('from '.length));
  }
  const indent = parsed.source.slice(lineStart(parsed.source, statement.startIndex), statement.startIndex);
  const lines = [...groups].map(([key, texts]) =>
    key.startsWith('import ')
      ? texts.map((t) => `import ${t}`).join(`\n${indent}`)
      : `${key} import ${texts.join(', ')}`,
  );
  return replaceNode(statement, lines.join(`\n${indent}`));
}

interface RegroupedImport {
  /** key: 'from M' or 'import M' → item texts, in the order the names came */
  groups: Map<string, string[]>;
  /** some name moved */
  touched: boolean;
  /** some name is bound under another name than before (needs `as`, or a statement of its own) */
  renamed: boolean;
}

/** the names of `from module import …` grouped by the statement each needs now */
function regroupImportItems(move: ModuleMove, module: string, items: ImportItem[]): RegroupedImport {
  const groups = new Map<string, string[]>();
  const add = (key: string, text: string): void => {
    const list = groups.get(key) ?? [];
    list.push(text);
    groups.set(key, list);
  };
  let touched = false;
  let renamed = false;
  for (const item of items) {
    if (inMovedModule(move, module)) {
      const dest = destination(move, module, item.name);
      if (!dest) {
        add(`from ${module}`, itemText(item));
        continue;
      }
      touched = true;
      if (dest.name !== item.name) renamed = true;
      add(
        `from ${dest.module}`,
        itemText({ name: dest.name, alias: dest.name !== item.name ? (item.alias ?? item.name) : item.alias }),
      );
    } else if (`${module}.${item.name}` === move.from && move.to) {
      // `from sklearn import cross_validation [as cv]`: the module itself
      touched = true;
      renamed = true;
      const local = item.alias ?? item.name;
      const dot = move.to.lastIndexOf('.');
      if (dot === -1) add(`import ${move.to}`, local === move.to ? move.to : `${move.to} as ${local}`);
      else {
        const last = move.to.slice(dot + 1);
        add(`from ${move.to.slice(0, dot)}`, itemText({ name: last, alias: local }));
      }
    } else {
      add(`from ${module}`, itemText(item));
    }
  }
  return { groups, touched, renamed };
}

/** `import old.sub [as x]` → `import new.sub [as x]` */
function plainImportEdits(parsed: ParsedSource, ctx: CellContext, move: ModuleMove, to: string): SourceEdit[] {
  const edits: SourceEdit[] = [];
  for (const statement of ctx.nodes('import_statement')) {
    for (const item of statement.childrenForFieldName('name')) {
      const nameNode = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
      if (!nameNode) continue;
      const module = parsed.text(nameNode).replace(/\s+/g, '');
      if (!inMovedModule(move, module)) continue;
      const target = to + module.slice(move.from.length);
      // `import cPickle` → `import pickle as cPickle`: uses of the bare name keep working
      const keepName = item.type !== 'aliased_import' && !module.includes('.') && target !== module;
      edits.push(replaceNode(nameNode, keepName ? `${target} as ${module}` : target));
    }
  }
  return edits;
}

/** the dotted name an attribute `old.X` resolving to `qualified` stands for after the move, or null */
function movedTarget(move: ModuleMove, qualified: string): string | null {
  if (qualified === move.from && move.to) return move.to;
  if (qualified.startsWith(`${move.from}.`) && qualified.lastIndexOf('.') === move.from.length) {
    const name = qualified.slice(move.from.length + 1);
    const override = move.names?.[name];
    if (override) return `${override.module ?? move.to ?? move.from}.${override.name ?? name}`;
  }
  return null;
}

/** dotted uses: `sklearn.cross_validation.train_test_split(...)`, `pd.tools.plotting.scatter_matrix` */
function dottedUseEdits(parsed: ParsedSource, ctx: CellContext, move: ModuleMove): SourceEdit[] {
  const edits: SourceEdit[] = [];
  let importInserted = false;
  const lastSegment = move.from.slice(move.from.lastIndexOf('.') + 1);
  const endings = [...(move.to ? [lastSegment] : []), ...Object.keys(move.names ?? {})];
  if (!endings.some((ending) => parsed.source.includes(ending))) return edits;
  for (const attribute of ctx.nodes('attribute')) {
    if (attribute.parent?.type === 'dotted_name') continue;
    const nameNode = attribute.childForFieldName('attribute');
    if (!nameNode || !endings.includes(parsed.text(nameNode))) continue;
    const qualified = ctx.imports.resolve(attribute, parsed);
    const target = qualified ? movedTarget(move, qualified) : null;
    if (!target) continue;
    const head = headIdentifier(attribute);
    const bound = head ? ctx.imports.bindings.get(parsed.text(head)) : undefined;
    if (head && bound && (target === bound || target.startsWith(`${bound}.`))) {
      edits.push(replaceNode(attribute, parsed.text(head) + target.slice(bound.length)));
    } else {
      edits.push(replaceNode(attribute, target));
      const targetModule = target.slice(0, target.lastIndexOf('.')) || target;
      if (!importInserted && !isModuleImportedAsItself(ctx.imports, targetModule)) {
        edits.push(insertLineBefore(attribute, `import ${targetModule}`, parsed));
        importInserted = true;
      }
    }
  }
  return edits;
}

function headIdentifier(node: Node): Node | null {
  let current: Node | null = node;
  while (current && current.type === 'attribute') current = current.childForFieldName('object');
  return current?.type === 'identifier' ? current : null;
}

function isModuleImportedAsItself(imports: ImportTable, module: string): boolean {
  const head = module.split('.')[0] as string;
  return imports.bindings.get(head) === head && imports.imports(module);
}

/**
 * Needles for moves: a moved name, or the moved module's last segment (last two for deeper modules: a cell
 * that imports or uses `sklearn.ensemble.forest` spells `ensemble.forest`).
 */
export function moveNeedles(moves: readonly ModuleMove[]): string[] {
  const needles = new Set<string>();
  for (const move of moves) {
    if (move.to) {
      const parts = move.from.split('.');
      needles.add(parts.length > 2 ? parts.slice(-2).join('.') : (parts.at(-1) as string));
    }
    for (const name of Object.keys(move.names ?? {})) needles.add(name);
  }
  return [...needles];
}

/**
 * The two errors a module's removed names raise: `from M import X` (ImportError) and `M.X` (AttributeError).
 * Both arguments are regular-expression sources: missingNameTriggers(String.raw`scipy\.misc`, '(comb|pade)').
 */
export function missingNameTriggers(module: string, names: string): ErrorSignature[] {
  return [
    { ename: 'ImportError', evalue: new RegExp(`cannot import name '${names}' from '${module}'`) },
    { ename: 'AttributeError', evalue: new RegExp(`module '${module}' has no attribute '${names}'`) },
  ];
}

/** Is the call's callee one of these names of this package (qualified, or through a star import)? */
export function calleeOf(
  call: Node,
  parsed: ParsedSource,
  imports: ImportTable,
  module: string,
  names: readonly string[],
): string | null {
  return imports.refersTo(call.childForFieldName('function'), parsed, module, names);
}

/** Renames keyword arguments of calls to the given callables: { size: 'height' }. */
export function keywordRenameEdits(
  parsed: ParsedSource,
  ctx: CellContext,
  match: (call: Node) => boolean,
  renames: Record<string, string>,
): SourceEdit[] {
  const edits: SourceEdit[] = [];
  for (const call of ctx.nodes('call')) {
    if (!match(call)) continue;
    for (const [oldName, newName] of Object.entries(renames)) {
      const kw = keywordArgument(call, oldName, parsed);
      if (!kw || keywordArgument(call, newName, parsed)) continue;
      const edit = renameKeyword(kw, newName);
      if (edit) edits.push(edit);
    }
  }
  return edits;
}

/**
 * Inserts `line` once at the top of the cell: after a leading cell magic line, if any, and after leading
 * `from __future__ import …` statements (which must stay first, or the cell stops compiling).
 */
export function insertAtCellTop(parsed: ParsedSource, line: string): SourceEdit {
  const magic = parsed.regions.find((r) => r.kind === 'cell-magic' && r.start === parsed.source.search(/\S/));
  if (magic) {
    const eol = parsed.source.indexOf('\n', magic.start);
    return insertAt(eol === -1 ? parsed.source.length : eol + 1, `${line}\n`);
  }
  let after = 0;
  for (const statement of parsed.root.namedChildren) {
    if (statement.type === 'comment') continue;
    if (statement.type !== 'future_import_statement') break;
    const eol = parsed.source.indexOf('\n', statement.endIndex);
    after = eol === -1 ? parsed.source.length : eol + 1;
  }
  if (after > 0)
    return insertAt(after, `${after === parsed.source.length && !parsed.source.endsWith('\n') ? '\n' : ''}${line}\n`);
  return insertAt(0, `${line}\n`);
}

/** A name the rule can write to reach a module, and the import edit that makes it exist (none when it does). */
export interface ModuleReference {
  /** `np`, `numpy`, `plt`, `matplotlib.pyplot` */
  name: string;
  /** the import to add at the top of the cell; empty when the notebook binds the name already */
  edits: SourceEdit[];
}

/**
 * The one service for rules whose replacement names a module (`np.nan`, `np.reshape`, `plt.show`): the
 * notebook's own name for it when it imports the module (`import numpy as np`, `import numpy`), else the
 * conventional `preferred` alias with an import added at the top of the cell, else the module's full name
 * (`import numpy`) when the notebook uses `preferred` for something else (a variable, another module); the
 * notebook's name is passed over where its imports also bind it to something else. Null
 * when neither name is free: the rule then leaves the code alone, since a rewrite that raises NameError (or
 * reaches the user's own `np`) is no repair.
 */
export function moduleReference(
  parsed: ParsedSource,
  ctx: Pick<CellContext, 'imports'> & Partial<Pick<CellContext, 'notebook' | 'cellIndex'>>,
  module: string,
  preferred: string,
): ModuleReference | null {
  const alias = ctx.imports.aliasFor(module);
  // an alias the notebook's imports also bind to something else (`import datetime`, later `from datetime import
  // datetime`) names the module in some cells only: a code the rule writes may run where it names the other thing
  if (alias && !ctx.imports.rebound.has(alias) && !definesOtherwise(parsed, alias)) {
    // the notebook imports it only in a later cell: this cell runs first, so it gets its own import, same name
    if (!boundHere(parsed, ctx, module, alias))
      return { name: alias, edits: [insertAtCellTop(parsed, importLine(module, alias))] };
    return { name: alias, edits: [] };
  }
  if (!ctx.imports.bindings.has(preferred) && !definesName(parsed, preferred))
    return { name: preferred, edits: [insertAtCellTop(parsed, importLine(module, preferred))] };
  const head = module.split('.')[0] as string;
  const headBound = ctx.imports.bindings.get(head);
  if (
    headBound === head &&
    !ctx.imports.rebound.has(head) &&
    ctx.imports.imports(module) &&
    !definesOtherwise(parsed, head)
  )
    return { name: module, edits: [] };
  if (headBound !== undefined || definesName(parsed, head)) return null;
  return { name: module, edits: [insertAtCellTop(parsed, `import ${module}`)] };
}

/** `import numpy as np`, `import numpy`, `import matplotlib.pyplot as plt`. */
function importLine(module: string, alias: string): string {
  return alias === module ? `import ${module}` : `import ${module} as ${alias}`;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does this source import `module` under `alias` (`import m as a`, `import m`, `from parent import last as a`)? */
function importsAs(source: string, module: string, alias: string): boolean {
  if (!source.includes('import')) return false;
  const m = escapeRegExp(module);
  const a = escapeRegExp(alias);
  const dot = module.lastIndexOf('.');
  const patterns = [
    alias === module
      ? `^[ \\t]*import[ \\t]+(?:[^\\n#]*,[ \\t]*)?${m}[ \\t]*(?:[,;#]|$)`
      : `^[ \\t]*import[ \\t]+(?:[^\\n#]*,[ \\t]*)?${m}[ \\t]+as[ \\t]+${a}\\b`,
  ];
  if (dot > 0) {
    const parent = escapeRegExp(module.slice(0, dot));
    const last = escapeRegExp(module.slice(dot + 1));
    patterns.push(
      `^[ \\t]*from[ \\t]+${parent}[ \\t]+import[ \\t(]+[^\\n#]*\\b${last}${alias === module.slice(dot + 1) ? '\\b' : `[ \\t]+as[ \\t]+${a}\\b`}`,
    );
  }
  return patterns.some((pattern) => new RegExp(pattern, 'm').test(source));
}

/**
 * Is `alias` (the notebook's name for `module`) bound when this cell runs: imported in this cell or an earlier one?
 * Without the notebook's cells to look at, it is taken as bound (the notebook-wide import table says so).
 */
export function boundHere(
  parsed: ParsedSource,
  ctx: Partial<Pick<CellContext, 'notebook' | 'cellIndex'>>,
  module: string,
  alias: string,
): boolean {
  const { notebook, cellIndex } = ctx;
  if (!notebook || cellIndex === undefined) return true;
  if (importsAs(parsed.source, module, alias)) return true;
  return notebook.codeCells.some((index) => index < cellIndex && importsAs(notebook.source(index), module, alias));
}

/** Is the alias bound in this cell by something other than an import (`np = …`, `def np`)? */
function definesOtherwise(parsed: ParsedSource, name: string): boolean {
  if (!parsed.source.includes(name)) return false;
  // the whole cell, not the scope: a binding on any line shadows the alias for the cell
  for (const assign of [...parsed.nodes('assignment'), ...parsed.nodes('for_statement')]) {
    const left = assign.childForFieldName('left');
    if (
      left &&
      (left.type === 'identifier'
        ? parsed.text(left) === name
        : left
            .descendantsOfType('identifier')
            .some((id) => parsed.text(id) === name && id.parent?.type !== 'attribute'))
    )
      return true;
  }
  for (const def of [...parsed.nodes('function_definition'), ...parsed.nodes('class_definition')]) {
    const id = def.childForFieldName('name');
    if (id && parsed.text(id) === name) return true;
  }
  return false;
}

/**
 * For a call to a function whose parameters after the first `signature[0]` became keyword-only: names the
 * extra positional arguments after the old positional order (`signature.slice(1)`), at most `maxExtra` of
 * them (later positions are more likely to have moved between versions). Nothing for calls with *args, with
 * more positional arguments than the table knows, or that already set one of those names by keyword.
 */
export function positionalToKeywordEdits(
  call: Node,
  signature: readonly [number, ...string[]],
  parsed: ParsedSource,
  maxExtra: number,
): SourceEdit[] {
  const [allowed, ...names] = signature;
  if (callArguments(call).some((a) => a.type === 'list_splat')) return [];
  const positional = positionalArguments(call);
  const extra = positional.slice(allowed);
  if (extra.length === 0 || extra.length > Math.min(maxExtra, names.length)) return [];
  const used = names.slice(0, extra.length);
  if (used.some((name) => keywordArgument(call, name, parsed))) return [];
  // positional arguments after a keyword are a syntax error already: leave such calls alone
  const firstKeyword = callArguments(call).find((a) => a.type === 'keyword_argument' || a.type === 'dictionary_splat');
  if (firstKeyword && firstKeyword.startIndex < (extra[0] as Node).startIndex) return [];
  return extra.map((arg, i) => insertAt(arg.startIndex, `${used[i] as string}=`));
}

/** Variables assigned a constructor call that `matches` (e.g. `model = XGBClassifier(…)`), across the notebook. */
export function constructedEstimators(
  notebook: NotebookView,
  matches: (call: Node, parsed: ParsedSource) => boolean,
): Set<string> {
  const names = new Set<string>();
  for (const cellIndex of notebook.codeCells) {
    if (!/XGB|LGBM/.test(notebook.source(cellIndex))) continue;
    const parsed = notebook.parse(cellIndex);
    // every cell of the notebook, whole: the estimator may be constructed far from the failing lines
    for (const assignment of parsed.nodes('assignment')) {
      const left = assignment.childForFieldName('left');
      const right = assignment.childForFieldName('right');
      if (left?.type === 'identifier' && right?.type === 'call' && matches(right, parsed)) names.add(parsed.text(left));
    }
  }
  return names;
}
