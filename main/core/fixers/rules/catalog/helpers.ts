// Building blocks shared by the rules of several library folders: renamed keyword arguments of known callables,
// renamed attributes of an imported module, the errors a module's removed names raise, and inserting an import.
// Module moves (imports and dotted uses) are in module-moves.ts. A new rule that fits one of these shapes is a
// table entry; anything else writes its own apply().
import type { Node } from 'web-tree-sitter';
import { cellBindings } from '../bindings';
import type { ImportTable } from '../imports';
import type { ParsedSource } from '../../../python/python-parser';
import type { CellContext, ErrorSignature, RuleRunContext } from '../rule';
import { insertAt, type SourceEdit } from '../source-edit';
import {
  callArguments,
  definesName,
  keywordArgument,
  positionalArguments,
  renameKeyword,
  stringContent,
} from '../syntax';

/**
 * The two errors a module's removed names raise: `from M import X` (ImportError) and `M.X` (AttributeError).
 * Both arguments are regular-expression sources: missingNameTriggers(String.raw`scipy\.misc`, '(comb|pade)'). SciPy's
 * lazy-loading __getattr__ spells the AttributeError 'Module …' (capital M).
 */
export function missingNameTriggers(module: string, names: string): ErrorSignature[] {
  return [
    { ename: 'ImportError', evalue: new RegExp(`cannot import name '${names}' from '${module}'`) },
    { ename: 'AttributeError', evalue: new RegExp(`[Mm]odule '${module}' has no attribute '${names}'`) },
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
 * The names a `from M import …` statement imports: each name, the local name it binds (its alias, or the name) and
 * the item as written (`a as b`).
 */
export function fromImportNames(
  statement: Node,
  parsed: ParsedSource,
): { name: string; local: string; text: string }[] {
  return statement.childrenForFieldName('name').map((node) => {
    const aliased = node.type === 'aliased_import';
    const name = parsed.text(aliased ? (node.childForFieldName('name') as Node) : node);
    return {
      name,
      local: aliased ? parsed.text(node.childForFieldName('alias') as Node) : name,
      text: parsed.text(node),
    };
  });
}

/**
 * The key a value is given under: the keyword of a call's keyword argument (f(key=value)) or the string key of a
 * dict entry ({'key': value}); null elsewhere.
 */
export function argumentKey(value: Node, parsed: ParsedSource): string | null {
  const parent = value.parent;
  if (parent?.type === 'keyword_argument') return parsed.text(parent.childForFieldName('name') as Node);
  if (parent?.type === 'pair') return stringContent(parent.childForFieldName('key'), parsed);
  return null;
}

/** `import m` lines for `modules`, sorted, at the top of the cell (insertAtCellTop); no edit when there are none. */
export function importsAtCellTop(parsed: ParsedSource, modules: Iterable<string>): SourceEdit[] {
  const lines = [...modules].sort().map((m) => `import ${m}`);
  return lines.length === 0 ? [] : [insertAtCellTop(parsed, lines.join('\n'))];
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
export function definesOtherwise(parsed: ParsedSource, name: string): boolean {
  if (!parsed.source.includes(name)) return false;
  // the whole cell, not the scope: a binding on any line shadows the alias for the cell
  for (const { target: left } of cellBindings(parsed, ['assignment', 'for'])) {
    if (
      left.type === 'identifier'
        ? parsed.text(left) === name
        : left.descendantsOfType('identifier').some((id) => parsed.text(id) === name && id.parent?.type !== 'attribute')
    )
      return true;
  }
  return cellBindings(parsed, ['definition']).some(({ target }) => parsed.text(target) === name);
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
  ctx: Pick<RuleRunContext, 'bindings'>,
  matches: (call: Node, parsed: ParsedSource) => boolean,
): Set<string> {
  const names = new Set<string>();
  // every cell of the notebook, whole: the estimator may be constructed far from the failing lines
  for (const { target, value, parsed } of ctx.bindings({ kinds: ['assignment'], cells: /XGB|LGBM/ }))
    if (target.type === 'identifier' && value?.type === 'call' && matches(value, parsed))
      names.add(parsed.text(target));
  return names;
}

/**
 * Names the notebook binds to a float literal and to nothing else (`alpha = 0.05`, `eps = -1e-3`): they hold a float
 * under Python 2 and 3 alike, so an expression reading one is a float there too.
 */
export function floatOnlyNames(ctx: Pick<RuleRunContext, 'bindings'>): Set<string> {
  const floats = new Set<string>();
  const others = new Set<string>();
  const assignments = ctx.bindings({ kinds: ['assignment'], cells: (source) => source.includes('=') });
  for (const { target, value: right, parsed } of assignments) {
    if (target.type !== 'identifier') continue;
    const value = right?.type === 'unary_operator' ? right.childForFieldName('argument') : right;
    (value?.type === 'float' ? floats : others).add(parsed.text(target));
  }
  return new Set([...floats].filter((name) => !others.has(name)));
}

/** Does the expression read a float for certain: a float literal, or a name of `floatNames` (floatOnlyNames)? */
export function readsFloat(node: Node, parsed: ParsedSource, floatNames: ReadonlySet<string>): boolean {
  if (node.type === 'float' || node.descendantsOfType('float').length > 0) return true;
  const names = node.type === 'identifier' ? [node] : node.descendantsOfType('identifier');
  return names.some((id) => id.parent?.type !== 'attribute' && floatNames.has(parsed.text(id)));
}
