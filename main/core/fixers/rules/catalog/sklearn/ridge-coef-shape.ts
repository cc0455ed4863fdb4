// sklearn.ridge-coef-shape — ridge.coef_ read as the (1, n_features) array it was → np.atleast_2d(ridge.coef_)
//
// Why it broke: scikit-learn 1.6 (2024-12-09) made Ridge and RidgeCV return a 1-D coef_ for a one-column 2-D target
// (`y = df[['price']]`), and RidgeClassifier and RidgeClassifierCV a 1-D coef_ for two classes; until then both
// were (1, n_features) arrays. Code that indexes the row (`coef[0][i]`, `coef[0, i]`, `coef.shape[1]`) fails with
// "invalid index to scalar variable" or "too many indices", and code that takes the row (`np.argsort(clf.coef_[0])`)
// gets a scalar.
// Changelog: https://scikit-learn.org/stable/whats_new/v1.6.html (PR #19746)
// Example:
//     coef = grid.best_estimator_.named_steps['ridge'].coef_
//     top = [coef[0][i] for i in np.argsort(coef)[0][-10:]]
//   →
//     coef = np.atleast_2d(grid.best_estimator_.named_steps['ridge'].coef_)
//     top = [coef[0][i] for i in np.argsort(coef)[0][-10:]]
// Fix safety: Same result: np.atleast_2d gives back the (1, n_features) array of the notebook's era (a 2-D coef_ of
// several targets or classes is returned unchanged). A Ridge or RidgeCV coef_ is only wrapped where the failing line
// indexes it in two dimensions: its target was one column then (a 1-D target gave a 1-D coef_ in every version, and
// the author's run would have failed the same way). A RidgeClassifier's coef_ is wrapped wherever the notebook reads
// it, since two classes always gave one row.
// Left alone: coef_ of a name the notebook also binds to another estimator, assignments to coef_, and, without an
// error, notebooks dated after scikit-learn 1.6 (their code expects the 1-D array).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type CellContext, type RuleRunContext } from '../../rule';
import { lineText } from '../../rule-targets';
import { insertAt, type SourceEdit } from '../../source-edit';
import { isBeforeDate } from '../../version';
import { SK, sk } from './_shared';

const CHANGED = '2024-12-09';
const REGRESSORS = ['Ridge', 'RidgeCV'];
const CLASSIFIERS = ['RidgeClassifier', 'RidgeClassifierCV'];
/** functions and methods that keep an array's shape: a name assigned `np.abs(coef)` is still the coef_ array */
const SHAPE_KEEPING = new Set(['abs', 'absolute', 'fabs', 'round', 'around', 'square', 'sqrt', 'exp', 'copy']);

interface Bindings {
  /** name → the names (or 'coef_' for a `.coef_` read) its assignments read from */
  sources: Map<string, Set<string>>;
  /** names whose every assignment is a Ridge classifier's construction (`clf = RidgeClassifier(…)`, `….fit(…)`) */
  classifiers: Set<string>;
  /** names some assignment binds to an estimator construction that is not of the Ridge family */
  otherEstimators: Set<string>;
}

/** the constructor call under `Ridge(…)` or `Ridge(…).fit(…)` */
function constructor(node: Node | null): Node | null {
  if (node?.type !== 'call') return null;
  const fn = node.childForFieldName('function');
  if (fn?.type === 'attribute' && fn.childForFieldName('object')?.type === 'call')
    return constructor(fn.childForFieldName('object'));
  return node;
}

function isCoefRead(node: Node | null, parsed: ParsedSource): boolean {
  return node?.type === 'attribute' && parsed.text(node.childForFieldName('attribute') as Node) === 'coef_';
}

/** the name a shape-keeping call reads (`np.abs(c)`, `abs(c)`, `c.copy()`), else null */
function shapeKeptName(node: Node, parsed: ParsedSource): string | null {
  if (node.type !== 'call') return null;
  const fn = node.childForFieldName('function');
  const name = fn?.type === 'attribute' ? fn.childForFieldName('attribute') : fn;
  if (!name || !SHAPE_KEEPING.has(parsed.text(name))) return null;
  const first = node.childForFieldName('arguments')?.namedChildren[0];
  const receiver = fn?.type === 'attribute' && !first ? fn.childForFieldName('object') : first;
  return receiver?.type === 'identifier' ? parsed.text(receiver) : null;
}

