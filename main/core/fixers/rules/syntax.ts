// Small helpers rules use to read calls, arguments and literals on the tree-sitter-python tree and to build the
// minimal edits (add/remove/rename one argument, swap one string) that keep the rest of a line as it was.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../python/python-parser';
import { BINDING_STATEMENTS, cellBindings } from './bindings';
import { deleteRange, insertAt, replaceNode, type SourceEdit } from './source-edit';

export function sameNode(a: Node | null | undefined, b: Node | null | undefined): boolean {
  return !!a && !!b && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;
}

/** The argument_list of a call, or null for `f(x for x in y)` and other shapes. */
export function argumentList(call: Node): Node | null {
  const args = call.childForFieldName('arguments');
  return args && args.type === 'argument_list' ? args : null;
}

/** Per tree: node id → its argument nodes. Rules ask for the same call's arguments many times. */
const argumentCache = new WeakMap<object, Map<number, Node[]>>();

/** Argument nodes in order (positional, keyword and splats), comments excluded. */
export function callArguments(call: Node): Node[] {
  let byId = argumentCache.get(call.tree);
  if (!byId) argumentCache.set(call.tree, (byId = new Map()));
  let found = byId.get(call.id);
  if (!found) {
    const args = argumentList(call);
    found = args ? args.namedChildren.filter((n) => n.type !== 'comment') : [];
    byId.set(call.id, found);
  }
  return found;
}

export function positionalArguments(call: Node): Node[] {
  return callArguments(call).filter(
    (n) => n.type !== 'keyword_argument' && n.type !== 'list_splat' && n.type !== 'dictionary_splat',
  );
}

/** `*args` or `**kwargs` in the call: any parameter may be set through them. */
export function hasSplat(call: Node): boolean {
  return callArguments(call).some((n) => n.type === 'list_splat' || n.type === 'dictionary_splat');
}

export function keywordName(kw: Node, parsed: ParsedSource): string {
  const name = kw.childForFieldName('name');
  return name ? parsed.text(name) : '';
}

export function keywordArgument(call: Node, name: string, parsed: ParsedSource): Node | null {
  return callArguments(call).find((n) => n.type === 'keyword_argument' && keywordName(n, parsed) === name) ?? null;
}

export function keywordValue(call: Node, name: string, parsed: ParsedSource): Node | null {
  return keywordArgument(call, name, parsed)?.childForFieldName('value') ?? null;
}

/**
 * Is a parameter set in this call, by keyword or by position (positionIndex = its index among positional
 * parameters, when it can be passed positionally), or possibly through a splat?
 */
export function isParameterSet(call: Node, name: string, parsed: ParsedSource, positionIndex?: number): boolean {
  if (hasSplat(call)) return true;
  if (keywordArgument(call, name, parsed)) return true;
  return positionIndex !== undefined && positionalArguments(call).length > positionIndex;
}

/**
 * Appends arguments at the end of a call's argument list, in the call's own style: after the last argument
 * (or its trailing comma), on the same line. Returns null for calls without a plain argument list.
 */
export function appendArguments(call: Node, texts: string[], parsed: ParsedSource): SourceEdit | null {
  const args = argumentList(call);
  if (!args || texts.length === 0) return null;
  const existing = callArguments(call);
  const joined = texts.join(', ');
  const last = existing.at(-1);
  if (!last) return insertAt(args.endIndex - 1, joined);
  const after = parsed.source.slice(last.endIndex, args.endIndex - 1);
  const trailingComma = /^\s*,/.exec(after);
  if (trailingComma) return insertAt(last.endIndex + trailingComma[0].length, ` ${joined},`);
  return insertAt(last.endIndex, `, ${joined}`);
}

/** Removes one argument together with the comma that separates it from its neighbour. */
export function removeArgument(arg: Node, call: Node): SourceEdit {
  const all = callArguments(call);
  const index = all.findIndex((n) => sameNode(n, arg));
  const next = all[index + 1];
  if (next) return deleteRange(arg.startIndex, next.startIndex);
  const previous = all[index - 1];
  if (previous) return deleteRange(previous.endIndex, arg.endIndex);
  const args = argumentList(call) as Node;
  return deleteRange(args.startIndex + 1, args.endIndex - 1);
}

export function renameKeyword(kw: Node, newName: string): SourceEdit | null {
  const name = kw.childForFieldName('name');
  return name ? replaceNode(name, newName) : null;
}

/** Content of a plain string literal (no f-string interpolation, no implicit concatenation), else null. */
export function stringContent(node: Node | null, parsed: ParsedSource): string | null {
  if (!node || node.type !== 'string') return null;
  if (node.namedChildren.some((c) => c.type === 'interpolation')) return null;
  const start = node.namedChildren.find((c) => c.type === 'string_start');
  const end = node.namedChildren.find((c) => c.type === 'string_end');
  if (!start || !end) return null;
  if (/[fFbB]/.test(parsed.text(start))) return null;
  return parsed.source.slice(start.endIndex, end.startIndex);
}

/** Replaces a plain string literal's content, keeping its quotes and prefix. */
export function replaceStringContent(node: Node, content: string): SourceEdit | null {
  const start = node.namedChildren.find((c) => c.type === 'string_start');
  const end = node.namedChildren.find((c) => c.type === 'string_end');
  if (!start || !end) return null;
  return { start: start.endIndex, end: end.startIndex, text: content };
}

