// python2.list-valued-variables — x = filter(…) / d.keys() / range(n), then x used as a list → x = list(…)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     ks = d.keys()
//   →
//     ks = list(d.keys())
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// A variable shuffled in place (random.shuffle(idx), np.random.shuffle(idx)) is used as a list too.
// Left alone: the binding that reaches the use is not such a call (assigned from something else), or is in a loop or
// a branch before the use, or in another cell; a notebook's own filter is left alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { BINDING_STATEMENTS, cellBindings } from '../../bindings';
import { methodName, callArguments, enclosingStatement } from '../../syntax';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3, ITERATOR_BUILTINS, errorLines, concatenated, notebookDefines } from './_shared';

/** The Python 3 type an error names ('map', 'dict_keys', 'range') → the calls that produce it. */
const LAZY_TYPES: Record<string, (call: Node, parsed: ParsedSource) => boolean> = {
  map: (call, parsed) => builtinCall(call, parsed, 'map'),
  filter: (call, parsed) => builtinCall(call, parsed, 'filter'),
  zip: (call, parsed) => builtinCall(call, parsed, 'zip'),
  range: (call, parsed) => builtinCall(call, parsed, 'range'),
  dict_keys: (call, parsed) => viewCall(call, parsed, 'keys'),
  dict_values: (call, parsed) => viewCall(call, parsed, 'values'),
  dict_items: (call, parsed) => viewCall(call, parsed, 'items'),
};

function builtinCall(call: Node, parsed: ParsedSource, name: string): boolean {
  const fn = call.childForFieldName('function');
  return fn?.type === 'identifier' && parsed.text(fn) === name;
}

function viewCall(call: Node, parsed: ParsedSource, name: string): boolean {
  return methodName(call, parsed) === name && callArguments(call).length === 0;
}

/** List methods Python 2 code calls on those results (range and the views lack all of them in Python 3). */
const LIST_METHODS = new Set(['sort', 'append', 'extend', 'remove', 'insert', 'pop', 'reverse', 'index', 'count']);

/** `random.shuffle(idx)`, `np.random.shuffle(idx)`, `rng.shuffle(idx)`: shuffles its argument in place, a list in Python 2. */
function shuffled(id: Node, parsed: ParsedSource): boolean {
  const args = id.parent;
  const fn = args?.type === 'argument_list' ? args.parent?.childForFieldName('function') : null;
  return (
    !!fn &&
    args?.namedChildren[0]?.startIndex === id.startIndex &&
    (fn.type === 'identifier' || fn.type === 'attribute') &&
    /(^|\.)shuffle$/.test(parsed.text(fn))
  );
}

const LAZY_TYPE_NAMES = '(map|filter|zip|range|dict_keys|dict_values|dict_items)';

const LIST_USE_ERRORS = new RegExp(
  [
    `'${LAZY_TYPE_NAMES}' object is not subscriptable`,
    `object of type '${LAZY_TYPE_NAMES}' has no len`,
    `'${LAZY_TYPE_NAMES}' object has no len`,
    `unsupported operand type\\(s\\) for \\+: '${LAZY_TYPE_NAMES}'`,
    `unsupported operand type\\(s\\) for \\+: '\\w+' and '${LAZY_TYPE_NAMES}'`,
    `can only concatenate list \\(not "${LAZY_TYPE_NAMES}"\\)`,
    `'${LAZY_TYPE_NAMES}' object does not support item assignment`,
    `'${LAZY_TYPE_NAMES}' object has no attribute '(sort|append|extend|remove|insert|pop|reverse|index|count)'`,
  ].join('|'),
);

/**
 * `ks = d.keys()` … `ks.sort()`, `evens = filter(f, xs)` … `evens[0]`, `r = range(n)` … `r.remove(3)`: the
 * variable held a list in Python 2. On the error that names the lazy type, its assignment in the same cell gets
 * list(…) — when the variable is assigned exactly once there, from such a call, before the failing use.
 */
/**
 * The last binding of a name before its use when it is a plain `name = …` statement in the same block as the
 * statement that uses the name (straight-line code: nothing in between can rebind it), else null. `bindings` are
 * the cell's assignments, loops and augmented assignments of the name (tuple targets count twice).
 */
function reachingAssignment(bindings: readonly Node[], use: Node): Node | null {
  const before = bindings.filter((binding) => binding.endIndex < use.startIndex);
  const last = before.at(-1);
  if (!last || last.type !== 'assignment' || last.childForFieldName('left')?.type !== 'identifier') return null;
  // a binding that encloses the use (a loop over the name) or a second entry for the same node is no plain one
  if (before.filter((binding) => binding.id === last.id).length > 1) return null;
  if (bindings.some((binding) => binding.startIndex <= use.startIndex && use.endIndex <= binding.endIndex)) return null;
  const statement = last.parent;
  if (statement?.type !== 'expression_statement') return null;
  return enclosingStatement(use).parent?.id === statement.parent?.id ? last : null;
}