function coefBindings(ctx: Pick<RuleRunContext, 'bindings' | 'imports'>): Bindings {
  const result: Bindings = { sources: new Map(), classifiers: new Set(), otherEstimators: new Set() };
  const notClassifier = new Set<string>();
  for (const { target: left, value: right, parsed } of ctx.bindings({ kinds: ['assignment'] })) {
    if (left.type !== 'identifier' || !right) continue;
    const name = parsed.text(left);
    const read = isCoefRead(right, parsed) ? 'coef_' : shapeKeptName(right, parsed);
    if (read) result.sources.set(name, (result.sources.get(name) ?? new Set()).add(read));
    const call = constructor(right);
    const callee = call ? (ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '') : '';
    const last = callee.slice(callee.lastIndexOf('.') + 1);
    if (callee.startsWith('sklearn.') && CLASSIFIERS.includes(last)) result.classifiers.add(name);
    else notClassifier.add(name);
    if (
      callee.startsWith('sklearn.') &&
      /^[A-Z]/.test(last) &&
      !REGRESSORS.includes(last) &&
      !CLASSIFIERS.includes(last)
    )
      result.otherEstimators.add(name);
  }
  for (const name of notClassifier) result.classifiers.delete(name);
  return result;
}

/** the name or `.coef_` read a subscript indexes two-dimensionally: `c[0][i]`, `c[0, i]`, `c[:, i]`, `c[0]` … */
function rowIndexed(subscript: Node, parsed: ParsedSource): Node | null {
  const value = subscript.childForFieldName('value');
  const index = subscript.childForFieldName('subscript');
  if (!value || !index) return null;
  const twoDimensional =
    (index.type === 'expression_list' && index.namedChildren.length >= 2) ||
    (index.type === 'integer' && parsed.text(index) === '0') ||
    (index.type === 'unary_operator' && parsed.text(index) === '-1');
  if (twoDimensional) return value;
  // coef.shape[1]
  if (value.type === 'attribute' && parsed.text(index) === '1') {
    const attribute = value.childForFieldName('attribute');
    if (attribute && parsed.text(attribute) === 'shape') return value.childForFieldName('object');
  }
  return null;
}

/** the coefficient names (and inline `.coef_` reads) the failing lines index as a row */
function failingUses(ctx: CellContext): { names: Set<string>; reads: Set<string> } {
  const names = new Set<string>();
  const reads = new Set<string>(); // `${cellIndex}:${startIndex}` of inline .coef_ reads
  for (const error of ctx.errors) {
    if (!error.line || !ctx.notebook.codeCells.includes(error.cellIndex)) continue;
    const parsed = ctx.notebook.parse(error.cellIndex);
    const failing = error.line.trim();
    for (const subscript of parsed.nodes('subscript')) {
      if (lineText(parsed.source, subscript.startIndex) !== failing) continue;
      const base = rowIndexed(subscript, parsed);
      if (base?.type === 'identifier') names.add(parsed.text(base));
      else if (base && isCoefRead(base, parsed)) reads.add(`${error.cellIndex}:${base.startIndex}`);
    }
  }
  return { names, reads };
}

/** the names whose `.coef_` assignments feed `names`, through shape-keeping assignments (`c = np.abs(c)`) */
function coefNames(names: Set<string>, state: Bindings): Set<string> {
  const found = new Set<string>();
  const queue = [...names];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const source of state.sources.get(name) ?? []) {
      if (source === 'coef_') found.add(name);
      else queue.push(source);
    }
  }
  return found;
}

