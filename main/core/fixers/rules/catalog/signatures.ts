// Keyword-only parameters of scikit-learn ≥ 1.0 and pandas ≥ 2.0, for turning the positional arguments old
// notebooks pass into keywords. SKLEARN_KEYWORD_ONLY and PANDAS_KEYWORD_ONLY are GENERATED: do not edit them by
// hand; change tools/signatures/keyword-only.py and run `npx tsx tools/signatures/generate.ts` (`--check` compares).
// The script reads inspect.signature in the reference stack (scikit-learn 1.2.1: every public estimator of
// sklearn.utils.all_estimators() and the public functions of its main modules; pandas 1.5.3, whose
// deprecate_nonkeyword_arguments wrappers carry the 2.0 signatures). An entry is [number of parameters that may
// still be positional, first keyword-only names in order…]. Its hand edits: the old order of AgglomerativeClustering
// and FeatureAgglomeration; OneHotEncoder left out (its old signature was a different one).
//
// The names after `*` are today's order, which is NOT always the order a notebook's positional arguments had:
// parameters were inserted (scikit-learn 0.18 put `groups` after y in cross_val_score/learning_curve, 0.20 put
// min_features_to_select after step in RFECV, 1.2 put force_alpha after alpha in the naive Bayes classes) or
// removed (fit_params of GridSearchCV in 0.21, normalize of the linear models in 1.2) while, or after, the
// arguments could be positional. SKLEARN_POSITIONAL_HISTORY and PANDAS_POSITIONAL_HISTORY record those callables'
// positional order per era (from the libraries' signatures at each release), and eraSignature() picks the order of
// the notebook's era, or refuses when the era (its date, the module it imported from) does not settle it.

export type KeywordOnlySignature = readonly [number, ...string[]];

