// python2.integer-division-sizes — range(len(x)/2), x[:n/2] → // where both sides are integers
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     for i in range(len(xs)/2):
//         pass
//     mid = xs[len(xs)/2]
//     half = df.head(df.shape[0]/2)
//     ratio = len(a) / 2
//     m = xs[int(n * 0.5) / 2]
//     plt.hist(x, bins=len(x) / 10)
//     n = 100
//     grid = np.linspace(0, 1, n/2)
//     half = len(xs) / 2
//     print(xs[half])
//   →
//     for i in range(len(xs)//2):
//         pass
//     mid = xs[len(xs)//2]
//     half = df.head(df.shape[0]//2)
//     ratio = len(a) / 2
//     m = xs[int(n * 0.5) // 2]
//     plt.hist(x, bins=len(x) // 10)
//     n = 100
//     grid = np.linspace(0, 1, n//2)
//     half = len(xs) // 2
//     print(xs[half])
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone. Both operands
// must be certain integers: literals, len(…), int(…), x.shape[i], or names the notebook binds only to those (a name
// that is also a parameter, a tuple target, an import or bound to anything else is not), and the quotient must be a
// count: a size or index, or the count position of linspace(…, num), numpy.random's samplers, eye, array_split.
// Left alone: linspace's start and stop, a sampler's loc and scale (floats in their own right), size= of other
// callables (a font size); round(…) in a Python 2 notebook (Python 2's round returned a float: round(7.2) / 2 was 3.5).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { callArguments, positionalArguments } from '../../syntax';
import { defineRule, type NotebookView } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3, isNameUse, python2Notebook } from './_shared';

const CERTAIN_INT_CALLS = new Set(['len', 'int', 'round']);

/**
 * An expression that is an integer in Python 2 and 3 alike: a literal, len(…), int(…), x.shape[i], a name the
 * notebook only ever binds to such integers (`n = 100`, `for k in range(…)`), and +, -, *, //, % of them. round(x)
 * counts only outside a Python 2 notebook: Python 2's round returned a float (round(7) / 2 was 3.5 there).
 */
