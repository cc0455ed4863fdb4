// Table-driven generic repair: a module or name that a library removed, renamed or moved, found through the
// API-change table (resources/api-changes, extracted from the changelogs) or through the library's own error
// message (NumPy 2: "`np.x` was removed in the NumPy 2.0 release. Use `y` instead."). It runs after the
// hand-written library rules and only on the cells whose error names the old name; it rewrites the import or the
// dotted use to where the name lives now when exactly one replacement is known and it is a pure rename/move (a
// name, not a call), and leaves the code alone when the candidates disagree or the user's own code binds a name
// the edit touches.
import type { Node } from 'web-tree-sitter';
import type { CellError } from '../../../../../shared/models/execution';
import {
  apiChangeTable,
  classMember,
  DISTRIBUTION,
  isDottedName,
  libraryOf,
  type ApiChange,
  type ApiChangeTable,
  type ApiLibrary,
} from '../../api-changes/table';
import { defineRule, packageVersion, type CellContext, type Rule, type RuleRunContext } from '../rule';
import { BINDING_STATEMENTS } from '../bindings';
import type { SourceEdit } from '../source-edit';
import { API_KWARG_RULES } from './api-kwargs';
import { moduleMoveEdits, type ModuleMove } from './module-moves';

/** What an error says is missing: a module (`No module named 'a.b'`) or a name of a module. */
export interface MissingName {
  /** the old qualified name: 'numpy.float_', 'sklearn.grid_search' */
  old: string;
  /** the module the error names ('numpy'), or the missing module itself */
  module: string;
  /** the missing attribute; null for a missing module */
  name: string | null;
  /** the replacement the library's message names, when it names exactly one */
  fromMessage: string | null;
}

const ATTRIBUTE = /module '([\w.]+)' has no attribute '(\w+)'/;
const IMPORT_NAME = /cannot import name '(\w+)' from '([\w.]+)'/;
const NO_MODULE = /No module named '([\w.]+)'/;
const NUMPY2 = /`np\.(\w+)` was removed in the NumPy 2\.0 release\.\s*(.*)/s;

/**
 * The replacement a library's message names, when it names exactly one name as a plain substitute: "Use `np.float64`
 * instead.", "renamed to `x`", "moved to `x`", "available as `x`". A "use" that comes with conditions ("Use
 * `np.genfromtxt` with comma delimiter instead", "… or use `typing.deprecated`") is not a rename and names nothing.
 */
