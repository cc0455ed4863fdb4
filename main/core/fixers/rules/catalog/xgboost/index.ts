// The xgboost rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// XGBoost (and LightGBM): scikit-learn wrapper arguments renamed in 1.0 (silent → verbosity, seed →
// random_state, nthread → n_jobs), the GPU tree method on machines without a GPU, the 2.0 removals (fit's
// early_stopping_rounds/eval_metric, predict's ntree_limit), LightGBM 4.0's early-stopping callbacks and 1.6's removed
// label encoder (a subclass that encodes the labels, as before) and 3.0's feval (custom_metric).
export { sklearnWrapperArguments } from './sklearn-wrapper-arguments';
export { gpuHistWithoutGpu } from './gpu-hist-without-gpu';
export { fitEarlyStopping } from './fit-early-stopping';
export { ntreeLimit } from './ntree-limit';
export { renamedObjectiveAndBooster } from './renamed-objective-and-booster';
export { labelEncoder } from './label-encoder';
export { fevalCustomMetric } from './feval-custom-metric';
