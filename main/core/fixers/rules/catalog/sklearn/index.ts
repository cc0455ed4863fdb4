// The sklearn rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// scikit-learn: modules, classes, arguments and attributes removed between 0.18 and 1.4 (cross_validation /
// grid_search / learning_curve → model_selection with the new splitter API, Imputer, externals.joblib,
// OneHotEncoder(categorical_features), renamed scorers, private modules, removed keyword arguments …).
//
// Old call protocols: objects whose use changed, not only their names. A fitted forest's .transform(X) selected
// features until scikit-learn 0.19; estimators accepted 1-D X (one feature) until 0.19 turned the deprecation into
// an error. (Old cross-validation splitters iterated directly are sklearn.splitter-constructors; Series.reshape and
// DataFrame.sort are in pandas.ts.)
//
// Removals that the libraries' changelogs give an exact replacement for, written by hand (issue 18): SciPy 1.12's
// removal of the NumPy functions re-exported from the scipy namespace, scikit-learn's SCORERS dict (1.3) and
// LogisticRegression's default solver (0.22, for the l1 penalty it cannot fit), matplotlib's 'spectral' colormap
// (2.2) and scatter's empty colour string. Each rewrite keeps what the code computes; changes whose replacement
// computes something else (AdaBoostClassifier's algorithm='SAMME.R', removed in 1.6: 'SAMME' gives other
// predictions) have no rule here on purpose, so the loop reports them as having none.
export { modelSelectionModules } from './model-selection-modules';
export { splitterConstructors } from './splitter-constructors';
export { splitterRandomStateWithoutShuffle } from './splitter-random-state-without-shuffle';
export { gridScores } from './grid-scores';
export { returnTrainScore } from './return-train-score';
export { scorerNames } from './scorer-names';
export { externalsJoblib } from './externals-joblib';
export { parallelBackend } from './parallel-backend';
export { privateModules } from './private-modules';
export { renamedClasses } from './renamed-classes';
export { onehotCategoricalFeatures } from './onehot-categorical-features';
export { getFeatureNames } from './get-feature-names';
export { ridgeCoefShape } from './ridge-coef-shape';
export { loadBoston } from './load-boston';
export { plotFunctions } from './plot-functions';
export { removedKeywords } from './removed-keywords';
export { linearModelNormalize } from './linear-model-normalize';
export { sgdNIter } from './sgd-n-iter';
export { renamedKeywords } from './renamed-keywords';
export { renamedParameterValues } from './renamed-parameter-values';
export { maxFeaturesAuto } from './max-features-auto';
export { keywordOnlyArguments } from './keyword-only-arguments';
export { renamedFunctions } from './renamed-functions';
export { mseSquaredFalse } from './mse-squared-false';
export { calibrationCurveNormalize } from './calibration-curve-normalize';
export { estimatorTransformSelection } from './estimator-transform-selection';
export { oneDimensionalX } from './one-dimensional-x';
export { scorersDict } from './scorers-dict';
export { makeScorerResponseMethod } from './make-scorer-response-method';
export { logisticL1Solver } from './logistic-l1-solver';
export { gridNormalize } from './grid-normalize';
export { adaboostAlgorithmSamme } from './adaboost-algorithm-samme';
export { scalerOneDimensional } from './scaler-one-dimensional';
export { binarizeOneSample } from './binarize-one-sample';
export { ransacResidualMetric } from './ransac-residual-metric';
export { renamedAttributes } from './renamed-attributes';
export { logisticMultiClass } from './logistic-multi-class';
export { liblinearMulticlassOvr } from './liblinear-multiclass-ovr';
export { logisticOvrSolver } from './logistic-ovr-solver';
export { multiclassAverage } from './multiclass-average';
export { gradientBoostingLoss } from './gradient-boosting-loss';
export { integralFloatParams } from './integral-float-params';
export { featureNamesOrder } from './feature-names-order';
