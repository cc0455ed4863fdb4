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
import { positionalArguments } from '../../syntax';
import { defineRule, type NotebookView } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { COUNT_CALLS, PY3, isNameUse, python2Notebook } from './_shared';
import {
  OTHER_BINDINGS,
  certainlyInteger,
  floorDivisionNotebook,
  identifierSites,
  integerContainers,
  integerNames,
  isLeftOf,
  memoized,
} from './_certain-integers';

/**
 * Names bound exactly once in the notebook (a plain `name = …`) and read somewhere as a size or an index (`xs[mid]`,
 * `range(half)`, `head(n)`): what such a name held was an integer in the notebook's Python.
 */
function sizeNames(notebook: NotebookView): ReadonlySet<string> {
  return memoized(notebook, 'sizes', (sources) => sizeNamesOf(sources));
}

function sizeNamesOf(sources: readonly ParsedSource[]): Set<string> {
  const bindings = new Map<string, number>();
  const sized = new Set<string>();
  for (const site of identifierSites(sources)) {
    const { id, parentType, name, parsed } = site;
    const target =
      isLeftOf(site, ['assignment', 'augmented_assignment', 'for_statement']) ||
      OTHER_BINDINGS.has(parentType) ||
      ['pattern_list', 'tuple_pattern', 'list_pattern'].includes(parentType);
    if (target) bindings.set(name, (bindings.get(name) ?? 0) + (parentType === 'assignment' ? 1 : 2));
    else if (isNameUse(id) && inSizedPosition(id, parsed)) sized.add(name);
  }
  return new Set([...sized].filter((name) => bindings.get(name) === 1));
}

/** Callables whose every positional argument is a count or a dimension: an integer in Python 2's code. */
const SIZE_CALLS = new Set([...COUNT_CALLS, 'head', 'tail', 'nlargest', 'nsmallest']);

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
    const names = integerNames(notebook, containers, python2, floorDivisionNotebook(notebook));
    return { names, sizes: sizeNames(notebook), containers, roundIsFloat: python2 };
  },
  apply(parsed, ctx) {
    const { names, sizes, containers, roundIsFloat } = ctx.state as {
      names: ReadonlySet<string>;
      sizes: Set<string>;
      containers: ReadonlySet<string>;
      roundIsFloat: boolean;
    };
    /** are both operands of the division certain integers? */
    const integerOperands = (division: Node): boolean =>
      ['left', 'right'].every((field) =>
        certainlyInteger(division.childForFieldName(field), parsed, names, containers, roundIsFloat),
      );
    const edits: SourceEdit[] = [];
    // a Python 2 notebook without `from __future__ import division`: every quotient of certain integers was //
    let python2: boolean | undefined;
    // `mid = len(xs) / 2` … `xs[mid]`: a name bound once, to a quotient of certain integers, and used as an index
    for (const assignment of ctx.nodes('assignment')) {
      const left = assignment.childForFieldName('left');
      const right = assignment.childForFieldName('right');
      if (left?.type !== 'identifier' || !sizes.has(parsed.text(left)) || right?.type !== 'binary_operator') continue;
      const operator = right.childForFieldName('operator');
      if (operator?.type === '/' && integerOperands(right)) edits.push(replaceNode(operator, '//'));
    }
    for (const op of ctx.nodes('binary_operator')) {
      const operator = op.childForFieldName('operator');
      if (!operator || operator.type !== '/' || !integerOperands(op)) continue;
      python2 ??= floorDivisionNotebook(ctx.notebook);
      if (python2 || inSizedPosition(op, parsed)) edits.push(replaceNode(operator, '//'));
    }
    // `total /= 4` of a certain integer in a Python 2 notebook: floor division in place
    for (const op of ctx.nodes('augmented_assignment')) {
      const operator = op.childForFieldName('operator');
      if (operator?.type !== '/=' || !integerOperands(op)) continue;
      python2 ??= floorDivisionNotebook(ctx.notebook);
      if (python2) edits.push(replaceNode(operator, '//='));
    }
    return edits;
  },
});
