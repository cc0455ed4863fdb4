// Where the notebook binds names: the one walk over assignments, loops, comprehensions, with items, `as` aliases,
// parameters and definitions that rules ask for (as ctx.bindings(…) across the notebook, or cellBindings(parsed) for
// one cell) instead of each walking `parsed.nodes('assignment')` of every cell their own way. A site says where and
// how a name is bound; what a rule makes of it (a name bound only to floats, to a pandas frame, to an estimator) stays
// the rule's. Imports are the import table's (imports.ts), not sites.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../python/python-parser';
import type { NotebookView } from './rule';

/**
 * How a site binds: `assignment` (`a = …`, `a, b = …`, `x: int`), `augmented-assignment` (`a += …`), `for`
 * (a for statement's target), `comprehension` (a for clause's target), `with` (a with item, whole), `as` (an
 * `as_pattern`'s alias: `with … as f`, `except E as e`), `parameters` (a definition's or lambda's parameter list,
 * whole, defaults included), `definition` (a function's or class's name).
 */
export type BindingKind =
  'assignment' | 'augmented-assignment' | 'for' | 'comprehension' | 'with' | 'as' | 'parameters' | 'definition';

export interface BindingSite {
  kind: BindingKind;
  /** the binding node: the assignment, loop, clause, with item, as pattern, parameter list or definition */
  node: Node;
  /**
   * what it binds: the left side (assignments, loops, comprehensions), the alias (`as`), the name (definitions);
   * for `with` and `parameters`, which have no single target, the node itself
   */
  target: Node;
  /** an assignment's right side (null for `x: int` and for every other kind) */
  value: Node | null;
}

/** A site of the notebook: in which code cell, with that cell's tree. */
export interface NotebookBindingSite extends BindingSite {
  cellIndex: number;
  parsed: ParsedSource;
}

/** Which sites a rule asks for: of these kinds (all when absent), in the cells whose source passes `cells`. */
export interface BindingFilter {
  kinds?: readonly BindingKind[];
  /** a cheap text test of a cell's source before it is parsed (`/XGB|LGBM/`): cells that fail it give no sites */
  cells?: RegExp | ((source: string) => boolean);
}

/** The statements that bind the names on their left: assignments, augmented assignments and for loops. */
export const BINDING_STATEMENTS: readonly BindingKind[] = ['assignment', 'augmented-assignment', 'for'];

/** the node types of each kind, in the order sites are listed (a kind's sites in source order) */
const KINDS: readonly (readonly [BindingKind, string])[] = [
  ['assignment', 'assignment'],
  ['augmented-assignment', 'augmented_assignment'],
  ['for', 'for_statement'],
  ['comprehension', 'for_in_clause'],
  ['with', 'with_item'],
  ['as', 'as_pattern'],
  ['parameters', 'parameters'],
  ['definition', 'function_definition'],
  ['definition', 'class_definition'],
];

/** a tree's sites, kept as long as the tree is (a cell's edit makes a new tree) */
const sitesOfTree = new WeakMap<ParsedSource, readonly BindingSite[]>();

/** The binding sites of one cell's tree: kind by kind in the order of BindingKind, each kind in source order. */
export function cellBindings(parsed: ParsedSource, kinds?: readonly BindingKind[]): readonly BindingSite[] {
  let sites = sitesOfTree.get(parsed);
  if (!sites) {
    const found: BindingSite[] = [];
    for (const [kind, type] of KINDS) {
      for (const node of parsed.nodes(type)) {
        const target = targetOf(kind, node);
        if (target) found.push({ kind, node, target, value: kind === 'assignment' ? valueOf(node) : null });
      }
    }
    sites = found;
    sitesOfTree.set(parsed, sites);
  }
  return kinds ? sites.filter((site) => kinds.includes(site.kind)) : sites;
}

/** The binding sites of the whole notebook (every code cell, whole), cell by cell in notebook order. */
export function notebookBindings(notebook: NotebookView, filter: BindingFilter = {}): NotebookBindingSite[] {
  const { cells } = filter;
  const passes = cells === undefined ? null : cells instanceof RegExp ? (s: string) => cells.test(s) : cells;
  const sites: NotebookBindingSite[] = [];
  for (const cellIndex of notebook.codeCells) {
    if (passes && !passes(notebook.source(cellIndex))) continue;
    const parsed = notebook.parse(cellIndex);
    for (const site of cellBindings(parsed, filter.kinds)) sites.push({ ...site, cellIndex, parsed });
  }
  return sites;
}

function targetOf(kind: BindingKind, node: Node): Node | null {
  switch (kind) {
    case 'with':
    case 'parameters':
      return node;
    case 'as':
      return node.childForFieldName('alias');
    case 'definition':
      return node.childForFieldName('name');
    case 'comprehension':
      // a clause without a left field (never in a well-formed tree) binds what it holds
      return node.childForFieldName('left') ?? node;
    default:
      return node.childForFieldName('left');
  }
}

function valueOf(assignment: Node): Node | null {
  return assignment.childForFieldName('right');
}