/** The name after the dot of an attribute node (`np.float` → 'float'). */
export function attributeName(attr: Node, parsed: ParsedSource): string {
  const name = attr.childForFieldName('attribute');
  return name ? parsed.text(name) : '';
}

/** For `obj.method(...)`: the method name, else null. */
export function methodName(call: Node, parsed: ParsedSource): string | null {
  const fn = call.childForFieldName('function');
  return fn?.type === 'attribute' ? attributeName(fn, parsed) : null;
}

/** For `obj.method(...)`: the `obj` node, else null. */
export function methodReceiver(call: Node): Node | null {
  const fn = call.childForFieldName('function');
  return fn?.type === 'attribute' ? fn.childForFieldName('object') : null;
}

/** Node types that bind tighter than any operator: safe to put `.attr` or `[...]` after without parentheses. */
const PRIMARY = new Set([
  'identifier',
  'attribute',
  'call',
  'subscript',
  'string',
  'integer',
  'float',
  'list',
  'tuple',
  'dictionary',
  'set',
  'parenthesized_expression',
  'list_comprehension',
  'dictionary_comprehension',
  'set_comprehension',
  'true',
  'false',
  'none',
  'concatenated_string',
]);

/** The node's text, parenthesized when it is not a primary expression (so `.attr` can follow it). */
export function asPrimary(node: Node, parsed: ParsedSource): string {
  const text = parsed.text(node);
  return PRIMARY.has(node.type) ? text : `(${text})`;
}

/** The text of an expression where a comma-separated item or operand is needed. */
export function asOperand(node: Node, parsed: ParsedSource): string {
  const text = parsed.text(node);
  return [
    'lambda',
    'conditional_expression',
    'boolean_operator',
    'not_operator',
    'named_expression',
    'comparison_operator',
  ].includes(node.type)
    ? `(${text})`
    : text;
}

/** The statement (direct child of module or of a block) that contains the node. */
export function enclosingStatement(node: Node): Node {
  let current = node;
  while (current.parent && current.parent.type !== 'module' && current.parent.type !== 'block')
    current = current.parent;
  return current;
}

/** The top-level statement (direct child of the module) that contains the node. */
export function topLevelStatement(node: Node): Node {
  let current = node;
  while (current.parent && current.parent.type !== 'module') current = current.parent;
  return current;
}

/** Offset of the start of the line that holds `offset`. */
export function lineStart(source: string, offset: number): number {
  return source.lastIndexOf('\n', offset - 1) + 1;
}

/** Inserts a line (an import, usually) before the top-level statement that holds the node. */
export function insertLineBefore(node: Node, line: string, parsed: ParsedSource): SourceEdit {
  const statement = topLevelStatement(node);
  return insertAt(lineStart(parsed.source, statement.startIndex), `${line}\n`);
}

/**
 * Is the name assigned, defined or imported anywhere in the source (so a builtin rename would be wrong)?
 * `imports: false` leaves imports out: a name the source imports is not its own (`from m import f` is no `def f`).
 */
export function definesName(parsed: ParsedSource, name: string, options: { imports?: boolean } = {}): boolean {
  for (const def of cellBindings(parsed, ['definition'])) if (parsed.text(def.target) === name) return true;
  if (cellBindings(parsed, BINDING_STATEMENTS).some(({ target }) => targetNames(target, parsed).includes(name)))
    return true;
  if (options.imports === false) return parameterNamed(parsed, name);
  // the names imports bind (`import a.b` binds a, `import a as b` b, `from m import x as y` y), not the module paths
  for (const imp of [...parsed.nodes('import_statement'), ...parsed.nodes('import_from_statement')]) {
    if (imp.namedChildren.some((child) => child.type === 'wildcard_import')) continue;
    for (const item of imp.childrenForFieldName('name')) {
      const bound =
        item.type === 'aliased_import'
          ? item.childForFieldName('alias')
          : imp.type === 'import_statement'
            ? (item.namedChildren[0] ?? item)
            : (item.namedChildren.at(-1) ?? item);
      if (bound && parsed.text(bound) === name) return true;
    }
  }
  return parameterNamed(parsed, name);
}

function parameterNamed(parsed: ParsedSource, name: string): boolean {
  for (const { node } of cellBindings(parsed, ['parameters']))
    for (const id of node.descendantsOfType('identifier')) if (parsed.text(id) === name) return true;
  return false;
}

/**
 * The names an assignment target binds: `a`, `a, (b, *c)` → a, b, c. A subscript or attribute target (`d[int(k)] =`,
 * `self.x =`) binds none of the names it reads.
 */
function targetNames(target: Node, parsed: ParsedSource): string[] {
  if (target.type === 'identifier') return [parsed.text(target)];
  if (
    [
      'pattern_list',
      'tuple_pattern',
      'list_pattern',
      'tuple',
      'list',
      'expression_list',
      'parenthesized_expression',
      'list_splat_pattern',
      'list_splat',
    ].includes(target.type)
  )
    return target.namedChildren.flatMap((child) => targetNames(child, parsed));
  return [];
}
