// The integer analysis of python2.integer-division-sizes and python2.numpy-integer-division (a helper of those
// rules, in a file of its own so their files stay readable): which expressions and names of a notebook hold an
// integer in Python 2 and 3 alike, and whether the notebook divides as Python 2 did. Both rules ask for the same
// analyses in one rules run: the identifier walk is kept per cell tree and the analyses per notebook state.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { callArguments, positionalArguments } from '../../syntax';
import type { NotebookView } from '../../rule';
import { python2Notebook } from './_shared';

const CERTAIN_INT_CALLS = new Set(['len', 'int', 'round']);

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * An expression that is an integer in Python 2 and 3 alike: a literal, len(…), int(…), x.shape[i], a name the
 * notebook only ever binds to such integers (`n = 100`, `for k in range(…)`), and +, -, *, //, % of them. round(x)
 * counts only outside a Python 2 notebook: Python 2's round returned a float (round(7) / 2 was 3.5 there).
 */
export function certainlyInteger(
  node: Node | null,
  parsed: ParsedSource,
  names: ReadonlySet<string> = NO_NAMES,
  containers: ReadonlySet<string> = NO_NAMES,
  roundIsFloat = false,
): boolean {
  if (!node) return false;
  if (node.type === 'integer') return true;
  if (node.type === 'identifier') return names.has(parsed.text(node));
  if (node.type === 'parenthesized_expression')
    return certainlyInteger(node.namedChildren[0] ?? null, parsed, names, containers, roundIsFloat);
  if (node.type === 'call') {
    const fn = node.childForFieldName('function');
    const callee = fn?.type === 'identifier' ? parsed.text(fn) : '';
    const args = positionalArguments(node);
    if (args.length !== callArguments(node).length) return false;
    // sum(xs) of a list of integer literals; max(a, b), min(a, b), abs(a) of certain integers
    if (callee === 'sum') return args.length === 1 && isContainer(args[0], parsed, containers);
    if (['max', 'min', 'abs'].includes(callee))
      return (
        args.length >= (callee === 'abs' ? 1 : 2) &&
        args.every((a) => certainlyInteger(a, parsed, names, containers, roundIsFloat))
      );
    return CERTAIN_INT_CALLS.has(callee) && (callee !== 'round' || (args.length === 1 && !roundIsFloat));
  }
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    const index = node.childForFieldName('subscript');
    // counts[0], output['TOTAL'] of a list or dict of integer literals (an item, not a slice)
    if (isContainer(value, parsed, containers)) return !!index && index.type !== 'slice';
    return (
      value?.type === 'attribute' &&
      parsed.text(value.childForFieldName('attribute') as Node) === 'shape' &&
      index?.type === 'integer'
    );
  }
  if (node.type === 'binary_operator') {
    const op = node.childForFieldName('operator')?.type;
    return (
      ['+', '-', '*', '//', '%'].includes(op ?? '') &&
      certainlyInteger(node.childForFieldName('left'), parsed, names, containers, roundIsFloat) &&
      certainlyInteger(node.childForFieldName('right'), parsed, names, containers, roundIsFloat)
    );
  }
  return false;
}

function isContainer(node: Node | null | undefined, parsed: ParsedSource, containers: ReadonlySet<string>): boolean {
  return node?.type === 'identifier' && containers.has(parsed.text(node));
}

/** A list, tuple or set literal of integer literals, or a dict literal whose values all are integer literals. */
function integerLiteralContainer(node: Node | null): boolean {
  if (!node || !['list', 'tuple', 'set', 'dictionary'].includes(node.type)) return false;
  const items = node.namedChildren.filter((c) => c.type !== 'comment');
  if (items.length === 0) return false;
  if (node.type === 'dictionary')
    return items.every((pair) => pair.type === 'pair' && pair.childForFieldName('value')?.type === 'integer');
  return items.every((item) => item.type === 'integer');
}

/** An identifier of the notebook's code, with its parent node, its text and its cell's parse. */
export interface IdentifierSite {
  id: Node;
  parent: Node;
  /** the parent's type (read once: each read of a node's type is a call into the parser) */
  parentType: string;
  /** is the identifier the `left` of its parent (`name = …`, `name += …`, `for name in …`) */
  left: boolean;
  name: string;
  parsed: ParsedSource;
}