export function messageReplacement(message: string): string | null {
  const found = new Set<string>();
  for (const sentence of message.split(/(?<=[.;])\s+/)) {
    for (const m of sentence.matchAll(/\b(?:available as|renamed to|moved to)\s+`([^`]+)`/g)) found.add(m[1] as string);
    const use = /\b[Uu]se\s+`([^`]+)`\s+instead\b/.exec(sentence);
    if (use && !/\b(or|with|and)\b/.test(sentence.replace(use[0], ''))) found.add(use[1] as string);
  }
  if (found.size !== 1) return null;
  const raw = [...found][0] as string;
  const name = raw.startsWith('np.') ? `numpy.${raw.slice(3)}` : raw;
  return isDottedName(name) && name.includes('.') ? name : null;
}

/** Reads the missing module or name out of an error, or null when the error is not of that shape. */
export function missingName(error: Pick<CellError, 'ename' | 'evalue'>): MissingName | null {
  const evalue = error.evalue;
  const numpy2 = NUMPY2.exec(evalue);
  if (error.ename === 'AttributeError' && numpy2) {
    const name = numpy2[1] as string;
    return { old: `numpy.${name}`, module: 'numpy', name, fromMessage: messageReplacement(numpy2[2] as string) };
  }
  const attribute = error.ename === 'AttributeError' ? ATTRIBUTE.exec(evalue) : null;
  if (attribute) {
    const [, module, name] = attribute as unknown as [string, string, string];
    return {
      old: `${module}.${name}`,
      module,
      name,
      fromMessage: messageReplacement(evalue.slice(attribute.index + attribute[0].length)),
    };
  }
  const imported = error.ename === 'ImportError' ? IMPORT_NAME.exec(evalue) : null;
  if (imported) {
    const [, name, module] = imported as unknown as [string, string, string];
    return { old: `${module}.${name}`, module, name, fromMessage: null };
  }
  const missing = error.ename === 'ModuleNotFoundError' ? NO_MODULE.exec(evalue) : null;
  if (missing && (missing[1] as string).includes('.')) {
    const module = missing[1] as string;
    return { old: module, module, name: null, fromMessage: null };
  }
  return null;
}

export type Resolution =
  | { status: 'resolved'; old: string; new: string; source: 'message' | 'table'; rows: ApiChange[] }
  | { status: 'ambiguous'; old: string; candidates: string[] }
  | { status: 'unknown'; old: string };

/**
 * Where the missing name lives now: the library's own message first (it is about the installed release), then the
 * table's rows whose change the installed version has. Exactly one candidate, or the answer is ambiguous.
 */
export function resolveMissing(
  missing: MissingName,
  env: CellContext['env'],
  table: ApiChangeTable = apiChangeTable(),
): Resolution {
  // a substitute in another library (numpy 2's "Use `inspect.getsource` instead" for `np.source`, which printed
  // the source instead of returning it) is not the same object under a new name: only the library's own names
  if (missing.fromMessage)
    return libraryOf(missing.fromMessage) === libraryOf(missing.old)
      ? { status: 'resolved', old: missing.old, new: missing.fromMessage, source: 'message', rows: [] }
      : { status: 'unknown', old: missing.old };
  const library = libraryOf(missing.old);
  if (!library) return { status: 'unknown', old: missing.old };
  const installed = packageVersion(env, DISTRIBUTION[library]);
  const { names, rows } = table.replacements(missing.old, installed);
  // a replacement in another library, or a bare builtin, is not a move this rule can make
  // followed through later renames of the replacement itself (a chain of moves ends where the name lives now)
  const usable = [
    ...new Set(
      names
        .filter((name) => name.includes('.') && name !== missing.old)
        .map((name) => table.follow(name, installed) ?? `${name}?`),
    ),
  ];
  if (usable.some((name) => name.endsWith('?')))
    return { status: 'ambiguous', old: missing.old, candidates: usable.map((n) => n.replace(/\?$/, '')) };
  if (usable.length === 0) return { status: 'unknown', old: missing.old };
  if (usable.length > 1) return { status: 'ambiguous', old: missing.old, candidates: usable };
  return {
    status: 'resolved',
    old: missing.old,
    new: usable[0] as string,
    source: 'table',
    rows: rows.filter(
      (row) => row.new === usable[0] || (row.new !== null && table.follow(row.new, installed) === usable[0]),
    ),
  };
}

/** Names the user's own code binds (def, class, assignment, loop and with targets), imports left out. */
function userBindings(ctx: RuleRunContext): Set<string> {
  const names = new Set<string>();
  // every cell, whole: a binding anywhere in the notebook makes the name the user's
  for (const { kind, target, parsed } of ctx.bindings({ kinds: ['definition', ...BINDING_STATEMENTS, 'as'] })) {
    if (kind === 'as') for (const id of target.descendantsOfType('identifier')) names.add(parsed.text(id));
    else if (kind === 'definition' || target.type === 'identifier') names.add(parsed.text(target));
    else
      for (const id of target.descendantsOfType('identifier'))
        if (id.parent?.type !== 'attribute') names.add(parsed.text(id));
  }
  return names;
}

/** The move that takes `old` to `new`: a module move, or one name of a module moving (and maybe renamed). */
function moveOf(resolution: Extract<Resolution, { status: 'resolved' }>, missing: MissingName): ModuleMove {
  const dot = resolution.new.lastIndexOf('.');
  if (missing.name === null) return { from: missing.old, to: resolution.new };
  return {
    from: missing.module,
    names: { [missing.name]: { module: resolution.new.slice(0, dot), name: resolution.new.slice(dot + 1) } },
  };
}

/** Is any identifier this edit relies on bound by the user's own code (a function or variable of that name)? */
function shadowed(missing: MissingName, newName: string, bindings: Set<string>, ctx: CellContext): boolean {
  const local = new Set<string>([
    missing.name ?? '',
    newName.slice(newName.lastIndexOf('.') + 1),
    newName.split('.')[0] as string,
  ]);
  // the local names the notebook uses for the old module (`np` for numpy): rebinding one makes `np.x` the user's
  for (const [alias, target] of ctx.imports.bindings)
    if (target === missing.module || missing.module.startsWith(`${target}.`)) local.add(alias);
  for (const name of local) if (name && bindings.has(name)) return true;
  return false;
}

const movedName = defineRule({
  id: 'api-table.moved-name',
  title: 'Removed, renamed or moved names → where they live now (API-change table, library messages)',
  kind: 'error-repair',
  library: 'generic',
  // gated by each table row's own version and the environment's installed package (resolveMissing)
  since: { package: 'python', version: '3.0' },
  explanation:
    "A module or name the notebook imports or uses no longer exists. The library's changelog " +
    '(the API-change table extracted into resources/api-changes) or its own error message ' +
    'names exactly one replacement that is the same object under a new name or module, so the ' +
    'import or the dotted use is rewritten to it (the old local name is kept as an alias). ' +
    'Nothing is changed when candidates disagree or the notebook defines a name the edit touches.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /module '[\w.]+' has no attribute '\w+'|`np\.\w+` was removed in the NumPy 2\.0 release/,
      },
      { ename: 'ImportError', evalue: /cannot import name '\w+' from '[\w.]+'/ },
      { ename: 'ModuleNotFoundError', evalue: /No module named '\w+\.[\w.]+'/ },
    ],
  },
  errorScope: 'cell',
  prepare(_view, ctx) {
    return { bindings: userBindings(ctx) };
  },
  apply(parsed, ctx) {
    const { bindings } = ctx.state as { bindings: Set<string> };
    const edits: SourceEdit[] = [];
    const done = new Set<string>();
    for (const error of ctx.errors) {
      const missing = missingName(error);
      if (!missing || done.has(missing.old)) continue;
      done.add(missing.old);
      const resolution = resolveMissing(missing, ctx.env);
      if (resolution.status !== 'resolved') continue;
      if (shadowed(missing, resolution.new, bindings, ctx)) continue;
      edits.push(...moduleMoveEdits(parsed, ctx, moveOf(resolution, missing)));
    }
    return edits;
  },
});

