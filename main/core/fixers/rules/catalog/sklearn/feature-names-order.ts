// sklearn.feature-names-order — model.predict(frame) whose columns are ordered or named otherwise than at fit →
// model.predict(np.asarray(frame)): the columns by position, as scikit-learn read them before 1.0
//
// Why it broke: scikit-learn 1.0 (2021-09-24) began to remember the column names of a DataFrame an estimator is fitted
// on (feature_names_in_) and warned when predict/transform got other names or another order ("The feature names should
// match those that were passed during fit. Starting version 1.2, an error will be raised"); 1.2 (2022-12-08) made it a
// ValueError ("Feature names must be in the same order as they were in fit", "Feature names unseen at fit time"). Until
// then the frame was read as a plain array: the i-th column went to the i-th coefficient, whatever its name.
// Changelog: https://scikit-learn.org/stable/whats_new/v1.0.html
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Example:
//     predictions = model.predict(prediction_features)
//   →
//     predictions = model.predict(np.asarray(prediction_features))
// Fix safety: Same result: the estimator gets the columns in the frame's order, by position, which is what scikit-learn
// computed before 1.0 (and, with a FutureWarning, in 1.0 and 1.1); a ColumnTransformer that picks columns by name does
// not raise this error, so it is never rewritten. Only on the line the error points at, only the X argument of
// predict/predict_proba/decision_function/transform/score and their kind, only for a notebook written before 1.2.
// Left alone: a function call of the notebook's own (predict(model, X)), X given by keyword, a first argument that
// cannot be X (pandas' transform('mean')), and a notebook dated after scikit-learn 1.2, whose author saw the error.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { hasSplat, methodName, positionalArguments } from '../../syntax';
import { isBeforeDate } from '../../version';
import { SK, sk } from './_shared';

/** scikit-learn 1.2, which turned the 1.0 warning into the error */
const RAISED = '2022-12-08';

/** the methods that check X's feature names against fit's and read X by position before 1.0 */
const METHODS = [
  'predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'transform',
  'score',
  'score_samples',
  'staged_predict',
  'staged_predict_proba',
  'staged_decision_function',
];

/** argument node types that cannot be a feature matrix */
const NOT_X = ['string', 'concatenated_string', 'integer', 'float', 'lambda', 'true', 'false', 'none'];

export const featureNamesOrder = defineRule({
  id: 'sklearn.feature-names-order',
  title: 'model.predict(frame) with columns in another order or of other names than at fit → np.asarray(frame)',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', RAISED),
  deprecatedIn: '1.0',
  errorScope: 'line',
  explanation:
    'scikit-learn 1.0 started to compare the column names of the DataFrame given to predict/transform with those ' +
    'seen at fit and 1.2 raises "The feature names should match those that were passed during fit" when they are ' +
    'in another order or differ. Before 1.0 the frame was read by position: the i-th column went to the i-th ' +
    'feature, whatever its name. The rewrite passes np.asarray(frame): the same columns, by position, as the ' +
    "author's run computed them.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /The feature names should match those that were passed during fit/ }],
  },
  needles: METHODS.map((m) => `.${m}(`),
  apply(parsed, ctx) {
    if (ctx.created && !isBeforeDate(ctx.created, RAISED)) return [];
    const targets: Node[] = [];
    for (const call of ctx.nodes('call')) {
      const method = methodName(call, parsed);
      if (!method || !METHODS.includes(method) || hasSplat(call)) continue;
      const x = positionalArguments(call)[0];
      // a string, number or function is no X (pandas' groupby(…).transform('mean') on the same line)
      if (!x || NOT_X.includes(x.type)) continue;
      // np.asarray(…) already (a second pass): nothing more to do
      if (x.type === 'call' && /(^|\.)asarray$/.test(parsed.text(x.childForFieldName('function') as Node))) continue;
      targets.push(x);
    }
    // model.predict(scaler.transform(X)): the inner call gets the frame; its array result carries no names
    const innermost = targets.filter(
      (outer) =>
        !targets.some(
          (inner) => inner !== outer && inner.startIndex >= outer.startIndex && inner.endIndex <= outer.endIndex,
        ),
    );
    if (innermost.length === 0) return [];
    const numpy = ctx.requireImport('numpy', 'np');
    if (!numpy) return [];
    const edits: SourceEdit[] = [...numpy.edits];
    for (const x of innermost) edits.push(replaceNode(x, `${numpy.name}.asarray(${parsed.text(x)})`));
    return edits;
  },
});