/** scikit-learn classes (constructor) and functions by public name (unique across the package). */
export const SKLEARN_KEYWORD_ONLY: Readonly<Record<string, KeywordOnlySignature>> = {
  ARDRegression: [0, 'n_iter', 'tol', 'alpha_1', 'alpha_2', 'lambda_1'],
  AdaBoostClassifier: [1, 'n_estimators', 'learning_rate', 'algorithm', 'random_state', 'base_estimator'],
  AdaBoostRegressor: [1, 'n_estimators', 'learning_rate', 'loss', 'random_state', 'base_estimator'],
  AdditiveChi2Sampler: [0, 'sample_steps', 'sample_interval'],
  AffinityPropagation: [0, 'damping', 'max_iter', 'convergence_iter', 'copy', 'preference'],
  // `metric` (1.2) was inserted after affinity: the old order is kept here
  AgglomerativeClustering: [1, 'affinity', 'memory', 'connectivity', 'compute_full_tree'],
  BaggingClassifier: [2, 'max_samples', 'max_features', 'bootstrap', 'bootstrap_features', 'oob_score'],
  BaggingRegressor: [2, 'max_samples', 'max_features', 'bootstrap', 'bootstrap_features', 'oob_score'],
  BaseDecisionTree: [0, 'criterion', 'splitter', 'max_depth', 'min_samples_split', 'min_samples_leaf'],
  BaseShuffleSplit: [1, 'test_size', 'train_size', 'random_state'],
  BayesianGaussianMixture: [0, 'n_components', 'covariance_type', 'tol', 'reg_covar', 'max_iter'],
  BayesianRidge: [0, 'n_iter', 'tol', 'alpha_1', 'alpha_2', 'lambda_1'],
  BernoulliNB: [0, 'alpha', 'force_alpha', 'binarize', 'fit_prior', 'class_prior'],
  BernoulliRBM: [1, 'learning_rate', 'batch_size', 'n_iter', 'verbose', 'random_state'],
  Binarizer: [0, 'threshold', 'copy'],
  Birch: [0, 'threshold', 'branching_factor', 'n_clusters', 'compute_labels', 'copy'],
  BisectingKMeans: [1, 'init', 'n_init', 'random_state', 'max_iter', 'verbose'],
  CCA: [1, 'scale', 'max_iter', 'tol', 'copy'],
  CalibratedClassifierCV: [1, 'method', 'cv', 'n_jobs', 'ensemble', 'base_estimator'],
  CalibrationDisplay: [3, 'estimator_name', 'pos_label'],
  CategoricalNB: [0, 'alpha', 'force_alpha', 'fit_prior', 'class_prior', 'min_categories'],
  ClassifierChain: [1, 'order', 'cv', 'random_state', 'verbose'],
  ColumnTransformer: [1, 'remainder', 'sparse_threshold', 'n_jobs', 'transformer_weights', 'verbose'],
  ComplementNB: [0, 'alpha', 'force_alpha', 'fit_prior', 'class_prior', 'norm'],
  ConfusionMatrixDisplay: [1, 'display_labels'],
  CountVectorizer: [0, 'input', 'encoding', 'decode_error', 'strip_accents', 'lowercase'],
  DBSCAN: [1, 'min_samples', 'metric', 'metric_params', 'algorithm', 'leaf_size'],
  DecisionBoundaryDisplay: [0, 'xx0', 'xx1', 'response', 'xlabel', 'ylabel'],
  DecisionTreeClassifier: [0, 'criterion', 'splitter', 'max_depth', 'min_samples_split', 'min_samples_leaf'],
  DecisionTreeRegressor: [0, 'criterion', 'splitter', 'max_depth', 'min_samples_split', 'min_samples_leaf'],
  DetCurveDisplay: [0, 'fpr', 'fnr', 'estimator_name', 'pos_label'],
  DictVectorizer: [0, 'dtype', 'separator', 'sparse', 'sort'],
  DictionaryLearning: [1, 'alpha', 'max_iter', 'tol', 'fit_algorithm', 'transform_algorithm'],
  DummyClassifier: [0, 'strategy', 'random_state', 'constant'],
  DummyRegressor: [0, 'strategy', 'constant', 'quantile'],
  ElasticNet: [1, 'l1_ratio', 'fit_intercept', 'precompute', 'max_iter', 'copy_X'],
  ElasticNetCV: [0, 'l1_ratio', 'eps', 'n_alphas', 'alphas', 'fit_intercept'],
  EllipticEnvelope: [0, 'store_precision', 'assume_centered', 'support_fraction', 'contamination', 'random_state'],
  EmpiricalCovariance: [0, 'store_precision', 'assume_centered'],
  ExtraTreeClassifier: [0, 'criterion', 'splitter', 'max_depth', 'min_samples_split', 'min_samples_leaf'],
  ExtraTreeRegressor: [0, 'criterion', 'splitter', 'max_depth', 'min_samples_split', 'min_samples_leaf'],
  ExtraTreesClassifier: [
    1,
    'criterion',
    'max_depth',
    'min_samples_split',
    'min_samples_leaf',
    'min_weight_fraction_leaf',
  ],
  ExtraTreesRegressor: [
    1,
    'criterion',
    'max_depth',
    'min_samples_split',
    'min_samples_leaf',
    'min_weight_fraction_leaf',
  ],
  FactorAnalysis: [1, 'tol', 'copy', 'max_iter', 'noise_variance_init', 'svd_method'],
  FastICA: [1, 'algorithm', 'whiten', 'fun', 'fun_args', 'max_iter'],
  FeatureAgglomeration: [1, 'affinity', 'memory', 'connectivity', 'compute_full_tree'],
  FeatureHasher: [1, 'input_type', 'dtype', 'alternate_sign'],
  FeatureUnion: [1, 'n_jobs', 'transformer_weights', 'verbose'],
  FunctionTransformer: [2, 'validate', 'accept_sparse', 'check_inverse', 'feature_names_out', 'kw_args'],
  GammaRegressor: [0, 'alpha', 'fit_intercept', 'solver', 'max_iter', 'tol'],
  GaussianMixture: [1, 'covariance_type', 'tol', 'reg_covar', 'max_iter', 'n_init'],
  GaussianNB: [0, 'priors', 'var_smoothing'],
  GaussianProcessClassifier: [1, 'optimizer', 'n_restarts_optimizer', 'max_iter_predict', 'warm_start', 'copy_X_train'],
  GaussianProcessRegressor: [1, 'alpha', 'optimizer', 'n_restarts_optimizer', 'normalize_y', 'copy_X_train'],
  GaussianRandomProjection: [1, 'eps', 'compute_inverse_components', 'random_state'],
  GenericUnivariateSelect: [1, 'mode', 'param'],
  GradientBoostingClassifier: [0, 'loss', 'learning_rate', 'n_estimators', 'subsample', 'criterion'],
  GradientBoostingRegressor: [0, 'loss', 'learning_rate', 'n_estimators', 'subsample', 'criterion'],
  GraphicalLasso: [1, 'mode', 'tol', 'enet_tol', 'max_iter', 'verbose'],
  GraphicalLassoCV: [0, 'alphas', 'n_refinements', 'cv', 'tol', 'enet_tol'],
  GridSearchCV: [2, 'scoring', 'n_jobs', 'refit', 'cv', 'verbose'],
  GroupShuffleSplit: [1, 'test_size', 'train_size', 'random_state'],
  HashingVectorizer: [0, 'input', 'encoding', 'decode_error', 'strip_accents', 'lowercase'],
  HistGradientBoostingClassifier: [1, 'learning_rate', 'max_iter', 'max_leaf_nodes', 'max_depth', 'min_samples_leaf'],
  HistGradientBoostingRegressor: [1, 'quantile', 'learning_rate', 'max_iter', 'max_leaf_nodes', 'max_depth'],
  HuberRegressor: [0, 'epsilon', 'max_iter', 'alpha', 'warm_start', 'fit_intercept'],
  IncrementalPCA: [1, 'whiten', 'copy', 'batch_size'],
  IsolationForest: [0, 'n_estimators', 'max_samples', 'contamination', 'max_features', 'bootstrap'],
  Isomap: [0, 'n_neighbors', 'radius', 'n_components', 'eigen_solver', 'tol'],
  IsotonicRegression: [0, 'y_min', 'y_max', 'increasing', 'out_of_bounds'],
  KBinsDiscretizer: [1, 'encode', 'strategy', 'dtype', 'subsample', 'random_state'],
  KFold: [1, 'shuffle', 'random_state'],
  KMeans: [1, 'init', 'n_init', 'max_iter', 'tol', 'verbose'],
  KNNImputer: [0, 'missing_values', 'n_neighbors', 'weights', 'metric', 'copy'],
  KNeighborsClassifier: [1, 'weights', 'algorithm', 'leaf_size', 'p', 'metric'],
  KNeighborsRegressor: [1, 'weights', 'algorithm', 'leaf_size', 'p', 'metric'],
  KNeighborsTransformer: [0, 'mode', 'n_neighbors', 'algorithm', 'leaf_size', 'metric'],
  KernelDensity: [0, 'bandwidth', 'algorithm', 'kernel', 'metric', 'atol'],
  KernelPCA: [1, 'kernel', 'gamma', 'degree', 'coef0', 'kernel_params'],
  KernelRidge: [1, 'kernel', 'gamma', 'degree', 'coef0', 'kernel_params'],
  LabelBinarizer: [0, 'neg_label', 'pos_label', 'sparse_output'],
  LabelPropagation: [1, 'gamma', 'n_neighbors', 'max_iter', 'tol', 'n_jobs'],
  LabelSpreading: [1, 'gamma', 'n_neighbors', 'alpha', 'max_iter', 'tol'],
  Lars: [0, 'fit_intercept', 'verbose', 'normalize', 'precompute', 'n_nonzero_coefs'],
  LarsCV: [0, 'fit_intercept', 'verbose', 'max_iter', 'normalize', 'precompute'],
  Lasso: [1, 'fit_intercept', 'precompute', 'copy_X', 'max_iter', 'tol'],
  LassoCV: [0, 'eps', 'n_alphas', 'alphas', 'fit_intercept', 'precompute'],
  LassoLars: [1, 'fit_intercept', 'verbose', 'normalize', 'precompute', 'max_iter'],
  LassoLarsCV: [0, 'fit_intercept', 'verbose', 'max_iter', 'normalize', 'precompute'],
  LassoLarsIC: [1, 'fit_intercept', 'verbose', 'normalize', 'precompute', 'max_iter'],
  LatentDirichletAllocation: [
    1,
    'doc_topic_prior',
    'topic_word_prior',
    'learning_method',
    'learning_decay',
    'learning_offset',
  ],
  LearningCurveDisplay: [0, 'train_sizes', 'train_scores', 'test_scores', 'score_name'],
  LedoitWolf: [0, 'store_precision', 'assume_centered', 'block_size'],
  LinearRegression: [0, 'fit_intercept', 'copy_X', 'n_jobs', 'positive'],
  LinearSVC: [2, 'dual', 'tol', 'C', 'multi_class', 'fit_intercept'],
  LinearSVR: [0, 'epsilon', 'tol', 'C', 'loss', 'fit_intercept'],
  LocalOutlierFactor: [1, 'algorithm', 'leaf_size', 'metric', 'p', 'metric_params'],
  LocallyLinearEmbedding: [0, 'n_neighbors', 'n_components', 'reg', 'eigen_solver', 'tol'],
  LogisticRegression: [1, 'dual', 'tol', 'C', 'fit_intercept', 'intercept_scaling'],
  LogisticRegressionCV: [0, 'Cs', 'fit_intercept', 'cv', 'dual', 'penalty'],
  MDS: [1, 'metric', 'n_init', 'max_iter', 'verbose', 'eps'],
  MLPClassifier: [2, 'solver', 'alpha', 'batch_size', 'learning_rate', 'learning_rate_init'],
  MLPRegressor: [2, 'solver', 'alpha', 'batch_size', 'learning_rate', 'learning_rate_init'],
  MaxAbsScaler: [0, 'copy'],
  MeanShift: [0, 'bandwidth', 'seeds', 'bin_seeding', 'min_bin_freq', 'cluster_all'],
  MinCovDet: [0, 'store_precision', 'assume_centered', 'support_fraction', 'random_state'],
  MinMaxScaler: [1, 'copy', 'clip'],
  MiniBatchDictionaryLearning: [1, 'alpha', 'n_iter', 'max_iter', 'fit_algorithm', 'n_jobs'],
  MiniBatchKMeans: [1, 'init', 'max_iter', 'batch_size', 'verbose', 'compute_labels'],
  MiniBatchNMF: [1, 'init', 'batch_size', 'beta_loss', 'tol', 'max_no_improvement'],
  MiniBatchSparsePCA: [1, 'alpha', 'ridge_alpha', 'n_iter', 'max_iter', 'callback'],
  MissingIndicator: [0, 'missing_values', 'features', 'sparse', 'error_on_new'],
  MultiLabelBinarizer: [0, 'classes', 'sparse_output'],
  MultiOutputClassifier: [1, 'n_jobs'],
  MultiOutputRegressor: [1, 'n_jobs'],
  MultiTaskElasticNet: [1, 'l1_ratio', 'fit_intercept', 'copy_X', 'max_iter', 'tol'],
  MultiTaskElasticNetCV: [0, 'l1_ratio', 'eps', 'n_alphas', 'alphas', 'fit_intercept'],
  MultiTaskLasso: [1, 'fit_intercept', 'copy_X', 'max_iter', 'tol', 'warm_start'],
  MultiTaskLassoCV: [0, 'eps', 'n_alphas', 'alphas', 'fit_intercept', 'max_iter'],
  MultinomialNB: [0, 'alpha', 'force_alpha', 'fit_prior', 'class_prior'],
  NMF: [1, 'init', 'solver', 'beta_loss', 'tol', 'max_iter'],
  NearestCentroid: [1, 'shrink_threshold'],
  NearestNeighbors: [0, 'n_neighbors', 'radius', 'algorithm', 'leaf_size', 'metric'],
  NeighborhoodComponentsAnalysis: [1, 'init', 'warm_start', 'max_iter', 'tol', 'callback'],
  Normalizer: [1, 'copy'],
  NuSVC: [0, 'nu', 'kernel', 'degree', 'gamma', 'coef0'],
  NuSVR: [0, 'nu', 'C', 'kernel', 'degree', 'gamma'],
  Nystroem: [1, 'gamma', 'coef0', 'degree', 'kernel_params', 'n_components'],
  OAS: [0, 'store_precision', 'assume_centered'],
  OPTICS: [0, 'min_samples', 'max_eps', 'metric', 'p', 'metric_params'],
  OneClassSVM: [0, 'kernel', 'degree', 'gamma', 'coef0', 'tol'],
  OneVsOneClassifier: [1, 'n_jobs'],
  OneVsRestClassifier: [1, 'n_jobs', 'verbose'],
  OrdinalEncoder: [0, 'categories', 'dtype', 'handle_unknown', 'unknown_value', 'encoded_missing_value'],
  OrthogonalMatchingPursuit: [0, 'n_nonzero_coefs', 'tol', 'fit_intercept', 'normalize', 'precompute'],
  OrthogonalMatchingPursuitCV: [0, 'copy', 'fit_intercept', 'normalize', 'max_iter', 'cv'],
  OutputCodeClassifier: [1, 'code_size', 'random_state', 'n_jobs'],
  PCA: [1, 'copy', 'whiten', 'svd_solver', 'tol', 'iterated_power'],
  PLSCanonical: [1, 'scale', 'algorithm', 'max_iter', 'tol', 'copy'],
  PLSRegression: [1, 'scale', 'max_iter', 'tol', 'copy'],
  PLSSVD: [1, 'scale', 'copy'],
  ParameterSampler: [2, 'random_state'],
  PartialDependenceDisplay: [1, 'features', 'feature_names', 'target_idx', 'deciles', 'pdp_lim'],
  PassiveAggressiveClassifier: [0, 'C', 'fit_intercept', 'max_iter', 'tol', 'early_stopping'],
  PassiveAggressiveRegressor: [0, 'C', 'fit_intercept', 'max_iter', 'tol', 'early_stopping'],
  PatchExtractor: [0, 'patch_size', 'max_patches', 'random_state'],
  Perceptron: [0, 'penalty', 'alpha', 'l1_ratio', 'fit_intercept', 'max_iter'],
  Pipeline: [1, 'memory', 'verbose'],
  PoissonRegressor: [0, 'alpha', 'fit_intercept', 'solver', 'max_iter', 'tol'],
  PolynomialCountSketch: [0, 'gamma', 'degree', 'coef0', 'n_components', 'random_state'],
  PolynomialFeatures: [1, 'interaction_only', 'include_bias', 'order'],
  PowerTransformer: [1, 'standardize', 'copy'],
  PrecisionRecallDisplay: [2, 'average_precision', 'estimator_name', 'pos_label'],
  PredictionErrorDisplay: [0, 'y_true', 'y_pred'],
  QuadraticDiscriminantAnalysis: [0, 'priors', 'reg_param', 'store_covariance', 'tol'],
  QuantileRegressor: [0, 'quantile', 'alpha', 'fit_intercept', 'solver', 'solver_options'],
  QuantileTransformer: [0, 'n_quantiles', 'output_distribution', 'ignore_implicit_zeros', 'subsample', 'random_state'],
  RANSACRegressor: [1, 'min_samples', 'residual_threshold', 'is_data_valid', 'is_model_valid', 'max_trials'],
  RBFSampler: [0, 'gamma', 'n_components', 'random_state'],
  RFE: [1, 'n_features_to_select', 'step', 'verbose', 'importance_getter'],
  RFECV: [1, 'step', 'min_features_to_select', 'cv', 'scoring', 'verbose'],
  RadiusNeighborsClassifier: [1, 'weights', 'algorithm', 'leaf_size', 'p', 'metric'],
  RadiusNeighborsRegressor: [1, 'weights', 'algorithm', 'leaf_size', 'p', 'metric'],
  RadiusNeighborsTransformer: [0, 'mode', 'radius', 'algorithm', 'leaf_size', 'metric'],
  RandomForestClassifier: [
    1,
    'criterion',
    'max_depth',
    'min_samples_split',
    'min_samples_leaf',
    'min_weight_fraction_leaf',
  ],
  RandomForestRegressor: [
    1,
    'criterion',
    'max_depth',
    'min_samples_split',
    'min_samples_leaf',
    'min_weight_fraction_leaf',
  ],
  RandomTreesEmbedding: [
    1,
    'max_depth',
    'min_samples_split',
    'min_samples_leaf',
    'min_weight_fraction_leaf',
    'max_leaf_nodes',
  ],
  RandomizedSearchCV: [2, 'n_iter', 'scoring', 'n_jobs', 'refit', 'cv'],
  RegressorChain: [1, 'order', 'cv', 'random_state', 'verbose'],
  RepeatedKFold: [0, 'n_splits', 'n_repeats', 'random_state'],
  RepeatedStratifiedKFold: [0, 'n_splits', 'n_repeats', 'random_state'],
  Ridge: [1, 'fit_intercept', 'copy_X', 'max_iter', 'tol', 'solver'],
  RidgeCV: [1, 'fit_intercept', 'scoring', 'cv', 'gcv_mode', 'store_cv_values'],
  RidgeClassifier: [1, 'fit_intercept', 'copy_X', 'max_iter', 'tol', 'class_weight'],
  RidgeClassifierCV: [1, 'fit_intercept', 'scoring', 'cv', 'class_weight', 'store_cv_values'],
  RobustScaler: [0, 'with_centering', 'with_scaling', 'quantile_range', 'copy', 'unit_variance'],
  RocCurveDisplay: [0, 'fpr', 'tpr', 'roc_auc', 'estimator_name', 'pos_label'],
  SGDClassifier: [1, 'penalty', 'alpha', 'l1_ratio', 'fit_intercept', 'max_iter'],
  SGDRegressor: [1, 'penalty', 'alpha', 'l1_ratio', 'fit_intercept', 'max_iter'],
  SVC: [0, 'C', 'kernel', 'degree', 'gamma', 'coef0'],
  SVR: [0, 'kernel', 'degree', 'gamma', 'coef0', 'tol'],
  SelectFdr: [1, 'alpha'],
  SelectFpr: [1, 'alpha'],
  SelectFromModel: [1, 'threshold', 'prefit', 'norm_order', 'max_features', 'importance_getter'],
  SelectFwe: [1, 'alpha'],
  SelectKBest: [1, 'k'],
  SelectPercentile: [1, 'percentile'],
  SequentialFeatureSelector: [1, 'n_features_to_select', 'tol', 'direction', 'scoring', 'cv'],
  ShrunkCovariance: [0, 'store_precision', 'assume_centered', 'shrinkage'],
  ShuffleSplit: [1, 'test_size', 'train_size', 'random_state'],
  SimpleImputer: [0, 'missing_values', 'strategy', 'fill_value', 'verbose', 'copy'],
  SkewedChi2Sampler: [0, 'skewedness', 'n_components', 'random_state'],
  SparseCoder: [1, 'transform_algorithm', 'transform_n_nonzero_coefs', 'transform_alpha', 'split_sign', 'n_jobs'],
  SparsePCA: [1, 'alpha', 'ridge_alpha', 'max_iter', 'tol', 'method'],
  SparseRandomProjection: [1, 'density', 'eps', 'dense_output', 'compute_inverse_components', 'random_state'],
  SpectralBiclustering: [1, 'method', 'n_components', 'n_best', 'svd_method', 'n_svd_vecs'],
  SpectralClustering: [1, 'eigen_solver', 'n_components', 'random_state', 'n_init', 'gamma'],
  SpectralCoclustering: [1, 'svd_method', 'n_svd_vecs', 'mini_batch', 'init', 'n_init'],
  SpectralEmbedding: [1, 'affinity', 'gamma', 'random_state', 'eigen_solver', 'eigen_tol'],
  SplineTransformer: [2, 'knots', 'extrapolation', 'include_bias', 'order'],
  StackingClassifier: [2, 'cv', 'stack_method', 'n_jobs', 'passthrough', 'verbose'],
  StackingRegressor: [2, 'cv', 'n_jobs', 'passthrough', 'verbose'],
  StandardScaler: [0, 'copy', 'with_mean', 'with_std'],
  StrOptions: [1, 'deprecated'],
  StratifiedKFold: [1, 'shuffle', 'random_state'],
  StratifiedShuffleSplit: [1, 'test_size', 'train_size', 'random_state'],
  TSNE: [1, 'perplexity', 'early_exaggeration', 'learning_rate', 'n_iter', 'n_iter_without_progress'],
  TfidfTransformer: [0, 'norm', 'use_idf', 'smooth_idf', 'sublinear_tf'],
  TfidfVectorizer: [0, 'input', 'encoding', 'decode_error', 'strip_accents', 'lowercase'],
  TheilSenRegressor: [0, 'fit_intercept', 'copy_X', 'max_subpopulation', 'n_subsamples', 'max_iter'],
  TimeSeriesSplit: [1, 'max_train_size', 'test_size', 'gap'],
  TransformedTargetRegressor: [1, 'transformer', 'func', 'inverse_func', 'check_inverse'],
  TruncatedSVD: [1, 'algorithm', 'n_iter', 'n_oversamples', 'power_iteration_normalizer', 'random_state'],
  TweedieRegressor: [0, 'power', 'alpha', 'fit_intercept', 'link', 'solver'],
  VotingClassifier: [1, 'voting', 'weights', 'n_jobs', 'flatten_transform', 'verbose'],
  VotingRegressor: [1, 'weights', 'n_jobs', 'verbose'],
  accuracy_score: [2, 'normalize', 'sample_weight'],
  adjusted_mutual_info_score: [2, 'average_method'],
  affinity_propagation: [1, 'preference', 'convergence_iter', 'max_iter', 'damping', 'copy'],
  as_float_array: [1, 'copy', 'force_all_finite'],
  assert_all_finite: [1, 'allow_nan', 'estimator_name', 'input_name'],
  average_precision_score: [2, 'average', 'pos_label', 'sample_weight'],
  balanced_accuracy_score: [2, 'sample_weight', 'adjusted'],
  binarize: [1, 'threshold', 'copy'],
  brier_score_loss: [2, 'sample_weight', 'pos_label'],
  calibration_curve: [2, 'pos_label', 'normalize', 'n_bins', 'strategy'],
  check_X_y: [3, 'accept_large_sparse', 'dtype', 'order', 'copy', 'force_all_finite'],
  check_array: [2, 'accept_large_sparse', 'dtype', 'order', 'copy', 'force_all_finite'],
  check_cv: [2, 'classifier'],
  check_is_fitted: [2, 'msg', 'all_or_any'],
  check_scalar: [3, 'min_val', 'max_val', 'include_boundaries'],
  check_scoring: [2, 'allow_none'],
  check_symmetric: [1, 'tol', 'raise_warning', 'raise_exception'],
  class_likelihood_ratios: [2, 'labels', 'sample_weight', 'raise_warning'],
  classification_report: [2, 'labels', 'target_names', 'sample_weight', 'digits', 'output_dict'],
  clone: [1, 'safe'],
  cluster_optics_dbscan: [0, 'reachability', 'core_distances', 'ordering', 'eps'],
  cluster_optics_xi: [0, 'reachability', 'predecessor', 'ordering', 'min_samples', 'min_cluster_size'],
  cohen_kappa_score: [2, 'labels', 'weights', 'sample_weight'],
  column_or_1d: [1, 'dtype', 'warn'],
  compute_class_weight: [1, 'classes', 'y'],
  compute_optics_graph: [1, 'min_samples', 'max_eps', 'metric', 'p', 'metric_params'],
  compute_sample_weight: [2, 'indices'],
  confusion_matrix: [2, 'labels', 'sample_weight', 'normalize'],
  consensus_score: [2, 'similarity'],
  coverage_error: [2, 'sample_weight'],
  cross_val_predict: [3, 'groups', 'cv', 'n_jobs', 'verbose', 'fit_params'],
  cross_val_score: [3, 'groups', 'scoring', 'cv', 'n_jobs', 'verbose'],
  cross_validate: [3, 'groups', 'scoring', 'cv', 'n_jobs', 'verbose'],
  d2_absolute_error_score: [2, 'sample_weight', 'multioutput'],
  d2_pinball_score: [2, 'sample_weight', 'alpha', 'multioutput'],
  d2_tweedie_score: [2, 'sample_weight', 'power'],
  dbscan: [2, 'min_samples', 'metric', 'metric_params', 'algorithm', 'leaf_size'],
  dcg_score: [2, 'k', 'log_base', 'sample_weight', 'ignore_ties'],
  dict_learning: [2, 'alpha', 'max_iter', 'tol', 'method', 'n_jobs'],
  dict_learning_online: [2, 'alpha', 'n_iter', 'max_iter', 'return_code', 'dict_init'],
  dump_svmlight_file: [3, 'zero_based', 'comment', 'query_id', 'multilabel'],
  enet_path: [2, 'l1_ratio', 'eps', 'n_alphas', 'alphas', 'precompute'],
  estimate_bandwidth: [1, 'quantile', 'n_samples', 'random_state', 'n_jobs'],
  euclidean_distances: [2, 'Y_norm_squared', 'squared', 'X_norm_squared'],
  explained_variance_score: [2, 'sample_weight', 'multioutput', 'force_finite'],
  export_graphviz: [2, 'max_depth', 'feature_names', 'class_names', 'label', 'filled'],
  export_text: [1, 'feature_names', 'max_depth', 'spacing', 'decimals', 'show_weights'],
  f1_score: [2, 'labels', 'pos_label', 'average', 'sample_weight', 'zero_division'],
  f_regression: [2, 'center', 'force_finite'],
  fastica: [2, 'algorithm', 'whiten', 'fun', 'fun_args', 'max_iter'],
  fbeta_score: [2, 'beta', 'labels', 'pos_label', 'average', 'sample_weight'],
  fetch_20newsgroups: [0, 'data_home', 'subset', 'categories', 'shuffle', 'random_state'],
  fetch_20newsgroups_vectorized: [0, 'subset', 'remove', 'data_home', 'download_if_missing', 'return_X_y'],
  fetch_california_housing: [0, 'data_home', 'download_if_missing', 'return_X_y', 'as_frame'],
  fetch_covtype: [0, 'data_home', 'download_if_missing', 'random_state', 'shuffle', 'return_X_y'],
  fetch_kddcup99: [0, 'subset', 'data_home', 'shuffle', 'random_state', 'percent10'],
  fetch_lfw_pairs: [0, 'subset', 'data_home', 'funneled', 'resize', 'color'],
  fetch_lfw_people: [0, 'data_home', 'funneled', 'resize', 'min_faces_per_person', 'color'],
  fetch_olivetti_faces: [0, 'data_home', 'shuffle', 'random_state', 'download_if_missing', 'return_X_y'],
  fetch_openml: [1, 'version', 'data_id', 'data_home', 'target_column', 'cache'],
  fetch_rcv1: [0, 'data_home', 'subset', 'download_if_missing', 'random_state', 'shuffle'],
  fetch_species_distributions: [0, 'data_home', 'download_if_missing'],
  fowlkes_mallows_score: [2, 'sparse'],
  hamming_loss: [2, 'sample_weight'],
  hinge_loss: [2, 'labels', 'sample_weight'],
  homogeneity_completeness_v_measure: [2, 'beta'],
  jaccard_score: [2, 'labels', 'pos_label', 'average', 'sample_weight', 'zero_division'],
  k_means: [2, 'sample_weight', 'init', 'n_init', 'max_iter', 'verbose'],
  kmeans_plusplus: [2, 'x_squared_norms', 'random_state', 'n_local_trials'],
  kneighbors_graph: [2, 'mode', 'metric', 'p', 'metric_params', 'include_self'],
  l1_min_c: [2, 'loss', 'fit_intercept', 'intercept_scaling'],
  label_binarize: [1, 'classes', 'neg_label', 'pos_label', 'sparse_output'],
  label_ranking_average_precision_score: [2, 'sample_weight'],
  label_ranking_loss: [2, 'sample_weight'],
  lars_path: [3, 'Gram', 'max_iter', 'alpha_min', 'method', 'copy_X'],
  lars_path_gram: [2, 'n_samples', 'max_iter', 'alpha_min', 'method', 'copy_X'],
  lasso_path: [2, 'eps', 'n_alphas', 'alphas', 'precompute', 'Xy'],
  learning_curve: [3, 'groups', 'train_sizes', 'cv', 'scoring', 'exploit_incremental_learning'],
  load_breast_cancer: [0, 'return_X_y', 'as_frame'],
  load_diabetes: [0, 'return_X_y', 'as_frame', 'scaled'],
  load_digits: [0, 'n_class', 'return_X_y', 'as_frame'],
  load_files: [1, 'description', 'categories', 'load_content', 'shuffle', 'encoding'],
  load_iris: [0, 'return_X_y', 'as_frame'],
  load_linnerud: [0, 'return_X_y', 'as_frame'],
  load_svmlight_file: [1, 'n_features', 'dtype', 'multilabel', 'zero_based', 'query_id'],
  load_svmlight_files: [1, 'n_features', 'dtype', 'multilabel', 'zero_based', 'query_id'],
  load_wine: [0, 'return_X_y', 'as_frame'],
  locally_linear_embedding: [1, 'n_neighbors', 'n_components', 'reg', 'eigen_solver', 'tol'],
  log_loss: [2, 'eps', 'normalize', 'sample_weight', 'labels'],
  make_biclusters: [2, 'noise', 'minval', 'maxval', 'shuffle', 'random_state'],
  make_blobs: [2, 'centers', 'cluster_std', 'center_box', 'shuffle', 'random_state'],
  make_checkerboard: [2, 'noise', 'minval', 'maxval', 'shuffle', 'random_state'],
  make_circles: [1, 'shuffle', 'noise', 'random_state', 'factor'],
  make_classification: [2, 'n_informative', 'n_redundant', 'n_repeated', 'n_classes', 'n_clusters_per_class'],
  make_friedman1: [2, 'noise', 'random_state'],
  make_friedman2: [1, 'noise', 'random_state'],
  make_friedman3: [1, 'noise', 'random_state'],
  make_gaussian_quantiles: [0, 'mean', 'cov', 'n_samples', 'n_features', 'n_classes'],
  make_hastie_10_2: [1, 'random_state'],
  make_low_rank_matrix: [2, 'effective_rank', 'tail_strength', 'random_state'],
  make_moons: [1, 'shuffle', 'noise', 'random_state'],
  make_multilabel_classification: [2, 'n_classes', 'n_labels', 'length', 'allow_unlabeled', 'sparse'],
  make_regression: [2, 'n_informative', 'n_targets', 'bias', 'effective_rank', 'tail_strength'],
  make_s_curve: [1, 'noise', 'random_state'],
  make_scorer: [1, 'greater_is_better', 'needs_proba', 'needs_threshold'],
  make_sparse_coded_signal: [1, 'n_components', 'n_features', 'n_nonzero_coefs', 'random_state', 'data_transposed'],
  make_sparse_spd_matrix: [1, 'alpha', 'norm_diag', 'smallest_coef', 'largest_coef', 'random_state'],
  make_sparse_uncorrelated: [2, 'random_state'],
  make_spd_matrix: [1, 'random_state'],
  make_swiss_roll: [1, 'noise', 'random_state', 'hole'],
  matthews_corrcoef: [2, 'sample_weight'],
  maxabs_scale: [1, 'axis', 'copy'],
  mean_absolute_error: [2, 'sample_weight', 'multioutput'],
  mean_absolute_percentage_error: [2, 'sample_weight', 'multioutput'],
  mean_gamma_deviance: [2, 'sample_weight'],
  mean_pinball_loss: [2, 'sample_weight', 'alpha', 'multioutput'],
  mean_poisson_deviance: [2, 'sample_weight'],
  mean_shift: [1, 'bandwidth', 'seeds', 'bin_seeding', 'min_bin_freq', 'cluster_all'],
  mean_squared_error: [2, 'sample_weight', 'multioutput', 'squared'],
  mean_squared_log_error: [2, 'sample_weight', 'multioutput', 'squared'],
  mean_tweedie_deviance: [2, 'sample_weight', 'power'],
  median_absolute_error: [2, 'multioutput', 'sample_weight'],
  minmax_scale: [2, 'axis', 'copy'],
  multilabel_confusion_matrix: [2, 'sample_weight', 'labels', 'samplewise'],
  mutual_info_classif: [2, 'discrete_features', 'n_neighbors', 'copy', 'random_state'],
  mutual_info_regression: [2, 'discrete_features', 'n_neighbors', 'copy', 'random_state'],
  mutual_info_score: [2, 'contingency'],
  nan_euclidean_distances: [2, 'squared', 'missing_values', 'copy'],
  ndcg_score: [2, 'k', 'sample_weight', 'ignore_ties'],
  non_negative_factorization: [4, 'init', 'update_H', 'solver', 'beta_loss', 'tol'],
  normalize: [2, 'axis', 'copy', 'return_norm'],
  normalized_mutual_info_score: [2, 'average_method'],
  orthogonal_mp: [2, 'n_nonzero_coefs', 'tol', 'precompute', 'copy_X', 'return_path'],
  orthogonal_mp_gram: [2, 'n_nonzero_coefs', 'tol', 'norms_squared', 'copy_Gram', 'copy_Xy'],
  pairwise_distances: [3, 'n_jobs', 'force_all_finite'],
  pairwise_distances_argmin: [2, 'axis', 'metric', 'metric_kwargs'],
  pairwise_distances_argmin_min: [2, 'axis', 'metric', 'metric_kwargs'],
  pairwise_distances_chunked: [2, 'reduce_func', 'metric', 'n_jobs', 'working_memory'],
  pairwise_kernels: [3, 'filter_params', 'n_jobs'],
  partial_dependence: [3, 'categorical_features', 'feature_names', 'response_method', 'percentiles', 'grid_resolution'],
  permutation_importance: [3, 'scoring', 'n_repeats', 'n_jobs', 'random_state', 'sample_weight'],
  permutation_test_score: [3, 'groups', 'cv', 'n_permutations', 'n_jobs', 'random_state'],
  plot_tree: [1, 'max_depth', 'feature_names', 'class_names', 'label', 'filled'],
  power_transform: [2, 'standardize', 'copy'],
  precision_recall_curve: [2, 'pos_label', 'sample_weight'],
  precision_recall_fscore_support: [2, 'beta', 'labels', 'pos_label', 'average', 'warn_for'],
  precision_score: [2, 'labels', 'pos_label', 'average', 'sample_weight', 'zero_division'],
  quantile_transform: [1, 'axis', 'n_quantiles', 'output_distribution', 'ignore_implicit_zeros', 'subsample'],
  r2_score: [2, 'sample_weight', 'multioutput', 'force_finite'],
  r_regression: [2, 'center', 'force_finite'],
  radius_neighbors_graph: [2, 'mode', 'metric', 'p', 'metric_params', 'include_self'],
  randomized_svd: [2, 'n_oversamples', 'n_iter', 'power_iteration_normalizer', 'transpose', 'flip_sign'],
  recall_score: [2, 'labels', 'pos_label', 'average', 'sample_weight', 'zero_division'],
  ridge_regression: [3, 'sample_weight', 'solver', 'max_iter', 'tol', 'verbose'],
  robust_scale: [1, 'axis', 'with_centering', 'with_scaling', 'quantile_range', 'copy'],
  roc_auc_score: [2, 'average', 'sample_weight', 'max_fpr', 'multi_class', 'labels'],
  roc_curve: [2, 'pos_label', 'sample_weight', 'drop_intermediate'],
  scale: [1, 'axis', 'with_mean', 'with_std', 'copy'],
  silhouette_samples: [2, 'metric'],
  silhouette_score: [2, 'metric', 'sample_size', 'random_state'],
  smacof: [1, 'metric', 'n_components', 'init', 'n_init', 'n_jobs'],
  sparse_encode: [2, 'gram', 'cov', 'algorithm', 'n_nonzero_coefs', 'alpha'],
  spectral_clustering: [1, 'n_clusters', 'n_components', 'eigen_solver', 'random_state', 'n_init'],
  spectral_embedding: [1, 'n_components', 'eigen_solver', 'random_state', 'eigen_tol', 'norm_laplacian'],
  top_k_accuracy_score: [2, 'k', 'normalize', 'sample_weight', 'labels'],
  trustworthiness: [2, 'n_neighbors', 'metric'],
  v_measure_score: [2, 'beta'],
  validation_curve: [3, 'param_name', 'param_range', 'groups', 'cv', 'scoring'],
  ward_tree: [1, 'connectivity', 'n_clusters', 'return_distance'],
  zero_one_loss: [2, 'normalize', 'sample_weight'],
};