export const listValuedVariables = defineRule({
  id: 'python2.list-valued-variables',
  title: 'x = filter(…) / d.keys() / range(n), then x used as a list → x = list(…)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'In Python 2 map(), filter(), zip(), range() and dict.keys()/values()/items() returned lists; in ' +
    'Python 3 they return iterators, range objects and views, which have no sort()/append()/remove(), ' +
    'cannot be concatenated, and (map/filter/zip, views) cannot be indexed or measured. When the error ' +
    'names that type and the failing line uses a variable assigned once in the same cell from such a ' +
    'call, the assignment is wrapped in list(), which is the Python 2 value. A variable reassigned step ' +
    'by step gets list() on the assignment that reaches the use: the last one before it, in the same ' +
    'block. Variables assigned in other cells, in a loop or a branch before the use, are left alone.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: LIST_USE_ERRORS },
      { ename: 'AttributeError', evalue: LIST_USE_ERRORS },
    ],
  },
  needles: ['='],
  prepare(notebook) {
    return notebookDefines(notebook, [...ITERATOR_BUILTINS, 'range']);
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const types = new Set<string>();
    for (const error of ctx.errors)
      for (const m of error.evalue.matchAll(
        /'(map|filter|zip|range|dict_keys|dict_values|dict_items)'|"(map|filter|zip|range)"/g,
      ))
        types.add((m[1] ?? m[2]) as string);
    const failing = errorLines(ctx, parsed.source);
    if (types.size === 0 || failing.size === 0) return [];
    const lineOf = (node: Node): string => {
      const start = parsed.source.lastIndexOf('\n', node.startIndex - 1) + 1;
      const end = parsed.source.indexOf('\n', node.startIndex);
      return parsed.source.slice(start, end === -1 ? undefined : end).trim();
    };
    // name → its bindings in the cell (the whole cell: the binding that reaches a use may be on any line); one that
    // is not a plain `name = …` (a tuple target, a loop, `+=`) is listed twice, so it is never the only one
    const assignments = new Map<string, Node[]>();
    for (const { kind, node, target: left } of cellBindings(parsed, BINDING_STATEMENTS)) {
      const plain = kind === 'assignment' && left.type === 'identifier';
      for (const id of left.type === 'identifier' ? [left] : left.descendantsOfType('identifier'))
        if (id)
          assignments.set(parsed.text(id), [
            ...(assignments.get(parsed.text(id)) ?? []),
            node,
            ...(plain ? [] : [node]),
          ]);
    }
    const edits: SourceEdit[] = [];
    const done = new Set<string>();
    // the lines the traceback names (`failing`), not the application's scope: the rule edits only those
    for (const id of parsed.nodes('identifier')) {
      const name = parsed.text(id);
      if (done.has(name) || !failing.has(lineOf(id))) continue;
      const parent = id.parent;
      if (!parent) continue;
      const listUse =
        (parent.type === 'subscript' && parent.childForFieldName('value')?.startIndex === id.startIndex) ||
        (parent.type === 'attribute' &&
          parent.childForFieldName('object')?.startIndex === id.startIndex &&
          LIST_METHODS.has(parsed.text(parent.childForFieldName('attribute') as Node))) ||
        concatenated(id) ||
        (parent.type === 'argument_list' &&
          parent.namedChildCount === 1 &&
          parsed.text(parent.parent?.childForFieldName('function') as Node) === 'len') ||
        shuffled(id, parsed);
      if (!listUse) continue;
      const assigned = assignments.get(name) ?? [];
      // the binding that reaches the use: the cell's only one, or (a name reassigned step by step, `t = t.split()`,
      // `t = filter(…, t)`) the last one before the use, a plain assignment in the same block as the use's statement
      // with no other binding of the name in between
      const only = assigned.length === 1 ? assigned[0] : reachingAssignment(assigned, id);
      const right = only?.childForFieldName('right');
      if (
        !only ||
        !right ||
        right.type !== 'call' ||
        only.endIndex > id.startIndex ||
        only.parent?.type !== 'expression_statement'
      )
        continue;
      const kind = [...types].find((t) => LAZY_TYPES[t]?.(right, parsed));
      if (!kind || defined.has(kind)) continue;
      done.add(name);
      edits.push(replaceNode(right, `list(${parsed.text(right)})`));
    }
    return edits;
  },
});