/** `'DataFrame' object has no attribute 'iteritems'` (Python may add ". Did you mean: 'items'?"). */
const OBJECT_ATTRIBUTE = /'(\w+)' object has no attribute '(\w+)'/;

/** The libraries whose classes the member repair knows, by class name (a class name found in one library only). */
function libraryOfClass(className: string, table: ApiChangeTable): ApiLibrary | null {
  const libraries = new Set<ApiLibrary>();
  for (const row of table.rows) if (classMember(row.old)?.className === className) libraries.add(row.library);
  return libraries.size === 1 ? ([...libraries][0] as ApiLibrary) : null;
}

export type MemberResolution =
  | { status: 'resolved'; className: string; old: string; new: string; rows: ApiChange[] }
  | { status: 'ambiguous'; candidates: string[] }
  | { status: 'unknown' };

/**
 * The new name of a class member the runtime says is missing: the table's pure renames of that member name, which
 * every class of the library that had it must agree on (the source does not say which object an `x.name` is).
 */
export function resolveMember(
  error: Pick<CellError, 'ename' | 'evalue'>,
  env: CellContext['env'],
  table: ApiChangeTable = apiChangeTable(),
): MemberResolution {
  const m = error.ename === 'AttributeError' ? OBJECT_ATTRIBUTE.exec(error.evalue) : null;
  if (!m) return { status: 'unknown' };
  const [, className, member] = m as unknown as [string, string, string];
  const library = libraryOfClass(className, table);
  if (!library) return { status: 'unknown' };
  const installed = packageVersion(env, DISTRIBUTION[library]);
  const { names, ownRows } = table.memberReplacements(library, className, member, installed);
  if (names.length === 0) return { status: 'unknown' };
  if (names.length > 1 || names.some((n) => n.endsWith('?')))
    return { status: 'ambiguous', candidates: names.map((n) => n.replace(/\?$/, '')) };
  return { status: 'resolved', className, old: member, new: names[0] as string, rows: ownRows };
}

/**
 * Attribute names the user's own code gives objects: methods and attributes of their classes (`def items(self)`,
 * `self.items = …`) and attribute assignments (`obj.items = …`). Renaming `x.items` would then touch their code.
 */