/** pandas 2.0 keyword-only parameters by method/function name, per owner (DataFrame, Series, Index, pd, str). */
export const PANDAS_KEYWORD_ONLY: Readonly<Record<string, Readonly<Record<string, KeywordOnlySignature>>>> = {
  any: { DataFrame: [0, 'axis', 'bool_only', 'skipna', 'level'], Series: [0, 'axis', 'bool_only', 'skipna', 'level'] },
  backfill: {
    DataFrame: [0, 'axis', 'inplace', 'limit', 'downcast'],
    Series: [0, 'axis', 'inplace', 'limit', 'downcast'],
  },
  bfill: {
    DataFrame: [0, 'axis', 'inplace', 'limit', 'downcast'],
    Series: [0, 'axis', 'inplace', 'limit', 'downcast'],
  },
  clip: { DataFrame: [2, 'axis', 'inplace'], Series: [2, 'axis', 'inplace'] },
  concat: { pd: [1, 'axis', 'join', 'ignore_index', 'keys', 'levels', 'names'] },
  drop: {
    DataFrame: [1, 'axis', 'index', 'columns', 'level', 'inplace', 'errors'],
    Series: [1, 'axis', 'index', 'columns', 'level', 'inplace', 'errors'],
  },
  drop_duplicates: {
    DataFrame: [1, 'keep', 'inplace', 'ignore_index'],
    Index: [0, 'keep'],
    Series: [0, 'keep', 'inplace'],
  },
  dropna: { DataFrame: [0, 'axis', 'how', 'thresh', 'subset', 'inplace'], Series: [0, 'axis', 'inplace', 'how'] },
  eval: { DataFrame: [1, 'inplace'] },
  ffill: {
    DataFrame: [0, 'axis', 'inplace', 'limit', 'downcast'],
    Series: [0, 'axis', 'inplace', 'limit', 'downcast'],
  },
  fillna: {
    DataFrame: [1, 'method', 'axis', 'inplace', 'limit', 'downcast'],
    Series: [1, 'method', 'axis', 'inplace', 'limit', 'downcast'],
  },
  interpolate: {
    DataFrame: [1, 'axis', 'limit', 'inplace', 'limit_direction', 'limit_area', 'downcast'],
    Series: [1, 'axis', 'limit', 'inplace', 'limit_direction', 'limit_area', 'downcast'],
  },
  join: { Index: [1, 'how', 'level', 'return_indexers', 'sort'] },
  mask: {
    DataFrame: [2, 'inplace', 'axis', 'level', 'errors', 'try_cast'],
    Series: [2, 'inplace', 'axis', 'level', 'errors', 'try_cast'],
  },
  pad: { DataFrame: [0, 'axis', 'inplace', 'limit', 'downcast'], Series: [0, 'axis', 'inplace', 'limit', 'downcast'] },
  pivot: { DataFrame: [0, 'index', 'columns', 'values'], pd: [1, 'index', 'columns', 'values'] },
  query: { DataFrame: [1, 'inplace'] },
  read_csv: { pd: [1, 'sep', 'delimiter', 'header', 'names', 'index_col', 'usecols'] },
  read_excel: { pd: [2, 'header', 'names', 'index_col', 'usecols', 'squeeze', 'dtype'] },
  read_fwf: { pd: [1, 'colspecs', 'widths', 'infer_nrows'] },
  read_html: { pd: [1, 'match', 'flavor', 'header', 'index_col', 'skiprows', 'attrs'] },
  read_json: { pd: [1, 'orient', 'typ', 'dtype', 'convert_axes', 'convert_dates', 'keep_default_dates'] },
  read_sas: { pd: [1, 'format', 'index', 'encoding', 'chunksize', 'iterator', 'compression'] },
  read_stata: {
    pd: [1, 'convert_dates', 'convert_categoricals', 'index_col', 'convert_missing', 'preserve_dtypes', 'columns'],
  },
  read_table: { pd: [1, 'sep', 'delimiter', 'header', 'names', 'index_col', 'usecols'] },
  read_xml: { pd: [1, 'xpath', 'namespaces', 'elems_only', 'attrs_only', 'names', 'dtype'] },
  rename_axis: { DataFrame: [1, 'inplace'], Series: [1, 'inplace'] },
  replace: {
    DataFrame: [2, 'inplace', 'limit', 'regex', 'method'],
    Series: [2, 'inplace', 'limit', 'regex', 'method'],
  },
  reset_index: {
    DataFrame: [1, 'drop', 'inplace', 'col_level', 'col_fill', 'allow_duplicates', 'names'],
    Series: [1, 'drop', 'name', 'inplace', 'allow_duplicates'],
  },
  rsplit: { str: [1, 'n', 'expand'] },
  set_axis: { DataFrame: [1, 'axis', 'inplace', 'copy'], Series: [1, 'axis', 'inplace', 'copy'] },
  set_index: { DataFrame: [1, 'drop', 'append', 'inplace', 'verify_integrity'] },
  set_names: { Index: [1, 'level', 'inplace'] },
  sort_index: {
    DataFrame: [0, 'axis', 'level', 'ascending', 'inplace', 'kind', 'na_position'],
    Series: [0, 'axis', 'level', 'ascending', 'inplace', 'kind', 'na_position'],
  },
  sort_values: {
    DataFrame: [1, 'axis', 'ascending', 'inplace', 'kind', 'na_position', 'ignore_index'],
    Series: [0, 'axis', 'ascending', 'inplace', 'kind', 'na_position', 'ignore_index'],
  },
  split: { str: [1, 'n', 'expand', 'regex'] },
  to_stata: {
    DataFrame: [1, 'convert_dates', 'write_index', 'byteorder', 'time_stamp', 'data_label', 'variable_labels'],
  },
  where: {
    DataFrame: [2, 'inplace', 'axis', 'level', 'errors', 'try_cast'],
    Series: [2, 'inplace', 'axis', 'level', 'errors', 'try_cast'],
  },
};