function certainlyInteger(
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

const NO_NAMES: ReadonlySet<string> = new Set();

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

/**
 * Names bound exactly once in the notebook, to a literal list / tuple / dict of integers (`scores = [3, 4, 5]`,
 * `output = {'SUCCESS': 5, 'TOTAL': 8}`), whose items are never assigned, and that no method is called on (no
 * append/update that could add a float): their items and sum() are integers.
 */
function integerContainers(notebook: NotebookView): Set<string> {
  const bound = new Map<string, boolean>();
  const spoiled = new Set<string>();
  for (const index of notebook.codeCells) {
    const parsed = notebook.parse(index);
    for (const id of parsed.nodes('identifier')) {
      const parent = id.parent;
      if (!parent) continue;
      const name = parsed.text(id);
      if (parent.type === 'assignment' && parent.childForFieldName('left')?.id === id.id)
        bound.set(name, !bound.has(name) && integerLiteralContainer(parent.childForFieldName('right')));
      else if (
        (['augmented_assignment', 'for_statement'].includes(parent.type) &&
          parent.childForFieldName('left')?.id === id.id) ||
        OTHER_BINDINGS.has(parent.type) ||
        (parent.type === 'attribute' && parent.childForFieldName('object')?.id === id.id)
      )
        spoiled.add(name);
      else if (parent.type === 'subscript' && parent.childForFieldName('value')?.id === id.id) {
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
  }
  return new Set([...bound].filter(([name, ok]) => ok && !spoiled.has(name)).map(([name]) => name));
}

/** The node types that bind a name other than by `name = …` or `for name in range(…)` (parameters, imports, with …). */
const OTHER_BINDINGS = new Set([
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
function integerNames(
  notebook: NotebookView,
  containers: ReadonlySet<string>,
  python2: boolean,
  floorDivision: boolean,
): Set<string> {
  const candidates = new Map<string, boolean>();
  const sources: ParsedSource[] = notebook.codeCells.map((index) => notebook.parse(index));
  // two rounds: a name bound to another integer name (m = n // 2) settles once n has
  for (let round = 0; round < 2; round++) {
    const known = new Set([...candidates].filter(([, ok]) => ok).map(([name]) => name));
    candidates.clear();
    const mark = (name: string, ok: boolean): void => {
      candidates.set(name, (candidates.get(name) ?? true) && ok);
    };
    for (const parsed of sources) {
      for (const id of parsed.nodes('identifier')) {
        const parent = id.parent;
        if (!parent) continue;
        const name = parsed.text(id);
        if (parent.type === 'assignment' && parent.childForFieldName('left')?.id === id.id) {
          mark(
            name,
            !parent.childForFieldName('type') &&
              certainlyInteger(parent.childForFieldName('right'), parsed, known, containers, python2),
          );
        } else if (parent.type === 'augmented_assignment' && parent.childForFieldName('left')?.id === id.id) {
          const op = parent.childForFieldName('operator')?.type ?? '';
          // `total /= 4` stays an integer where it becomes `//=` (a Python 2 notebook without true division)
          const ops = floorDivision ? ['+=', '-=', '*=', '/=', '//=', '%='] : ['+=', '-=', '*=', '//=', '%='];
          mark(
            name,
            ops.includes(op) && certainlyInteger(parent.childForFieldName('right'), parsed, known, containers, python2),
          );
        } else if (parent.type === 'for_statement' && parent.childForFieldName('left')?.id === id.id) {
          const right = parent.childForFieldName('right');
          const fn = right?.type === 'call' ? right.childForFieldName('function') : null;
          mark(name, fn?.type === 'identifier' && ['range', 'xrange'].includes(parsed.text(fn)));
        } else if (OTHER_BINDINGS.has(parent.type)) {
          if (
            (parent.type === 'function_definition' || parent.type === 'class_definition') &&
            parent.childForFieldName('name')?.id !== id.id
          )
            continue;
          mark(name, false);
        }
      }
    }
  }
  return new Set([...candidates].filter(([, ok]) => ok).map(([name]) => name));
}

const FUTURE_DIVISION = /^\s*from\s+__future__\s+import\b[^\n]*\bdivision\b/m;

/**
 * Names bound exactly once in the notebook (a plain `name = …`) and read somewhere as a size or an index (`xs[mid]`,
 * `range(half)`, `head(n)`): what such a name held was an integer in the notebook's Python.
 */
function sizeNames(notebook: NotebookView): Set<string> {
  const bindings = new Map<string, number>();
  const sized = new Set<string>();
  for (const index of notebook.codeCells) {
    const parsed = notebook.parse(index);
    for (const id of parsed.nodes('identifier')) {
      const parent = id.parent;
      if (!parent) continue;
      const name = parsed.text(id);
      const target =
        (['assignment', 'augmented_assignment', 'for_statement'].includes(parent.type) &&
          parent.childForFieldName('left')?.id === id.id) ||
        OTHER_BINDINGS.has(parent.type) ||
        ['pattern_list', 'tuple_pattern', 'list_pattern'].includes(parent.type);
      if (target) bindings.set(name, (bindings.get(name) ?? 0) + (parent.type === 'assignment' ? 1 : 2));
      else if (isNameUse(id) && inSizedPosition(id, parsed)) sized.add(name);
    }
  }
  return new Set([...sized].filter((name) => bindings.get(name) === 1));
}

/** Callables whose every positional argument is a count or a dimension: an integer in Python 2's code. */
const SIZE_CALLS = new Set([
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
  'head',
  'tail',
  'nlargest',
  'nsmallest',
]);

/**
 * Callables with counts at some positions only (0-based): linspace(start, stop, num), normal(loc, scale, size),
 * choice(a, size) …; their other arguments (start, stop, loc …) may well be floats.
 */
const SIZE_POSITIONS: Record<string, readonly number[]> = {
  linspace: [2],
  logspace: [2],
  geomspace: [2],
  randn: [0, 1, 2, 3],
  rand: [0, 1, 2, 3],
  random: [0],
  random_sample: [0],
  standard_normal: [0],
  permutation: [0],
  choice: [0, 1],
  normal: [2],
  uniform: [2],
  exponential: [1],
  poisson: [1],
  eye: [0, 1, 2],
  identity: [0],
  array_split: [1],
  split: [1],
  combinations: [1],
  islice: [1, 2, 3],
};

/** Count keywords of some callables only (`num=` of linspace, `size=` of numpy.random's samplers, pandas' `n=`). */
const CALL_SIZE_KEYWORDS: Record<string, ReadonlySet<string>> = {
  num: new Set(['linspace', 'logspace', 'geomspace']),
  size: new Set([
    'normal',
    'uniform',
    'randint',
    'choice',
    'exponential',
    'poisson',
    'binomial',
    'multivariate_normal',
    'standard_normal',
    'random_sample',
    'random',
    'beta',
    'gamma',
    'lognormal',
    'laplace',
    'logistic',
    'rvs',
  ]),
  // pandas' df.sample(n=…), head(n=…) …: "Only integers accepted as `n` values"
  n: new Set(['sample', 'head', 'tail', 'nlargest', 'nsmallest']),
};

/** Keyword arguments that take a count (bins of a histogram, sizes of estimators): an integer in Python 2's code. */
const SIZE_KEYWORDS = new Set([
  'bins',
  'n_neighbors',
  'n_clusters',
  'n_components',
  'n_estimators',
  'max_depth',
  'min_samples_leaf',
  'min_samples_split',
  'n_splits',
  'n_folds',
  'n_iter',
  'k',
]);

/**
 * Is the expression a size or an index: in a slice or a subscript's index, a positional argument of a size callable
 * (range, reshape, head …) or at a count position (linspace's num, a sampler's size), or a count keyword (bins=, n=)?
 */
function inSizedPosition(op: Node, parsed: ParsedSource): boolean {
  let sized = false;
  for (
    let p: Node | null = op.parent, child: Node = op;
    p && !['expression_statement', 'block', 'module'].includes(p.type);
    child = p, p = p.parent
  ) {
    if (p.type === 'slice') sized = true;
    else if (p.type === 'subscript' && p.childForFieldName('value')?.startIndex !== child.startIndex) sized = true;
    else if (p.type === 'argument_list' && p.parent?.type === 'call') {
      const fn = p.parent.childForFieldName('function');
      const name = fn ? parsed.text(fn).split('.').pop() : '';
      if (name && SIZE_CALLS.has(name) && child.type !== 'keyword_argument') sized = true;
      // linspace(0, 1, n/2): the argument's position among the positional ones
      const positions = name ? SIZE_POSITIONS[name] : undefined;
      if (positions && child.type !== 'keyword_argument') {
        const index = positionalArguments(p.parent).findIndex((arg) => arg.id === child.id);
        if (index >= 0 && positions.includes(index)) sized = true;
      }
      break;
    } else if (p.type === 'keyword_argument') {
      // hist(x, bins=len(x)/10), KNeighborsClassifier(n_neighbors=len(X)/20): a count
      const name = p.childForFieldName('name');
      const keyword = name ? parsed.text(name) : '';
      const call = p.parent?.type === 'argument_list' ? p.parent.parent : null;
      const callee = call?.childForFieldName('function');
      const calleeName = callee ? (parsed.text(callee).split('.').pop() ?? '') : '';
      sized = !!call && (SIZE_KEYWORDS.has(keyword) || (CALL_SIZE_KEYWORDS[keyword]?.has(calleeName) ?? false));
      break;
    } else if (!['binary_operator', 'parenthesized_expression', 'unary_operator', 'tuple'].includes(p.type) || sized)
      break;
    if (sized) break;
  }
  return sized;
}

export const integerDivisionSizes = defineRule({
  id: 'python2.integer-division-sizes',
  title: 'range(len(x)/2), x[:n/2] → // where both sides are integers',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2's / between integers was floor division. Where both operands are certainly integers (literals, len(…), int(…), x.shape[i], or a name the notebook only binds to such integers: n = 100, for k in range(…)) and the result is a size or an index (range(), slices, subscripts, reshape/zeros/head …, the count positions of linspace(start, stop, num), numpy.random's samplers (randn(d), normal(loc, scale, size), choice(a, size)), eye, array_split …, or a count keyword such as bins=, num=, size= of numpy.random and rvs, n= of pandas' sample/head/tail, n_neighbors=, n_clusters=, n_estimators=), the Python 2 meaning was //, and Python 3's float would be rejected there. The same holds for a name bound once to such a quotient and read as a size or an index elsewhere (`mid = len(xs) / 2` … `xs[mid]`). In a notebook that shows it is Python 2 (a print statement, a python2 kernel) and does not import division from __future__, every quotient of certain integers was floor division and becomes //, whatever it is used for (`print len(xs) / 2`).",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'float' object cannot be interpreted as an integer|slice indices must be integers|indices must be integers|`bins` must be an integer/,
      },
      { ename: 'InvalidParameterError', evalue: /parameter of \w+ must be an int/ },
    ],
    pattern: true,
  },
  // the left operand of a certain integer ends in `)` (len(x)), `]` (x.shape[0]) or a digit
  needles: [/[)\]\w]\s*\/(?![/=])|\w\s*\/=/],
  prepare: (notebook) => {
    const containers = integerContainers(notebook);
    const python2 = python2Notebook({ notebook });
    const floorDivision = python2 && !notebook.codeCells.some((i) => FUTURE_DIVISION.test(notebook.source(i)));
    const names = integerNames(notebook, containers, python2, floorDivision);
    return { names, sizes: sizeNames(notebook), containers, roundIsFloat: python2 };
  },
  apply(parsed, ctx) {
    const { names, sizes, containers, roundIsFloat } = ctx.state as {
      names: Set<string>;
      sizes: Set<string>;
      containers: Set<string>;
      roundIsFloat: boolean;
    };
    const edits: SourceEdit[] = [];
    let python2: boolean | undefined;
    // `mid = len(xs) / 2` … `xs[mid]`: a name bound once, to a quotient of certain integers, and used as an index
    for (const assignment of ctx.nodes('assignment')) {
      const left = assignment.childForFieldName('left');
      const right = assignment.childForFieldName('right');
      if (left?.type !== 'identifier' || !sizes.has(parsed.text(left)) || right?.type !== 'binary_operator') continue;
      const operator = right.childForFieldName('operator');
      if (
        operator?.type === '/' &&
        certainlyInteger(right.childForFieldName('left'), parsed, names, containers, roundIsFloat) &&
        certainlyInteger(right.childForFieldName('right'), parsed, names, containers, roundIsFloat)
      )
        edits.push(replaceNode(operator, '//'));
    }
    for (const op of ctx.nodes('binary_operator')) {
      const operator = op.childForFieldName('operator');
      if (!operator || operator.type !== '/') continue;
      if (
        !certainlyInteger(op.childForFieldName('left'), parsed, names, containers, roundIsFloat) ||
        !certainlyInteger(op.childForFieldName('right'), parsed, names, containers, roundIsFloat)
      )
        continue;
      // a Python 2 notebook without `from __future__ import division`: every quotient of certain integers was //
      python2 ??=
        python2Notebook(ctx) && !ctx.notebook.codeCells.some((i) => FUTURE_DIVISION.test(ctx.notebook.source(i)));
      const sized = python2 || inSizedPosition(op, parsed);
      if (sized) edits.push(replaceNode(operator, '//'));
    }
    // `total /= 4` of a certain integer in a Python 2 notebook: floor division in place
    for (const op of ctx.nodes('augmented_assignment')) {
      const operator = op.childForFieldName('operator');
      if (operator?.type !== '/=') continue;
      if (
        !certainlyInteger(op.childForFieldName('left'), parsed, names, containers, roundIsFloat) ||
        !certainlyInteger(op.childForFieldName('right'), parsed, names, containers, roundIsFloat)
      )
        continue;
      python2 ??=
        python2Notebook(ctx) && !ctx.notebook.codeCells.some((i) => FUTURE_DIVISION.test(ctx.notebook.source(i)));
      if (python2) edits.push(replaceNode(operator, '//='));
    }
    return edits;
  },
});
