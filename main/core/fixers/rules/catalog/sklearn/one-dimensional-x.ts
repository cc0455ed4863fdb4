// sklearn.one-dimensional-x — fit(df['col'], y) → fit(df[['col']], y); fit(x, y) with 1-D x → np.reshape(x, (-1, 1));
// predict(x) with 1-D x → one sample
//
// Why it broke: scikit-learn 0.19 (2017-08-11), deprecated since 0.17: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.19.html
// Example:
//     print(model.predict([3, 5, 4, 2]))
//   →
//     print(model.predict([[3, 5, 4, 2]]))
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.19; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: two candidate calls on the failing line: left alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { methodName, callArguments, positionalArguments } from '../../syntax';
import { defineRule, type CellContext } from '../../rule';
import { type SourceEdit, insertAt, replaceNode } from '../../source-edit';
import type { ModuleReference } from '../helpers';
import { oneFeatureScalerUse } from './scaler-one-dimensional';
import { SK } from './_shared';

const FIT_METHODS = new Set(['fit', 'fit_transform', 'fit_predict']);

const USE_METHODS = new Set([
  'predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'transform',
  'score',
  'score_samples',
  'inverse_transform',
]);

/** Methods that take X alone: a 1-D X given to them was one sample before 0.19 (np.atleast_2d). */
const ONE_SAMPLE_METHODS = new Set([
  'predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'transform',
  'score_samples',
  'inverse_transform',
]);

/** `df['col']` (one column, selected by a string label): certainly one feature. */
function singleColumn(node: Node, parsed: ParsedSource): Node | null {
  if (node.type !== 'subscript') return null;
  const keys = node.childrenForFieldName('subscript');
  const key = keys[0];
  return keys.length === 1 && key?.type === 'string' && !parsed.text(key).startsWith('f') ? key : null;
}

/** Calls whose first positional argument is the data X (one positional argument: no y to count samples by). */
function sampleCandidate(call: Node, parsed: ParsedSource): Node | null {
  const name = methodName(call, parsed);
  if (!name || !ONE_SAMPLE_METHODS.has(name)) return null;
  const args = callArguments(call);
  const positional = positionalArguments(call);
  if (positional.length !== 1 || args.length !== 1) return null;
  return positional[0] as Node;
}

/** A list literal of plain numbers (`[3, 5, 4, 2]`, `[-1.5, 2e3]`): certainly one 1-D sample. */
function isNumberList(node: Node): boolean {
  if (node.type !== 'list' || node.namedChildCount === 0) return false;
  return node.namedChildren.every(
    (c) =>
      c.type === 'integer' ||
      c.type === 'float' ||
      (c.type === 'unary_operator' && ['integer', 'float'].includes(c.namedChildren[0]?.type ?? '')),
  );
}