/** A library release where a callable's positional order changed. */
export interface Release {
  version: string;
  /** YYYY-MM-DD */
  date: string;
}

/** One era of a callable's positional order. */
export interface PositionalEra {
  /** the release that began this era; absent for the oldest era the catalog covers */
  from?: Release;
  /**
   * The positional order in this era, shaped like a table entry ([leading positional count, names of the next
   * positions…]); 'today' for the table's entry; null when the callable took other arguments altogether (the
   * pre-0.18 splitters took the data size): no naming is safe, another rule rewrites such calls.
   */
  signature: KeywordOnlySignature | 'today' | null;
  /**
   * Modules the callable lived in only during this era (sklearn.learning_curve before 0.18; sklearn.model_selection,
   * born with `groups`, from 0.18 on): a call resolved to one of them belongs to this era, whatever its date.
   */
  modules?: readonly string[];
}

export interface PositionalHistory {
  /** oldest first */
  eras: readonly PositionalEra[];
  /** the changelog entry that changed the order, for the rule's explanation and a person reviewing a refusal */
  changelog: string;
}

const SK_0_18: Release = { version: '0.18', date: '2016-09-28' };
const SK_0_20: Release = { version: '0.20', date: '2018-09-25' };
const SK_0_21: Release = { version: '0.21', date: '2019-05-09' };
const SK_0_22: Release = { version: '0.22', date: '2019-12-03' };

