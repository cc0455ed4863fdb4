// numpy.plot-coordinate-arrays — plt.text(x, y, …) / arrow / annotate(xy=…) / axvspan of a one-element array →
// np.asarray(x).item()
//
// Why it broke: NumPy 1.24 (2022-12-18) refused to build an array from ragged nested sequences (matplotlib's arrow
// and axvspan put the coordinates into one array: "setting an array element with a sequence. The requested array has
// an inhomogeneous shape"), and NumPy 2.4 (2025-12-20) refused float() of an array with ndim > 0 (a Text or an
// Annotation converts its position when the figure is drawn: "only 0-dimensional arrays can be converted to Python
// scalars"). Both took the one element of a one-element array, such as a decision boundary found with
// X_new[proba >= 0.5][0] or a model's intercept_.
// Changelog: https://numpy.org/doc/stable/release/1.24.0-notes.html#expired-deprecations
// Changelog: https://github.com/numpy/numpy/blob/main/doc/source/release/2.4.0-notes.rst#raise-typeerror-on-attempt-to-convert-array-with-ndim--0-to-scalar
// Example:
//     plt.text(decision_boundary + 0.02, 0.15, "Decision  boundary", fontsize=14)
//     plt.arrow(decision_boundary, 0.08, -0.3, 0, head_width=0.05)
//   →
//     plt.text(np.asarray(decision_boundary + 0.02).item(), 0.15, "Decision  boundary", fontsize=14)
//     plt.arrow(np.asarray(decision_boundary).item(), 0.08, -0.3, 0, head_width=0.05)
// Fix safety: Same result: np.asarray(v).item() is the element of a one-element array and v itself for numbers, numpy
// scalars, strings and dates, so a coordinate that already worked is the same; only the coordinates of text, arrow,
// annotate, figtext, axvspan and axhspan calls, which take one number each, and only in the cell that failed.
// Left alone: literal coordinates, an annotate position held in a name (a pair, not a number), and a notebook where
// no name for numpy is free.
import type { Node } from 'web-tree-sitter';
import { type CellContext, defineRule, type Rule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, keywordName, methodName, positionalArguments } from '../../syntax';

type ParsedSource = Parameters<Rule['apply']>[0];

/** Each function's coordinates: positional indexes and keyword names (`pair`: a tuple of two numbers). */
const COORDINATES: Record<string, { positions: number[]; keywords: string[]; pair?: boolean }> = {
  text: { positions: [0, 1], keywords: ['x', 'y'] },
  figtext: { positions: [0, 1], keywords: ['x', 'y'] },
  arrow: { positions: [0, 1, 2, 3], keywords: ['x', 'y', 'dx', 'dy'] },
  axvspan: { positions: [0, 1], keywords: ['xmin', 'xmax'] },
  axhspan: { positions: [0, 1], keywords: ['ymin', 'ymax'] },
  annotate: { positions: [1, 2], keywords: ['xy', 'xytext'], pair: true },
};

/** Expressions that are certainly not arrays. */
const LITERALS = new Set(['integer', 'float', 'string', 'concatenated_string', 'true', 'false', 'none']);

function isLiteral(node: Node): boolean {
  if (LITERALS.has(node.type)) return true;
  if (node.type === 'unary_operator') return node.namedChildren.every(isLiteral);
  if (node.type === 'parenthesized_expression') return node.namedChildren.every(isLiteral);
  return false;
}

/** `np.asarray(v).item()` already. */
function isItem(node: Node, parsed: ParsedSource): boolean {
  return node.type === 'call' && methodName(node, parsed) === 'item';
}

/**
 * The function name of `plt.text(…)`, `ax.text(…)` or a bare `text(…)` imported from matplotlib (pylab), when it is
 * one of COORDINATES; not a function of another module, nor one the notebook defines.
 */
function coordinateFunction(call: Node, parsed: ParsedSource, ctx: Pick<CellContext, 'imports'>): string | null {
  const fn = call.childForFieldName('function');
  if (!fn) return null;
  if (fn.type === 'attribute') {
    const name = methodName(call, parsed);
    if (!name || !(name in COORDINATES)) return null;
    const qualified = ctx.imports.resolve(fn, parsed);
    return qualified === null || qualified.startsWith('matplotlib') ? name : null;
  }
  if (fn.type !== 'identifier') return null;
  const name = parsed.text(fn);
  if (!(name in COORDINATES)) return null;
  return ctx.imports.refersTo(fn, parsed, 'matplotlib', [name]) ? name : null;
}

export const plotCoordinateArrays = defineRule({
  id: 'numpy.plot-coordinate-arrays',
  title: 'plt.text(x, y, …) / arrow / annotate(xy=…) / axvspan of a one-element array → np.asarray(x).item()',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  errorScope: 'cell',
  explanation:
    'matplotlib puts the coordinates of arrow() and axvspan() into one array and converts those of text() and annotate() with float() when the figure is drawn. A one-element array there (a decision boundary found with X_new[proba >= 0.5][0], a model\'s intercept_) was taken as its element until NumPy 1.24 refused ragged arrays ("setting an array element with a sequence. The requested array has an inhomogeneous shape") and NumPy 2.4 refused float() of an array with ndim > 0 ("only 0-dimensional arrays can be converted to Python scalars", raised by savefig or show, not by the line that placed the text). In the failing cell, each non-literal coordinate of these calls is taken out with np.asarray(v).item(): the element of a one-element array, and v itself for numbers, so the figure is the one the author drew.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /only 0-dimensional arrays can be converted to Python scalars/ },
      {
        ename: 'ValueError',
        evalue: /setting an array element with a sequence\. The requested array has an inhomogeneous shape/,
      },
    ],
  },
  needles: Object.keys(COORDINATES).map((name) => `${name}(`),
  apply(parsed, ctx) {
    const targets: Node[] = [];
    for (const call of ctx.nodes('call')) {
      const name = coordinateFunction(call, parsed, ctx);
      if (!name) continue;
      const spec = COORDINATES[name] as (typeof COORDINATES)[string];
      const values: Node[] = [];
      positionalArguments(call).forEach((arg, index) => {
        if (spec.positions.includes(index)) values.push(arg);
      });
      for (const arg of callArguments(call)) {
        if (arg.type !== 'keyword_argument' || !spec.keywords.includes(keywordName(arg, parsed))) continue;
        const value = arg.childForFieldName('value');
        if (value) values.push(value);
      }
      for (const value of values) {
        if (!spec.pair) targets.push(value);
        else if (value.type === 'tuple' && value.namedChildren.length === 2) targets.push(...value.namedChildren);
      }
    }
    const wrap = targets.filter((node) => !isLiteral(node) && !isItem(node, parsed) && node.type !== 'list_splat');
    if (wrap.length === 0) return [];
    const numpy = ctx.requireImport('numpy', 'np');
    if (!numpy) return [];
    const edits: SourceEdit[] = [...numpy.edits];
    for (const node of wrap) edits.push(replaceNode(node, `${numpy.name}.asarray(${parsed.text(node)}).item()`));
    return edits;
  },
});