/** the statements whose left side isLeftOf asks about */
const LEFT_TYPES: ReadonlySet<string> = new Set<LeftType>(['assignment', 'augmented_assignment', 'for_statement']);

/** The parsed code cells of the notebook, in order. */
export function notebookSources(notebook: NotebookView): ParsedSource[] {
  return notebook.codeCells.map((index) => notebook.parse(index));
}

/** a tree's identifier sites, kept as long as the tree is (a cell's edit makes a new tree) */
const sitesOfTree = new WeakMap<ParsedSource, readonly IdentifierSite[]>();

/** Every identifier (but a parentless one) of the parsed sources, in order: the walk the name analyses share. */
export function* identifierSites(sources: readonly ParsedSource[]): Generator<IdentifierSite> {
  for (const parsed of sources) {
    let sites = sitesOfTree.get(parsed);
    if (!sites) {
      const found: IdentifierSite[] = [];
      for (const id of parsed.nodes('identifier')) {
        const parent = id.parent;
        if (!parent) continue;
        const parentType = parent.type;
        const left = LEFT_TYPES.has(parentType) && parent.childForFieldName('left')?.id === id.id;
        found.push({ id, parent, parentType, left, name: parsed.text(id), parsed });
      }
      sitesOfTree.set(parsed, (sites = found));
    }
    yield* sites;
  }
}

/** One notebook's analyses, per key, while its cells' trees stay the same (keyed by the first cell's tree). */
const analysesOfNotebook = new WeakMap<ParsedSource, { sources: ParsedSource[]; results: Map<string, unknown> }>();

/**
 * `compute` of the notebook's parsed code cells, computed once while no cell changes: the two integer-division
 * rules ask for the same analyses in one rules run, and each is a walk over every identifier of the notebook.
 */
export function memoized<T>(notebook: NotebookView, key: string, compute: (sources: ParsedSource[]) => T): T {
  const sources = notebookSources(notebook);
  const first = sources[0];
  if (!first) return compute(sources);
  let entry = analysesOfNotebook.get(first);
  if (!entry || entry.sources.length !== sources.length || entry.sources.some((s, i) => s !== sources[i])) {
    entry = { sources, results: new Map() };
    analysesOfNotebook.set(first, entry);
  }
  if (!entry.results.has(key)) entry.results.set(key, compute(sources));
  return entry.results.get(key) as T;
}

export type LeftType = 'assignment' | 'augmented_assignment' | 'for_statement';

/** Is the identifier the left side of a statement of one of these types (`name = …`, `for name in …`)? */
export function isLeftOf(site: IdentifierSite, types: readonly LeftType[]): boolean {
  return site.left && types.includes(site.parentType as LeftType);
}

/**
 * Names bound exactly once in the notebook, to a literal list / tuple / dict of integers (`scores = [3, 4, 5]`,
 * `output = {'SUCCESS': 5, 'TOTAL': 8}`), whose items are never assigned, and that no method is called on (no
 * append/update that could add a float): their items and sum() are integers.
 */
export function integerContainers(notebook: NotebookView): ReadonlySet<string> {
  return memoized(notebook, 'containers', (sources) => containersOf(sources));
}

function containersOf(sources: readonly ParsedSource[]): Set<string> {
  const bound = new Map<string, boolean>();
  const spoiled = new Set<string>();
  for (const site of identifierSites(sources)) {
    const { id, parent, parentType, name } = site;
    if (isLeftOf(site, ['assignment']))
      bound.set(name, !bound.has(name) && integerLiteralContainer(parent.childForFieldName('right')));
    else if (
      isLeftOf(site, ['augmented_assignment', 'for_statement']) ||
      OTHER_BINDINGS.has(parentType) ||
      (parentType === 'attribute' && parent.childForFieldName('object')?.id === id.id)
    )
      spoiled.add(name);
    else if (parentType === 'subscript' && parent.childForFieldName('value')?.id === id.id) {
      // counts[0] = 1.5, counts['a'] /= 2: an item assigned
      const target = parent.parent;
      if (
        target &&
        ['assignment', 'augmented_assignment'].includes(target.type) &&
        target.childForFieldName('left')?.id === parent.id
      )
        spoiled.add(name);
    }
  }
  return new Set([...bound].filter(([name, ok]) => ok && !spoiled.has(name)).map(([name]) => name));
}