const OLD_CV = ['sklearn.cross_validation'];
const NEW_CV = ['sklearn.model_selection'];
const GROUPS_018 =
  '0.18 moved it from sklearn.cross_validation/sklearn.learning_curve to sklearn.model_selection and inserted `groups` after y';
const SPLITTER_018 =
  '0.18 replaced the sklearn.cross_validation splitter (constructed with the data size or the labels) by the model_selection one (n_splits first)';
const NORMALIZE_12 = '1.2 removed `normalize` (deprecated in 1.0); before 1.0 it came right after fit_intercept';
const FORCE_ALPHA_12 = '1.2 inserted `force_alpha` after alpha, after the arguments had become keyword-only (1.0)';

const splitterHistory: PositionalHistory = {
  changelog: SPLITTER_018,
  eras: [
    { signature: null, modules: OLD_CV },
    { from: SK_0_18, signature: 'today', modules: NEW_CV },
  ],
};

/**
 * scikit-learn callables whose positional order in a notebook's era differs from SKLEARN_KEYWORD_ONLY. Only
 * eras before 1.0 matter: from 1.0 on, extra positional arguments raise, so no notebook that ran there has them.
 * A history with a single era overrides the table for every date (the change came after 1.0).
 */
export const SKLEARN_POSITIONAL_HISTORY: Readonly<Record<string, PositionalHistory>> = {
  learning_curve: {
    changelog: GROUPS_018,
    eras: [
      {
        signature: [3, 'train_sizes', 'cv', 'scoring', 'exploit_incremental_learning', 'n_jobs'],
        modules: ['sklearn.learning_curve'],
      },
      {
        from: SK_0_18,
        signature: [3, 'groups', 'train_sizes', 'cv', 'scoring', 'exploit_incremental_learning'],
        modules: NEW_CV,
      },
    ],
  },
  validation_curve: {
    changelog: GROUPS_018,
    eras: [
      { signature: [3, 'param_name', 'param_range', 'cv', 'scoring', 'n_jobs'], modules: ['sklearn.learning_curve'] },
      { from: SK_0_18, signature: [3, 'param_name', 'param_range', 'groups', 'cv', 'scoring'], modules: NEW_CV },
    ],
  },
  cross_val_score: {
    changelog: GROUPS_018,
    eras: [
      { signature: [3, 'scoring', 'cv', 'n_jobs', 'verbose', 'fit_params'], modules: OLD_CV },
      { from: SK_0_18, signature: [3, 'groups', 'scoring', 'cv', 'n_jobs', 'verbose'], modules: NEW_CV },
    ],
  },
  cross_val_predict: {
    changelog: GROUPS_018,
    eras: [
      { signature: [3, 'cv', 'n_jobs', 'verbose', 'fit_params'], modules: OLD_CV },
      { from: SK_0_18, signature: [3, 'groups', 'cv', 'n_jobs', 'verbose', 'fit_params'], modules: NEW_CV },
    ],
  },
  permutation_test_score: {
    changelog: GROUPS_018,
    eras: [
      { signature: [3, 'cv', 'n_permutations', 'n_jobs', 'labels', 'random_state'], modules: OLD_CV },
      { from: SK_0_18, signature: [3, 'groups', 'cv', 'n_permutations', 'n_jobs', 'random_state'], modules: NEW_CV },
    ],
  },
  check_cv: {
    changelog:
      '0.18: cross_validation.check_cv(cv, X, y, classifier) became model_selection.check_cv(cv, y, classifier)',
    eras: [
      { signature: null, modules: OLD_CV },
      { from: SK_0_18, signature: 'today', modules: NEW_CV },
    ],
  },
  KFold: splitterHistory,
  StratifiedKFold: splitterHistory,
  ShuffleSplit: splitterHistory,
  StratifiedShuffleSplit: splitterHistory,
  GridSearchCV: {
    changelog: '0.21 removed fit_params (deprecated in 0.19), which came right after scoring',
    eras: [
      { signature: [2, 'scoring', 'fit_params', 'n_jobs', 'iid', 'refit', 'cv'] },
      { from: SK_0_21, signature: [2, 'scoring', 'n_jobs', 'iid', 'refit', 'cv', 'verbose'] },
    ],
  },
  RandomizedSearchCV: {
    changelog: '0.21 removed fit_params (deprecated in 0.19), which came right after scoring',
    eras: [
      { signature: [2, 'n_iter', 'scoring', 'fit_params', 'n_jobs', 'iid', 'refit'] },
      { from: SK_0_21, signature: [2, 'n_iter', 'scoring', 'n_jobs', 'iid', 'refit', 'cv'] },
    ],
  },
  RFECV: {
    changelog: '0.20 inserted min_features_to_select after step',
    eras: [
      { signature: [1, 'step', 'cv', 'scoring', 'verbose', 'n_jobs'] },
      { from: SK_0_20, signature: [1, 'step', 'min_features_to_select', 'cv', 'scoring', 'verbose'] },
    ],
  },
  SpectralClustering: {
    changelog: '0.21 inserted n_components after eigen_solver',
    eras: [
      { signature: [1, 'eigen_solver', 'random_state', 'n_init', 'gamma', 'affinity'] },
      { from: SK_0_21, signature: 'today' },
    ],
  },
  average_precision_score: {
    changelog: '0.22 inserted pos_label before sample_weight',
    eras: [{ signature: [2, 'average', 'sample_weight'] }, { from: SK_0_22, signature: 'today' }],
  },
  partial_dependence: {
    changelog:
      '0.21 added sklearn.inspection.partial_dependence(estimator, X, features, …); sklearn.ensemble.partial_dependence took (gbrt, target_variables, grid, X, …); 1.2 inserted categorical_features',
    eras: [
      { signature: null, modules: ['sklearn.ensemble'] },
      {
        from: SK_0_21,
        signature: [3, 'response_method', 'percentiles', 'grid_resolution', 'method', 'kind'],
        modules: ['sklearn.inspection'],
      },
    ],
  },
  // changes after 1.0: one era, the order while positional arguments were accepted
  LinearRegression: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [0, 'fit_intercept', 'normalize', 'copy_X', 'n_jobs'] }],
  },
  Ridge: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [1, 'fit_intercept', 'normalize', 'copy_X', 'max_iter', 'tol', 'solver'] }],
  },
  RidgeClassifier: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [1, 'fit_intercept', 'normalize', 'copy_X', 'max_iter', 'tol', 'class_weight'] }],
  },
  RidgeCV: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [1, 'fit_intercept', 'normalize', 'scoring', 'cv', 'gcv_mode'] }],
  },
  RidgeClassifierCV: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [1, 'fit_intercept', 'normalize', 'scoring', 'cv', 'class_weight'] }],
  },
  Lasso: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [1, 'fit_intercept', 'normalize', 'precompute', 'copy_X', 'max_iter'] }],
  },
  MultiTaskLasso: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [1, 'fit_intercept', 'normalize', 'copy_X', 'max_iter', 'tol'] }],
  },
  ElasticNet: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [1, 'l1_ratio', 'fit_intercept', 'normalize', 'precompute', 'max_iter'] }],
  },
  MultiTaskElasticNet: {
    changelog: NORMALIZE_12,
    eras: [{ signature: [1, 'l1_ratio', 'fit_intercept', 'normalize', 'copy_X', 'max_iter'] }],
  },
  BernoulliNB: {
    changelog: FORCE_ALPHA_12,
    eras: [{ signature: [0, 'alpha', 'binarize', 'fit_prior', 'class_prior'] }],
  },
  MultinomialNB: { changelog: FORCE_ALPHA_12, eras: [{ signature: [0, 'alpha', 'fit_prior', 'class_prior'] }] },
  ComplementNB: { changelog: FORCE_ALPHA_12, eras: [{ signature: [0, 'alpha', 'fit_prior', 'class_prior', 'norm'] }] },
  CategoricalNB: { changelog: FORCE_ALPHA_12, eras: [{ signature: [0, 'alpha', 'fit_prior', 'class_prior'] }] },
  Isomap: {
    changelog: '1.1 inserted radius after n_neighbors',
    eras: [{ signature: [0, 'n_neighbors', 'n_components', 'eigen_solver', 'tol', 'max_iter'] }],
  },
  HistGradientBoostingRegressor: {
    changelog: '1.1 inserted quantile after loss',
    eras: [{ signature: [1, 'learning_rate', 'max_iter', 'max_leaf_nodes', 'max_depth', 'min_samples_leaf'] }],
  },
  calibration_curve: {
    changelog: '1.1 inserted pos_label after y_prob',
    eras: [{ signature: [2, 'normalize', 'n_bins', 'strategy'] }],
  },
};