/** A plain number (`6.0`, `-3`): a scalar, which np.atleast_2d made one sample of one feature. */
function isNumber(node: Node): boolean {
  return (
    node.type === 'integer' ||
    node.type === 'float' ||
    (node.type === 'unary_operator' && ['integer', 'float'].includes(node.namedChildren[0]?.type ?? ''))
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Was the estimator `receiver` fitted on one feature somewhere in the notebook (`lr.fit(np.reshape(x, (-1, 1)), y)`,
 * `lr.fit(df[['col']], y)`, or `lr = LinearRegression().fit(…)` with such an X)? Then a 1-D X it predicts from is
 * one value per sample, not one sample.
 */
function fittedOnOneFeature(receiver: string, ctx: CellContext): boolean {
  if (!/^[A-Za-z_][\w.]*$/.test(receiver)) return false;
  const name = escapeRegExp(receiver);
  const oneFeature = String.raw`(?:\w+\.reshape\([^()]*(?:\([^()]*\))?[^()]*,\s*\(-1,\s*1\)\)|[\w.\[\]'"]+\.reshape\(\s*-1,\s*1\s*\)|[\w.]+\[\[[^\[\],]+\]\])`;
  const fitted = new RegExp(
    String.raw`(?:\b${name}\s*\.fit(?:_transform)?\(\s*${oneFeature}|\b${name}\s*=\s*[^\n]*\.fit\(\s*${oneFeature})`,
  );
  return ctx.notebook.codeCells.some((index) => fitted.test(ctx.notebook.source(index)));
}

export const oneDimensionalX = defineRule({
  id: 'sklearn.one-dimensional-x',
  title:
    "fit(df['col'], y) → fit(df[['col']], y); fit(x, y) with 1-D " +
    'x → np.reshape(x, (-1, 1)); predict(x) with 1-D x → one sample',
  kind: 'error-repair',
  library: SK,
  since: { package: SK, version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    'scikit-learn 0.17 deprecated 1-D X and 0.19 made it the error "Expected 2D array, got 1D array instead" ("Reshape your data either using array.reshape(-1, 1) if your data has a single feature or array.reshape(1, -1) if it contains a single sample"). Which of the two the old code meant follows from the call: a column selected by its label, df[\'col\'], is one feature and becomes df[[\'col\']]; the X of fit(X, y) has as many samples as y, so it is one feature: np.reshape(X, (-1, 1)). predict/predict_proba/decision_function/transform/score_samples given a 1-D X alone ran it through np.atleast_2d until 0.19, i.e. as ONE sample: a list of numbers [3, 5, 4, 2] becomes [[3, 5, 4, 2]] and a variable np.reshape(x, (1, -1)). Applied on the failing line, and only where that line has one such call.',
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Expected 2D array, got (1D|scalar) array instead/ },
      // scikit-learn 1.6+ says so for a pandas Series
      {
        ename: 'ValueError',
        evalue: /Expected a 2-dimensional container but got <class 'pandas\.core\.series\.Series'>/,
      },
    ],
  },
  errorScope: 'line',
  needles: ['fit', 'predict', 'transform', 'score', 'decision_function'],
  apply(parsed, ctx: CellContext) {
    const edits: SourceEdit[] = [];
    let numpy: ModuleReference | null | undefined;
    const np = (): ModuleReference | null => (numpy === undefined ? (numpy = ctx.requireImport('numpy', 'np')) : numpy);
    const samples: { call: Node; X: Node }[] = [];
    let ambiguous = false;
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (!name || !(FIT_METHODS.has(name) || USE_METHODS.has(name))) continue;
      const positional = positionalArguments(call);
      const X = positional[0];
      if (!X) continue;
      // already made 2-D (by this rule on an earlier run): not a candidate
      if (X.type === 'call' && /\.reshape$/.test(parsed.text(X.childForFieldName('function') as Node))) continue;
      const column = singleColumn(X, parsed);
      if (column) {
        edits.push(insertAt(column.startIndex, '['), insertAt(column.endIndex, ']'));
        ambiguous = true;
        continue;
      }
      // fit(X, y), score(X, y): X has len(y) samples, so a 1-D X is one feature
      if (
        (FIT_METHODS.has(name) || USE_METHODS.has(name)) &&
        positional.length >= 2 &&
        ['identifier', 'attribute', 'subscript'].includes(X.type)
      ) {
        const ref = np();
        if (ref) edits.push(replaceNode(X, `${ref.name}.reshape(${parsed.text(X)}, (-1, 1))`));
        ambiguous = true;
        continue;
      }
      if (FIT_METHODS.has(name) || (USE_METHODS.has(name) && positional.length >= 2)) {
        ambiguous = true;
        continue;
      }
      // a scaler fitted on one feature reads a 1-D array as that feature: sklearn.scaler-one-dimensional's case
      if (oneFeatureScalerUse(call, parsed, ctx)) continue;
      const sample = sampleCandidate(call, parsed);
      if (sample) samples.push({ call, X: sample });
    }
    // predict(x) with a 1-D x: one sample, as np.atleast_2d read it; only when the line leaves no doubt which call
    // failed
    if (samples.length === 1 && !ambiguous) {
      const { call, X } = samples[0] as { call: Node; X: Node };
      if (isNumberList(X)) edits.push(insertAt(X.startIndex, '['), insertAt(X.endIndex, ']'));
      else if (isNumber(X)) edits.push(replaceNode(X, `[[${parsed.text(X)}]]`));
      else if (['identifier', 'attribute', 'subscript', 'call'].includes(X.type) && X.type !== 'list') {
        // an estimator the notebook fitted on one feature reads a 1-D X as that feature, one value per sample
        const receiver = call.childForFieldName('function')?.childForFieldName('object');
        const shape = receiver && fittedOnOneFeature(parsed.text(receiver), ctx) ? '(-1, 1)' : '(1, -1)';
        const ref = np();
        if (ref) edits.push(replaceNode(X, `${ref.name}.reshape(${parsed.text(X)}, ${shape})`));
      }
    }
    if (edits.some((e) => e.text.includes('.reshape(')) && numpy) edits.push(...numpy.edits);
    return edits;
  },
});
