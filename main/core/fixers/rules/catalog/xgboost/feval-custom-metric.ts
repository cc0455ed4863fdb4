// xgboost.feval-custom-metric — xgb.train/xgb.cv(…, feval=f) → custom_metric=f
//
// Why it broke: XGBoost 3.0 (2025-02-27), deprecated since 1.6: train() and cv() lost `feval` (#11051); its successor
// `custom_metric` takes the same function (predictions, DMatrix) → (name, value).
// Changelog: https://xgboost.readthedocs.io/en/stable/changes/v3.0.0.html
// Changelog: https://github.com/dmlc/xgboost/pull/5954
// Example:
//     bst = xgb.train(params, dtrain, 1000, watchlist, feval=gini_xgb, maximize=True, early_stopping_rounds=100)
//   →
//     bst = xgb.train(params, dtrain, 1000, watchlist, custom_metric=gini_xgb, maximize=True, early_stopping_rounds=100)
// Fix safety: Same result: custom_metric is given what feval was given in the notebook's era. With a built-in
// objective, before 1.2 (#5954) feval got the transformed predictions (probabilities), as custom_metric does; with a
// custom objective (obj=), feval got the raw margins from 1.2 on, as custom_metric does.
// Left alone: calls that also set custom_metric; a built-in objective in a notebook written from 1.2 on (feval got
// margins there, custom_metric gets probabilities); a custom objective before 1.2 (what feval got depended on the
// params' objective).
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, positionalArguments } from '../../syntax';
import { isBeforeDate } from '../../version';

/** xgboost 1.2 (#5954): feval is given the raw margins from then on. */
const MARGINS_FROM = '2020-08-22';

export const fevalCustomMetric = defineRule({
  id: 'xgboost.feval-custom-metric',
  title: 'xgb.train/xgb.cv(…, feval=f) → custom_metric=f',
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '3.0', date: '2025-02-27' },
  deprecatedIn: '1.6',
  explanation:
    "XGBoost 3.0 removed train()'s and cv()'s feval (deprecated in 1.6) for custom_metric, which " +
    'takes the same function. custom_metric gets the transformed predictions with a built-in objective ' +
    'and the raw margins with a custom one (obj=); feval got the transformed predictions before 1.2 ' +
    "and the margins from 1.2 on, so the rename is made where the two agree for the notebook's era.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /(train|cv)\(\) got an unexpected keyword argument 'feval'/ }],
    pattern: true,
  },
  needles: ['feval'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const before12 = ctx.created === null || isBeforeDate(ctx.created, MARGINS_FROM);
    for (const { node: call } of ctx.calls({ module: 'xgboost', names: ['train', 'cv'] })) {
      const feval = keywordArgument(call, 'feval', parsed);
      const name = feval?.childForFieldName('name');
      // obj passed by position (train's fifth argument) cannot be told from None here
      if (!name || keywordArgument(call, 'custom_metric', parsed) || positionalArguments(call).length > 4) continue;
      const obj = keywordArgument(call, 'obj', parsed)?.childForFieldName('value');
      const customObjective = !!obj && parsed.text(obj) !== 'None';
      // the same predictions reach the function: a built-in objective before 1.2, a custom one from 1.2 on
      if (before12 !== customObjective) edits.push(replaceNode(name, 'custom_metric'));
    }
    return edits;
  },
});