const PD_0_21: Release = { version: '0.21.0', date: '2017-10-27' };
const PD_0_24: Release = { version: '0.24.0', date: '2019-01-25' };

/** pandas callables (by name, then owner as in PANDAS_KEYWORD_ONLY) whose old positional order differs from 2.0's. */
export const PANDAS_POSITIONAL_HISTORY: Readonly<Record<string, Readonly<Record<string, PositionalHistory>>>> = {
  read_excel: {
    pd: {
      changelog:
        'read_excel(io, sheet_name, header, skiprows, skip_footer, index_col, names, …) was reordered to (io, sheet_name, header, names, index_col, usecols, …)',
      eras: [
        { signature: [2, 'header', 'skiprows', 'skip_footer', 'index_col', 'names'] },
        { from: PD_0_24, signature: 'today' },
      ],
    },
  },
  set_axis: {
    DataFrame: {
      changelog: '0.21 swapped set_axis(axis, labels) to set_axis(labels, axis)',
      eras: [{ signature: null }, { from: PD_0_21, signature: 'today' }],
    },
    Series: {
      changelog: '0.21 swapped set_axis(axis, labels) to set_axis(labels, axis)',
      eras: [{ signature: null }, { from: PD_0_21, signature: 'today' }],
    },
  },
  rename_axis: {
    DataFrame: {
      changelog: 'rename_axis(mapper, axis, copy, inplace) took axis second before 0.24 added index/columns',
      eras: [{ signature: [1, 'axis', 'copy', 'inplace'] }, { from: PD_0_24, signature: null }],
    },
    Series: {
      changelog: 'rename_axis(mapper, axis, copy, inplace) took axis second before 0.24 added index/columns',
      eras: [{ signature: [1, 'axis', 'copy', 'inplace'] }, { from: PD_0_24, signature: null }],
    },
  },
};

