// python2.numpy-integer-division — a / 2 of a numpy integer array in a Python 2 notebook → a // 2
//
// Why it broke: Python 3.0 (2008-12-03) made / true division; NumPy followed the language: in Python 2 (without
// `from __future__ import division`) `/` between integer arrays, or an integer array and an integer, called
// np.divide, which "when both x1 and x2 are of an integer type … will behave like floor_divide" (NumPy 1.x's
// documentation of divide); in Python 3 it is true_divide and gives floats. So np.arange(7) / 2 was
// [0 0 1 1 2 2 3] and is [0. 0.5 1. …] now, an index array becomes a float array ("arrays used as indices must be of
// integer (or boolean) type"), and `a /= 2` on an integer array fails ("Cannot cast ufunc 'divide' output from
// dtype('float64') to dtype('int64')").
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#integers
// Changelog: https://numpy.org/doc/1.16/reference/generated/numpy.divide.html
// Example:
//     idx = np.arange(10)
//     print idx / 3
//   →
//     idx = np.arange(10)
//     print idx // 3
// Fix safety: Same result: // is floor_divide, what Python 2's / computed on integer arrays. Only in a notebook that
// shows it is Python 2 (a print statement, a python2 kernel) and does not import division from __future__, and only
// where the array is certainly of an integer dtype: a name every binding of which (notebook-wide) is np.arange of
// integers, np.random.randint(…), np.array/asarray of a literal list of integers, np.zeros/ones/empty/full with
// dtype=int, their items and slices, or +, -, *, //, % of those and integers; the other operand is such an array or a
// certain integer
// (literals, len(…), int(…), x.shape[i], names only bound to those).
// Left alone: pandas objects (a Series' / divided truly in Python 2 too), x.astype(int) (x may be a Series), names
// bound otherwise anywhere (a parameter, a for target, a tuple target, an import), float operands, and notebooks
// with true division.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type NotebookView } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, keywordArgument, keywordName, positionalArguments } from '../../syntax';
import { PY3 } from './_shared';
import {
  OTHER_BINDINGS,
  certainlyInteger,
  floorDivisionNotebook,
  identifierSites,
  integerContainers,
  integerNames,
  isLeftOf,
  notebookSources,
} from './_certain-integers';

interface State {
  arrays: Set<string>;
  scalars: ReadonlySet<string>;
  containers: ReadonlySet<string>;
  numpy: Set<string>;
  imported: Set<string>;
}

const INT_DTYPES = /^(int|'int(8|16|32|64)?'|"int(8|16|32|64)?"|(np|numpy)\.(int_|int8|int16|int32|int64|intp))$/;

/** The names the notebook reaches numpy by (`import numpy as np`) and the numpy functions it imports by name. */
function numpyNames(notebook: NotebookView): { numpy: Set<string>; imported: Set<string> } {
  const numpy = new Set<string>();
  const imported = new Set<string>();
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    for (const m of source.matchAll(/^[ \t]*import\s+numpy(?:\s+as\s+(\w+))?\s*$/gm)) numpy.add(m[1] ?? 'numpy');
    for (const m of source.matchAll(/^[ \t]*from\s+numpy\s+import\s+([\w ,]+)$/gm))
      for (const name of (m[1] as string).split(','))
        if (/^\s*(arange|array|asarray)\s*$/.test(name)) imported.add(name.trim());
  }
  return { numpy, imported };
}

/** A list or tuple literal, nested or not, of integer literals (a minus sign allowed). */
function integerLiteralArray(node: Node | null | undefined): boolean {
  if (!node) return false;
  if (node.type === 'integer') return true;
  if (node.type === 'unary_operator') return node.namedChildren[0]?.type === 'integer';
  if (node.type !== 'list' && node.type !== 'tuple') return false;
  const items = node.namedChildren.filter((c) => c.type !== 'comment');
  return items.length > 0 && items.every((item) => integerLiteralArray(item));
}

/** Is the dtype= of the call absent (`absentOk`) or an integer type? */
function integerDtype(call: Node, parsed: ParsedSource, absentOk: boolean): boolean {
  const dtype = keywordArgument(call, 'dtype', parsed)?.childForFieldName('value');
  return dtype ? INT_DTYPES.test(parsed.text(dtype)) : absentOk;
}

/** Is the expression certainly a numpy array of an integer dtype? */
function integerArray(node: Node | null, parsed: ParsedSource, state: State, known: ReadonlySet<string>): boolean {
  if (!node) return false;
  const scalar = (n: Node | null) => certainlyInteger(n, parsed, state.scalars, state.containers, true);
  if (node.type === 'identifier') return known.has(parsed.text(node));
  if (node.type === 'parenthesized_expression')
    return integerArray(node.namedChildren[0] ?? null, parsed, state, known);
  // an item, a slice or a selection of an integer array: integers too
  if (node.type === 'subscript') return integerArray(node.childForFieldName('value'), parsed, state, known);
  if (node.type === 'unary_operator')
    return parsed.text(node).startsWith('-') && integerArray(node.namedChildren[0] ?? null, parsed, state, known);
  if (node.type === 'binary_operator') {
    const op = node.childForFieldName('operator')?.type ?? '';
    if (!['+', '-', '*', '//', '%'].includes(op)) return false;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const la = integerArray(left, parsed, state, known);
    const ra = integerArray(right, parsed, state, known);
    return (la && (ra || scalar(right))) || (ra && scalar(left));
  }
  if (node.type !== 'call') return false;
  const fn = node.childForFieldName('function');
  if (!fn) return false;
  const text = parsed.text(fn);
  const dot = text.lastIndexOf('.');
  const owner = dot < 0 ? null : text.slice(0, dot);
  const name = dot < 0 ? text : text.slice(dot + 1);
  const fromNumpy = owner === null ? state.imported.has(name) : state.numpy.has(owner);
  const random = owner !== null && [...state.numpy].some((np) => owner === `${np}.random`);
  const positional = positionalArguments(node);
  const keywords = callArguments(node).filter((a) => a.type === 'keyword_argument');
  if (callArguments(node).some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) return false;
  if (random) return name === 'randint' && integerDtype(node, parsed, true);
  if (!fromNumpy) return false;
  if (name === 'arange')
    return (
      positional.length >= 1 &&
      positional.every((a) => scalar(a)) &&
      keywords.every((k) => keywordName(k, parsed) === 'dtype') &&
      integerDtype(node, parsed, true)
    );
  if (name === 'array' || name === 'asarray')
    return (
      positional.length === 1 &&
      integerLiteralArray(positional[0]) &&
      keywords.every((k) => keywordName(k, parsed) === 'dtype') &&
      integerDtype(node, parsed, true)
    );
  if (['zeros', 'ones', 'empty', 'full'].includes(name)) return integerDtype(node, parsed, false);
  return false;
}

