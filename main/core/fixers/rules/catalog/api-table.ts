// Table-driven generic repair: a module or name that a library removed, renamed or moved, found through the
// API-change table (resources/api-changes, extracted from the changelogs) or through the library's own error
// message (NumPy 2: "`np.x` was removed in the NumPy 2.0 release. Use `y` instead."). It runs after the
// hand-written library rules and only on the cells whose error names the old name; it rewrites the import or the
// dotted use to where the name lives now when exactly one replacement is known and it is a pure rename/move (a
// name, not a call), and leaves the code alone when the candidates disagree or the user's own code binds a name
// the edit touches.
import type { CellError } from '../../../../../shared/models/execution';
import {
  apiChangeTable,
  DISTRIBUTION,
  isDottedName,
  libraryOf,
  type ApiChange,
  type ApiChangeTable,
} from '../../api-changes/table';
import { defineRule, packageVersion, type CellContext, type NotebookView, type Rule } from '../rule';
import type { SourceEdit } from '../source-edit';
import { API_KWARG_RULES } from './api-kwargs';
import { moduleMoveEdits, type ModuleMove } from './helpers';

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
  if (missing.fromMessage)
    return { status: 'resolved', old: missing.old, new: missing.fromMessage, source: 'message', rows: [] };
  const library = libraryOf(missing.old);
  if (!library) return { status: 'unknown', old: missing.old };
  const installed = packageVersion(env, DISTRIBUTION[library]);
  const { names, rows } = table.replacements(missing.old, installed);
  // a replacement in another library, or a bare builtin, is not a move this rule can make
  const usable = names.filter((name) => name.includes('.') && name !== missing.old);
  if (usable.length === 0) return { status: 'unknown', old: missing.old };
  if (usable.length > 1) return { status: 'ambiguous', old: missing.old, candidates: usable };
  return {
    status: 'resolved',
    old: missing.old,
    new: usable[0] as string,
    source: 'table',
    rows: rows.filter((row) => row.new === usable[0]),
  };
}

/** Names the user's own code binds (def, class, assignment, loop and with targets), imports left out. */
function userBindings(view: NotebookView): Set<string> {
  const names = new Set<string>();
  for (const index of view.codeCells) {
    const parsed = view.parse(index);
    for (const def of [...parsed.nodes('function_definition'), ...parsed.nodes('class_definition')]) {
      const id = def.childForFieldName('name');
      if (id) names.add(parsed.text(id));
    }
    for (const node of [
      ...parsed.nodes('assignment'),
      ...parsed.nodes('augmented_assignment'),
      ...parsed.nodes('for_statement'),
    ]) {
      const left = node.childForFieldName('left');
      if (!left) continue;
      if (left.type === 'identifier') names.add(parsed.text(left));
      else
        for (const id of left.descendantsOfType('identifier'))
          if (id.parent?.type !== 'attribute') names.add(parsed.text(id));
    }
    for (const item of parsed.nodes('as_pattern')) {
      const alias = item.childForFieldName('alias');
      if (alias) for (const id of alias.descendantsOfType('identifier')) names.add(parsed.text(id));
    }
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
    "A module or name the notebook imports or uses no longer exists. The library's changelog (the API-change table extracted into resources/api-changes) or its own error message names exactly one replacement that is the same object under a new name or module, so the import or the dotted use is rewritten to it (the old local name is kept as an alias). Nothing is changed when candidates disagree or the notebook defines a name the edit touches.",
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
  prepare(view) {
    return { bindings: userBindings(view) };
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

// the keyword-argument repair (catalog/api-kwargs.ts) is listed with it: both are the table's generic repairs
export const API_TABLE_RULES: Rule[] = [movedName, ...API_KWARG_RULES];