function userAttributes(ctx: RuleRunContext): Set<string> {
  const names = new Set<string>();
  // every cell, whole: an attribute the user's code gives anywhere in the notebook is theirs
  for (const { kind, node, target, parsed } of ctx.bindings({
    kinds: ['definition', 'assignment', 'augmented-assignment'],
  })) {
    if (kind === 'definition') {
      if (node.type !== 'class_definition') continue;
      for (const def of node.descendantsOfType('function_definition')) {
        const id = def.childForFieldName('name');
        if (id) names.add(parsed.text(id));
      }
      continue;
    }
    for (const attribute of [target, ...target.descendantsOfType('attribute')])
      if (attribute.type === 'attribute') {
        const name = attribute.childForFieldName('attribute');
        if (name) names.add(parsed.text(name));
      }
  }
  return names;
}

const renamedMember = defineRule({
  id: 'api-table.renamed-member',
  title: 'Renamed methods and attributes of library classes → their new name (API-change table)',
  kind: 'error-repair',
  library: 'generic',
  since: { package: 'python', version: '3.0' },
  explanation:
    "An object of a library class (the error names it: `'DataFrame' object has no attribute 'iteritems'`) no longer has a method or attribute. The API-change table says the member was renamed inside the class — the changelog says renamed, or the release's own code made the old name a plain alias that only warned and called the new one — and every class of that library that had the member agrees on the new name, so the `.old` accesses of the failing cell on the object of the failing line (the same expression) are renamed (followed through later renames: `iterkv` → `iteritems` → `items`). Nothing is changed when classes disagree, when the notebook's own classes or assignments use that attribute name, when the name is used on a module, or when the cell uses it on several objects and the failing line is unknown.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: OBJECT_ATTRIBUTE }] },
  errorScope: 'cell',
  prepare(_view, ctx) {
    return { attributes: userAttributes(ctx) };
  },
  apply(parsed, ctx) {
    const { attributes } = ctx.state as { attributes: Set<string> };
    const edits: SourceEdit[] = [];
    const done = new Set<string>();
    for (const error of ctx.errors) {
      const resolution = resolveMember(error, ctx.env);
      if (resolution.status !== 'resolved' || done.has(resolution.old)) continue;
      done.add(resolution.old);
      // the user's own classes or objects carry an attribute of that name (or of the new one): not ours to rename
      if (attributes.has(resolution.old) || attributes.has(resolution.new)) continue;
      const uses: { attribute: Node; object: string; line: string }[] = [];
      for (const node of ctx.nodes('attribute')) {
        const attribute = node.childForFieldName('attribute');
        const object = node.childForFieldName('object');
        if (!attribute || !object || parsed.text(attribute) !== resolution.old) continue;
        // `np.x` / `pd.x`: a module's attribute is the moved-name repair's, not a member of an object
        if (object.type === 'identifier' && ctx.imports.bindings.has(parsed.text(object))) continue;
        const lineStart = parsed.source.lastIndexOf('\n', node.startIndex - 1) + 1;
        const lineEnd = parsed.source.indexOf('\n', node.startIndex);
        uses.push({
          attribute,
          object: parsed.text(object),
          line: parsed.source.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).trim(),
        });
      }
      // only the object the error is about: the objects used on the failing line (same expression, same object),
      // or the one object the cell uses the name on; other objects may be of another type (`s.str.pad` is not a
      // GroupBy's `pad`), so two objects and no failing line are ambiguous
      const failing = error.line?.trim() ?? null;
      const onLine = failing ? uses.filter((u) => u.line === failing || u.line.includes(failing)) : [];
      const objects = new Set((onLine.length > 0 ? onLine : uses).map((u) => u.object));
      if (objects.size !== 1 && onLine.length === 0) continue;
      for (const use of uses)
        if (objects.has(use.object))
          edits.push({ start: use.attribute.startIndex, end: use.attribute.endIndex, text: resolution.new });
    }
    return edits;
  },
});

// the keyword-argument repair (catalog/api-kwargs.ts) is listed with it: both are the table's generic repairs
export const API_TABLE_RULES: Rule[] = [movedName, renamedMember, ...API_KWARG_RULES];
