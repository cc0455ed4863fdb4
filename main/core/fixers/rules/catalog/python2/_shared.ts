// Helpers shared by several python2 rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import type { CellContext, NotebookView } from '../../rule';
import type { Node } from 'web-tree-sitter';
import { definesName } from '../../syntax';
import type { ParsedSource } from '../../../../python/python-parser';
import type { SourceEdit } from '../../source-edit';
import { insertAtCellTop } from '../helpers';

export const PY3 = { package: 'python', version: '3.0', date: '2008-12-03' };

/** The trimmed cell lines an error points at: its `line`, and the `---->` line of the cell's own frame. */
export function errorLines(ctx: CellContext, source: string): Set<string> {
  const lines = source.split('\n');
  const found = new Set<string>();
  for (const error of ctx.errors) {
    if (error.line?.trim()) found.add(error.line.trim());
    for (const frame of error.traceback.map((t) => t.replace(/\u001b\[[0-9;]*m/g, ''))) {
      if (!/Cell In\[|<ipython-input-|input-\d+-/.test(frame)) continue;
      const arrow = /-+>\s*(\d+)/.exec(frame);
      const line = arrow ? lines[Number(arrow[1]) - 1] : undefined;
      if (line?.trim()) found.add(line.trim());
      break;
    }
  }
  return found;
}

/**
 * Could the source define `name` (assign, import, loop over, take as a parameter, def/class)? Every such form
 * has the name not directly followed by `(`, except def/class: a cell that only calls it (or a method of the
 * same name) is not parsed to find out.
 */
export function mayDefine(source: string, name: string): boolean {
  if (!source.includes(name)) return false;
  let pattern = DEFINITION_PATTERNS.get(name);
  if (!pattern)
    DEFINITION_PATTERNS.set(name, (pattern = new RegExp(`\\b${name}\\b(?!\\s*\\()|\\b(def|class)\\s+${name}\\b`)));
  return pattern.test(source);
}

export const DEFINITION_PATTERNS = new Map<string, RegExp>();

/**
 * Is the identifier read as a value (not an attribute name, keyword name, parameter, assignment target or a name in
 * an import or def/class line)? `alsoNotIn`: more parent node types whose names are not uses (a rule's own).
 */
export function isNameUse(node: Node, alsoNotIn: readonly string[] = []): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'attribute' && parent.childForFieldName('attribute')?.startIndex === node.startIndex)
    return false;
  if (parent.type === 'keyword_argument' && parent.childForFieldName('name')?.startIndex === node.startIndex)
    return false;
  if (NOT_USE_PARENTS.includes(parent.type) || alsoNotIn.includes(parent.type)) return false;
  if (parent.type === 'assignment' && parent.childForFieldName('left')?.startIndex === node.startIndex) return false;
  return true;
}

const NOT_USE_PARENTS = [
  'dotted_name',
  'aliased_import',
  'parameters',
  'default_parameter',
  'typed_parameter',
  'function_definition',
  'class_definition',
];

export const ITERATOR_BUILTINS = ['map', 'filter', 'zip'];

/** Callables whose every positional argument is a count or a dimension (range, numpy's constructors, reshape …). */
export const COUNT_CALLS = [
  'range',
  'xrange',
  'randint',
  'zeros',
  'ones',
  'empty',
  'reshape',
  'sample',
  'arange',
  'repeat',
  'tile',
];

/** Is the node an operand of `+` (list concatenation in Python 2)? */
export function concatenated(node: Node): boolean {
  const parent = node.parent;
  return (
    parent?.type === 'binary_operator' &&
    parent.childForFieldName('operator')?.type === '+' &&
    (parent.childForFieldName('left')?.startIndex === node.startIndex ||
      parent.childForFieldName('right')?.startIndex === node.startIndex)
  );
}

export const WHATS_NEW = "What's New in Python 3.0";

/** Names among `names` that some cell of the notebook binds itself (def, class, assignment, import, parameter). */
export function notebookDefines(notebook: NotebookView, names: readonly string[]): Set<string> {
  const defined = new Set<string>();
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    for (const name of names)
      if (!defined.has(name) && source.includes(name) && definesName(notebook.parse(index), name)) defined.add(name);
  }
  return defined;
}

export function ensureImport(parsed: ParsedSource, ctx: CellContext, module: string, edits: SourceEdit[]): void {
  if (ctx.imports.bindings.get(module) !== module) edits.push(insertAtCellTop(parsed, `import ${module}`));
}

/**
 * Was the notebook written for Python 2? Its kernelspec (python2) or language_info (2.x) says so, or a cell still
 * holds a Python 2 print statement.
 */
export function python2Notebook(ctx: Pick<CellContext, 'notebook'>): boolean {
  const meta = ctx.notebook.notebook.metadata as {
    kernelspec?: { name?: string };
    language_info?: { version?: string; codemirror_mode?: { version?: number } };
  };
  if (
    /^python2$/i.test(meta.kernelspec?.name ?? '') ||
    /^2\./.test(meta.language_info?.version ?? '') ||
    meta.language_info?.codemirror_mode?.version === 2
  )
    return true;
  return ctx.notebook.codeCells.some(
    (i) => ctx.notebook.source(i).includes('print') && ctx.notebook.parse(i).nodes('print_statement').length > 0,
  );
}
