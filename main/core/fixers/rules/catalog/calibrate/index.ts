// The calibrate rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// Score calibration: defaults that changed after the notebook was written. When the score drifted, the old
// default is pinned explicitly, only for parameters the notebook did not set, and only when the notebook's
// date predates the release that changed it (engine: predatesChange) and the environment has that release.
export { sklearnForestNEstimators } from './sklearn-forest-n-estimators';
export { sklearnLogisticSolver } from './sklearn-logistic-solver';
export { sklearnLogisticMultiClass } from './sklearn-logistic-multi-class';
export { sklearnSvmGamma } from './sklearn-svm-gamma';
export { sklearnCv3Folds } from './sklearn-cv-3-folds';
export { sklearnKmeansNInit } from './sklearn-kmeans-n-init';
export { sklearnTsneDefaults } from './sklearn-tsne-defaults';
export { sklearnIsolationForestContamination } from './sklearn-isolation-forest-contamination';
export { sklearnLarsNormalize } from './sklearn-lars-normalize';
export { xgboostDepthAndLearningRate } from './xgboost-depth-and-learning-rate';
export { xgboostTreeMethodAndBaseScore } from './xgboost-tree-method-and-base-score';
export { xgboostTrainParams } from './xgboost-train-params';
export { pandasDictColumnOrder } from './pandas-dict-column-order';