/** `np.atleast_2d(x.coef_)`: this rule's own edit, or the notebook's */
function alreadyWrapped(read: Node, parsed: ParsedSource): boolean {
  const call = read.parent?.type === 'argument_list' ? read.parent.parent : null;
  const fn = call?.childForFieldName('function');
  return !!fn && /(^|\.)atleast_2d$/.test(parsed.text(fn));
}

/** `….named_steps['lasso'].coef_`: a pipeline step make_pipeline named after another estimator */
function stepOfAnother(object: Node, parsed: ParsedSource): boolean {
  const step = /named_steps\[\s*['"]([^'"]+)['"]\s*\]$/.exec(parsed.text(object));
  return !!step && !/^ridge/i.test(step[1] as string);
}

function isAssignmentTarget(node: Node): boolean {
  const parent = node.parent;
  return (
    (parent?.type === 'assignment' || parent?.type === 'augmented_assignment') &&
    parent.childForFieldName('left')?.id === node.id
  );
}

export const ridgeCoefShape = defineRule({
  id: 'sklearn.ridge-coef-shape',
  title: 'ridge.coef_ read as (1, n_features) → np.atleast_2d(ridge.coef_)',
  kind: 'error-repair',
  library: SK,
  since: sk('1.6', CHANGED),
  explanation:
    'scikit-learn 1.6 (PR #19746) made Ridge/RidgeCV return a 1-D coef_ for a one-column 2-D target and ' +
    'RidgeClassifier/RidgeClassifierCV a 1-D coef_ for two classes; before, both were (1, n_features). ' +
    'np.atleast_2d(coef_) gives back that row array, so code that indexes coef[0][i] or takes coef_[0] as the ' +
    'row computes what it did; a coef_ of several targets or classes is unchanged.',
  trigger: {
    errors: [
      {
        ename: 'IndexError',
        evalue:
          /invalid index to scalar variable|too many indices for array: array is 1-dimensional|tuple index out of range/,
      },
      {
        ename: 'TypeError',
        evalue: /'numpy\.(float|int)64' object is not (iterable|subscriptable)|len\(\) of unsized object/,
      },
    ],
    pattern: true,
    anywhere: true,
  },
  needles: ['coef_'],
  prepare(notebook, ctx) {
    const ridgeImported = [...REGRESSORS, ...CLASSIFIERS].some((name) =>
      notebook.codeCells.some((i) => notebook.source(i).includes(name)),
    );
    return ridgeImported ? coefBindings(ctx) : null;
  },
  apply(parsed, ctx) {
    const state = ctx.state as Bindings | null;
    if (!state) return [];
    const patternOnly = ctx.errors.length === 0;
    if (patternOnly && ctx.created !== null && !isBeforeDate(ctx.created, CHANGED)) return [];
    const failing = patternOnly ? { names: new Set<string>(), reads: new Set<string>() } : failingUses(ctx);
    const wrapped = coefNames(failing.names, state);
    const edits: SourceEdit[] = [];
    let np: ReturnType<CellContext['requireImport']> | undefined;
    for (const read of ctx.nodes('attribute')) {
      if (!isCoefRead(read, parsed) || isAssignmentTarget(read)) continue;
      const object = read.childForFieldName('object') as Node;
      const owner = object.type === 'identifier' ? parsed.text(object) : null;
      if (owner !== null && state.otherEstimators.has(owner)) continue;
      const assigned = read.parent?.type === 'assignment' ? read.parent.childForFieldName('left') : null;
      const feedsFailing = assigned?.type === 'identifier' && wrapped.has(parsed.text(assigned));
      const inline = failing.reads.has(`${ctx.cellIndex}:${read.startIndex}`);
      const classifier = owner !== null && state.classifiers.has(owner);
      if (!feedsFailing && !inline && !classifier) continue;
      if (alreadyWrapped(read, parsed) || stepOfAnother(object, parsed)) continue;
      np ??= ctx.requireImport('numpy', 'np');
      if (!np) return [];
      edits.push(insertAt(read.startIndex, `${np.name}.atleast_2d(`), insertAt(read.endIndex, ')'));
    }
    return edits.length > 0 && np ? [...np.edits, ...edits] : edits;
  },
});
