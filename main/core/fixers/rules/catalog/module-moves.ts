// Module moves shared by the rules of several library folders: a module that was removed or renamed, or names that
// went elsewhere (ModuleMove), applied to a cell's import statements and dotted uses (moduleMoveEdits), and the
// needles that tell a rule which cells may need them (moveNeedles). A rule whose fix is a move is a table of them.
import type { Node } from 'web-tree-sitter';
import type { ImportTable } from '../imports';
import type { ParsedSource } from '../../../python/python-parser';
import type { CellContext } from '../rule';
import { replaceNode, type SourceEdit } from '../source-edit';
import { insertLineBefore, lineStart } from '../syntax';

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