/** The node types that bind a name other than by `name = …` or `for name in range(…)` (parameters, imports, with …). */
export const OTHER_BINDINGS = new Set([
  'parameters',
  'lambda_parameters',
  'default_parameter',
  'typed_parameter',
  'typed_default_parameter',
  'as_pattern_target',
  'aliased_import',
  'dotted_name',
  'global_statement',
  'nonlocal_statement',
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'for_in_clause',
  'named_expression',
  'function_definition',
  'class_definition',
]);

/**
 * Names the notebook binds only to certain integers: every binding is `name = <certain integer>`, `name += / -= / *=
 * <certain integer>` or `for name in range(…)`, and nothing else binds, imports or declares the name (a parameter,
 * a tuple target, an import). What Python 2 computed with them was an integer whatever the cell order.
 */
export function integerNames(
  notebook: NotebookView,
  containers: ReadonlySet<string>,
  python2: boolean,
  floorDivision: boolean,
): ReadonlySet<string> {
  const key = `names ${python2} ${floorDivision} ${[...containers].sort().join(' ')}`;
  return memoized(notebook, key, (sources) => namesOf(sources, containers, python2, floorDivision));
}

function namesOf(
  sources: readonly ParsedSource[],
  containers: ReadonlySet<string>,
  python2: boolean,
  floorDivision: boolean,
): Set<string> {
  const candidates = new Map<string, boolean>();
  // two rounds: a name bound to another integer name (m = n // 2) settles once n has
  for (let round = 0; round < 2; round++) {
    const known = new Set([...candidates].filter(([, ok]) => ok).map(([name]) => name));
    candidates.clear();
    const mark = (name: string, ok: boolean): void => {
      candidates.set(name, (candidates.get(name) ?? true) && ok);
    };
    for (const site of identifierSites(sources)) {
      const { id, parent, parentType, name, parsed } = site;
      if (isLeftOf(site, ['assignment'])) {
        mark(
          name,
          !parent.childForFieldName('type') &&
            certainlyInteger(parent.childForFieldName('right'), parsed, known, containers, python2),
        );
      } else if (isLeftOf(site, ['augmented_assignment'])) {
        const op = parent.childForFieldName('operator')?.type ?? '';
        // `total /= 4` stays an integer where it becomes `//=` (a Python 2 notebook without true division)
        const ops = floorDivision ? ['+=', '-=', '*=', '/=', '//=', '%='] : ['+=', '-=', '*=', '//=', '%='];
        mark(
          name,
          ops.includes(op) && certainlyInteger(parent.childForFieldName('right'), parsed, known, containers, python2),
        );
      } else if (isLeftOf(site, ['for_statement'])) {
        const right = parent.childForFieldName('right');
        const fn = right?.type === 'call' ? right.childForFieldName('function') : null;
        mark(name, fn?.type === 'identifier' && ['range', 'xrange'].includes(parsed.text(fn)));
      } else if (OTHER_BINDINGS.has(parentType)) {
        if (
          (parentType === 'function_definition' || parentType === 'class_definition') &&
          parent.childForFieldName('name')?.id !== id.id
        )
          continue;
        mark(name, false);
      }
    }
  }
  return new Set([...candidates].filter(([, ok]) => ok).map(([name]) => name));
}

const FUTURE_DIVISION = /^\s*from\s+__future__\s+import\b[^\n]*\bdivision\b/m;

/** Did / floor-divide integers in this notebook: a Python 2 notebook without `from __future__ import division`? */
export function floorDivisionNotebook(notebook: NotebookView): boolean {
  return python2Notebook({ notebook }) && !notebook.codeCells.some((i) => FUTURE_DIVISION.test(notebook.source(i)));
}