/**
 * Names the notebook binds only to integer arrays: every binding is `name = <integer array>` or an augmented
 * assignment that keeps the dtype (+=, -=, *=, //=, %=, and /= which becomes //= here) of a certain integer or
 * integer array, and nothing else binds the name.
 */
function integerArrayNames(notebook: NotebookView, base: Omit<State, 'arrays'>): Set<string> {
  const sources = notebookSources(notebook);
  const candidates = new Map<string, boolean>();
  for (let round = 0; round < 2; round++) {
    const known = new Set([...candidates].filter(([, ok]) => ok).map(([name]) => name));
    candidates.clear();
    const state: State = { ...base, arrays: known };
    const mark = (name: string, ok: boolean): void => {
      candidates.set(name, (candidates.get(name) ?? true) && ok);
    };
    for (const site of identifierSites(sources)) {
      const { id, parent, parentType, name, parsed } = site;
      if (isLeftOf(site, ['assignment'])) {
        mark(
          name,
          !parent.childForFieldName('type') && integerArray(parent.childForFieldName('right'), parsed, state, known),
        );
      } else if (isLeftOf(site, ['augmented_assignment'])) {
        const op = parent.childForFieldName('operator')?.type ?? '';
        const right = parent.childForFieldName('right');
        mark(
          name,
          ['+=', '-=', '*=', '/=', '//=', '%='].includes(op) &&
            (integerArray(right, parsed, state, known) ||
              certainlyInteger(right, parsed, base.scalars, base.containers, true)),
        );
      } else if (isLeftOf(site, ['for_statement'])) {
        mark(name, false);
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

export const numpyIntegerDivision = defineRule({
  id: 'python2.numpy-integer-division',
  title: 'a / 2 of a numpy integer array in a Python 2 notebook → a // 2',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "In Python 2 (without from __future__ import division) / between integer numpy arrays, or an integer array and an integer, was np.divide, which NumPy documented to behave like floor_divide for integer inputs; Python 3's / is true division and gives floats. In a notebook that shows it is Python 2, / and /= whose operands are certainly of an integer dtype (np.arange of integers, np.random.randint, np.array of an integer list literal, np.zeros(…, dtype=int) …, names only bound to those, and certain integers) become // and //=. pandas objects divided truly in Python 2 too and are left alone.",
  trigger: {
    errors: [
      { ename: 'IndexError', evalue: /arrays used as indices must be of integer \(or boolean\) type/ },
      { ename: '_UFuncOutputCastingError', evalue: /Cannot cast ufunc 'divide' output from dtype\('float64'\)/ },
      { ename: 'UFuncTypeError', evalue: /Cannot cast ufunc 'divide' output from dtype\('float64'\)/ },
    ],
    pattern: true,
  },
  needles: [/[\w)\]]\s*\/(?![/])/],
  prepare: (notebook): State => {
    const empty = new Set<string>();
    if (!floorDivisionNotebook(notebook))
      return { arrays: empty, scalars: empty, containers: empty, numpy: empty, imported: empty };
    const containers = integerContainers(notebook);
    const scalars = integerNames(notebook, containers, true, true);
    const base = { scalars, containers, ...numpyNames(notebook) };
    if (base.numpy.size === 0 && base.imported.size === 0) return { ...base, arrays: empty };
    return { ...base, arrays: integerArrayNames(notebook, base) };
  },
  apply(parsed, ctx) {
    const state = ctx.state as State;
    if (state.numpy.size === 0 && state.imported.size === 0) return [];
    const array = (n: Node | null) => integerArray(n, parsed, state, state.arrays);
    const scalar = (n: Node | null) => certainlyInteger(n, parsed, state.scalars, state.containers, true);
    const edits: SourceEdit[] = [];
    for (const op of ctx.nodes('binary_operator')) {
      const operator = op.childForFieldName('operator');
      if (operator?.type !== '/') continue;
      const left = op.childForFieldName('left');
      const right = op.childForFieldName('right');
      if ((array(left) && (array(right) || scalar(right))) || (scalar(left) && array(right)))
        edits.push(replaceNode(operator, '//'));
    }
    for (const op of ctx.nodes('augmented_assignment')) {
      const operator = op.childForFieldName('operator');
      const left = op.childForFieldName('left');
      const right = op.childForFieldName('right');
      if (operator?.type === '/=' && left?.type === 'identifier' && array(left) && (array(right) || scalar(right)))
        edits.push(replaceNode(operator, '//='));
    }
    return edits;
  },
});