/** How long after a release notebooks may still have run the version before it. */
const ERA_LAG_YEARS = 1;

function normalizeDate(date: string): string {
  const [y = '0000', m = '01', d = '01'] = date.split('-');
  return `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

function addYears(date: string, years: number): string {
  const [y, rest] = [normalizeDate(date).slice(0, 4), normalizeDate(date).slice(4)];
  return `${String(Number(y) + years).padStart(4, '0')}${rest}`;
}

export type EraChoice = { signature: KeywordOnlySignature } | { refused: string };

/**
 * The positional order a call had in the notebook's era. `today` is the table's entry; `history` the callable's
 * eras, if the order ever changed; `created` the notebook's date (YYYY[-MM[-DD]]) or null; `module` the module the
 * call resolves to (null when unknown); `positional` the call's number of positional arguments. The eras the
 * date allows (started by then, and not ended more than a year before) are narrowed by the module when the call
 * resolves to an era's own module; the names the call's positions get must agree in every era left, else the
 * choice is refused with the reason.
 */
export function eraSignature(
  today: KeywordOnlySignature | undefined,
  history: PositionalHistory | undefined,
  created: string | null,
  module: string | null,
  positional: number,
): EraChoice {
  if (!history) return today ? { signature: today } : { refused: 'no signature known' };
  const eras = history.eras;
  const c = created ? normalizeDate(created) : null;
  const started = (era: PositionalEra): boolean => !c || !era.from || normalizeDate(era.from.date) <= c;
  // an era ended more than a year before the notebook is too old for it (people upgrade, if late)
  const current = (i: number): boolean => {
    const next = eras[i + 1]?.from;
    return !c || !next || addYears(next.date, ERA_LAG_YEARS) > c;
  };
  const inModule = (era: PositionalEra): boolean =>
    !!module && (era.modules ?? []).some((m) => module === m || module.startsWith(`${m}.`));
  // A call resolved to an era's own module belongs to that era (a 2018 notebook may still import the deprecated
  // sklearn.learning_curve). A module of an era that had not begun at the notebook's date is the catalog's own
  // import rewrite (sklearn.cross_validation → model_selection): the date decides then.
  const byModule = eras.filter((era) => started(era) && inModule(era));
  const candidates = byModule.length > 0 ? byModule : eras.filter((era, i) => started(era) && current(i));
  if (candidates.length === 0)
    return { refused: `no era of its signature matches the notebook's date ${created ?? ''}` };
  const named: string[][] = [];
  for (const era of candidates) {
    const signature = era.signature === 'today' ? today : era.signature;
    if (!signature)
      return {
        refused: `${history.changelog}: its arguments in the notebook's era${created ? ` (${created})` : ''} had another meaning`,
      };
    named.push(signature.slice(1, 1 + Math.max(0, positional - signature[0])) as string[]);
    if (positional <= signature[0]) named[named.length - 1] = [`<${signature[0]} positional>`];
  }
  const first = named[0] as string[];
  if (named.some((names) => names.join() !== first.join())) {
    return {
      refused: `${history.changelog}: the notebook's ${created ? `date (${created})` : 'date is unknown and its import'} does not tell which order its positional arguments follow`,
    };
  }
  // only the names every candidate agrees on: later positions may differ between them
  const chosen = candidates[0] as PositionalEra;
  const allowed = ((chosen.signature === 'today' ? today : chosen.signature) as KeywordOnlySignature)[0];
  return { signature: positional <= allowed ? [allowed] : [allowed, ...first] };
}
