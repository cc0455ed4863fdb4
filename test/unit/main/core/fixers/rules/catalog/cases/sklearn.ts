import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

export const SKLEARN_CASES: RuleCase[] = [
  // issue 18
  one(
    'sklearn.sgd-n-iter',
    'a tol the notebook set is kept',
    'from sklearn.linear_model import SGDClassifier\nsgd = SGDClassifier(n_iter=5, tol=1e-4)\n',
    'from sklearn.linear_model import SGDClassifier\nsgd = SGDClassifier(max_iter=5, tol=1e-4)\n',
  ),
  leftAlone(
    'sklearn.sgd-n-iter',
    "a notebook's own SGDClassifier is left alone",
    'def SGDClassifier(n_iter):\n    return n_iter\nsgd = SGDClassifier(n_iter=5)\n',
  ),
  one(
    'sklearn.splitter-random-state-without-shuffle',
    'random_state without shuffle=True is dropped (it had no effect)',
    'from sklearn.model_selection import StratifiedKFold, KFold\nskf = StratifiedKFold(n_splits=5, random_state=42)\nkf = KFold(n_splits=5, shuffle=False, random_state=0)\n',
    'from sklearn.model_selection import StratifiedKFold, KFold\nskf = StratifiedKFold(n_splits=5)\nkf = KFold(n_splits=5, shuffle=False)\n',
  ),
  leftAlone(
    'sklearn.splitter-random-state-without-shuffle',
    'shuffle=True, a shuffle variable, positional arguments: left alone',
    'from sklearn.model_selection import KFold\nkf = KFold(n_splits=5, shuffle=True, random_state=1)\nkf2 = KFold(n_splits=5, shuffle=sh, random_state=1)\nkf3 = KFold(5, False, random_state=1)\n',
  ),
  leftAlone(
    'sklearn.splitter-random-state-without-shuffle',
    "a notebook's own KFold is left alone",
    'class KFold:\n    def __init__(self, n_splits, random_state=None):\n        pass\nkf = KFold(n_splits=5, random_state=1)\n',
  ),
  leftAlone(
    'sklearn.splitter-random-state-without-shuffle',
    'not before scikit-learn 0.24',
    'from sklearn.model_selection import StratifiedKFold\nskf = StratifiedKFold(n_splits=5, random_state=42)\n',
    { packages: { 'scikit-learn': '0.23.2' } },
  ),
  one(
    'sklearn.renamed-classes',
    "Imputer(missing_values='NaN') without numpy imported: float('nan'), no NameError",
    "from sklearn.preprocessing import Imputer\nimp = Imputer(missing_values='NaN', strategy='mean', axis=0)\n",
    "from sklearn.impute import SimpleImputer as Imputer\nimp = Imputer(missing_values=float('nan'), strategy='mean')\n",
  ),
  one(
    'sklearn.renamed-classes',
    "Imputer(missing_values='NaN') with `import numpy` (no alias): numpy.nan",
    "import numpy\nfrom sklearn.preprocessing import Imputer\nimp = Imputer(missing_values='NaN', strategy='mean', axis=0)\n",
    "import numpy\nfrom sklearn.impute import SimpleImputer as Imputer\nimp = Imputer(missing_values=numpy.nan, strategy='mean')\n",
  ),
  one(
    'sklearn.model-selection-modules',
    'from-imports, module imports and dotted uses',
    'from sklearn.cross_validation import train_test_split, cross_val_score\nfrom sklearn.grid_search import GridSearchCV\nfrom sklearn.learning_curve import learning_curve\nfrom sklearn import cross_validation\nimport sklearn.cross_validation\nX1 = sklearn.cross_validation.train_test_split(X)\n',
    'from sklearn.model_selection import train_test_split, cross_val_score\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.model_selection import learning_curve\nfrom sklearn import model_selection as cross_validation\nimport sklearn.model_selection\nX1 = sklearn.model_selection.train_test_split(X)\n',
  ),
  one(
    'sklearn.model-selection-modules',
    'Label* splitters become Group* under their old names',
    'from sklearn.cross_validation import LabelKFold, KFold\n',
    'from sklearn.model_selection import GroupKFold as LabelKFold, KFold\n',
  ),
  leftAlone(
    'sklearn.model-selection-modules',
    'not under scikit-learn 0.19',
    'from sklearn.cross_validation import KFold\n',
    { packages: { 'scikit-learn': '0.19.2' } },
  ),
  {
    rule: 'sklearn.splitter-constructors',
    name: 'KFold/StratifiedKFold constructors and loops in other cells',
    before: [
      'from sklearn.model_selection import KFold, StratifiedKFold\nkf = KFold(len(X), n_folds=5, shuffle=True, random_state=0)\nskf = StratifiedKFold(y, n_folds=3)\n',
      'for train, test in kf:\n    pass\nscores = [f(tr) for tr, te in skf]\nn = len(kf)\n',
    ],
    after: [
      'from sklearn.model_selection import KFold, StratifiedKFold\nkf = KFold(n_splits=5, shuffle=True, random_state=0)\nskf = StratifiedKFold(n_splits=3)\n',
      'for train, test in kf.split(X):\n    pass\nscores = [f(tr) for tr, te in skf.split(y, y)]\nn = kf.get_n_splits()\n',
    ],
  },
  one(
    'sklearn.splitter-constructors',
    'inline splitter in a loop; ShuffleSplit n_iter; new-style calls untouched',
    'from sklearn.model_selection import KFold, ShuffleSplit\nfor tr, te in KFold(X.shape[0], 10):\n    pass\nss = ShuffleSplit(n, n_iter=5, test_size=0.2)\ncv = KFold(5)\nok = KFold(n_splits=3)\n',
    'from sklearn.model_selection import KFold, ShuffleSplit\nfor tr, te in KFold(n_splits=10).split(X):\n    pass\nss = ShuffleSplit(n_splits=5, test_size=0.2)\ncv = KFold(5)\nok = KFold(n_splits=3)\n',
  ),
  one(
    'sklearn.grid-scores',
    'grid_scores_ rebuilt from cv_results_',
    'import numpy as np\nfor params, mean, scores in grid.grid_scores_:\n    print(mean)\n',
    "import numpy as np\nfor params, mean, scores in [__import__('collections').namedtuple('CVScoreTuple', 'parameters mean_validation_score cv_validation_scores')(*t) for t in zip(grid.cv_results_['params'], grid.cv_results_['mean_test_score'], np.transpose([grid.cv_results_['split%d_test_score' % i] for i in range(grid.n_splits_)]))]:\n    print(mean)\n",
  ),
  one(
    'sklearn.scorer-names',
    'renamed scorers; values (already negated) unchanged so -scores stays',
    'scores = cross_val_score(linreg, X, y, cv=10, scoring=\'mean_squared_error\')\nrmse = np.sqrt(-scores).mean()\ng = GridSearchCV(m, p, scoring="mean_absolute_error")\n',
    'scores = cross_val_score(linreg, X, y, cv=10, scoring=\'neg_mean_squared_error\')\nrmse = np.sqrt(-scores).mean()\ng = GridSearchCV(m, p, scoring="neg_mean_absolute_error")\n',
  ),
  one(
    'sklearn.externals-joblib',
    'from sklearn.externals import joblib → import joblib',
    'from sklearn.externals import joblib\njoblib.dump(model, "m.pkl")\nfrom sklearn.externals.joblib import Parallel, delayed\n',
    'import joblib\njoblib.dump(model, "m.pkl")\nfrom joblib import Parallel, delayed\n',
  ),
  one(
    'sklearn.private-modules',
    'private submodules → public packages',
    'from sklearn.ensemble.forest import RandomForestClassifier\nfrom sklearn.datasets.samples_generator import make_blobs\n',
    'from sklearn.ensemble import RandomForestClassifier\nfrom sklearn.datasets import make_blobs\n',
  ),
  one(
    'sklearn.renamed-classes',
    "Imputer → SimpleImputer (axis=0 dropped, 'NaN' → np.nan)",
    "import numpy as np\nfrom sklearn.preprocessing import Imputer, StandardScaler\nimp = Imputer(missing_values='NaN', strategy='mean', axis=0)\n",
    "import numpy as np\nfrom sklearn.impute import SimpleImputer as Imputer\nfrom sklearn.preprocessing import StandardScaler\nimp = Imputer(missing_values=np.nan, strategy='mean')\n",
  ),
  one(
    'sklearn.renamed-classes',
    'LDA, RandomizedPCA',
    'from sklearn.lda import LDA\nfrom sklearn.decomposition import RandomizedPCA\np = RandomizedPCA(n_components=2)\n',
    "from sklearn.discriminant_analysis import LinearDiscriminantAnalysis as LDA\nfrom sklearn.decomposition import PCA as RandomizedPCA\np = RandomizedPCA(n_components=2, svd_solver='randomized')\n",
  ),
  one(
    'sklearn.onehot-categorical-features',
    'categorical_features → ColumnTransformer',
    'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(categorical_features=[0, 3], sparse=False)\n',
    "from sklearn.compose import ColumnTransformer\nfrom sklearn.preprocessing import OneHotEncoder\nenc = ColumnTransformer([('onehot', OneHotEncoder(sparse=False), [0, 3])], remainder='passthrough')\n",
  ),
  one(
    'sklearn.get-feature-names',
    'on the failing cell',
    'names = vec.get_feature_names()\n',
    'names = list(vec.get_feature_names_out())\n',
    { errors: [cellError(0, 'AttributeError', "'CountVectorizer' object has no attribute 'get_feature_names'")] },
  ),
  one(
    'sklearn.plot-functions',
    'plot_confusion_matrix → ConfusionMatrixDisplay.from_estimator',
    'from sklearn.metrics import plot_confusion_matrix\nplot_confusion_matrix(clf, X_test, y_test, cmap="Blues")\n',
    'from sklearn.metrics import ConfusionMatrixDisplay\nConfusionMatrixDisplay.from_estimator(clf, X_test, y_test, cmap="Blues")\n',
  ),
  one(
    'sklearn.removed-keywords',
    'KMeans n_jobs, GridSearchCV iid, normalize=False; normalize=True kept',
    'from sklearn.cluster import KMeans\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.linear_model import Ridge\nkm = KMeans(n_clusters=3, n_jobs=-1)\ng = GridSearchCV(m, grid, iid=False, cv=5)\nr = Ridge(alpha=1.0, normalize=False)\nr2 = Ridge(normalize=True)\n',
    'from sklearn.cluster import KMeans\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.linear_model import Ridge\nkm = KMeans(n_clusters=3)\ng = GridSearchCV(m, grid, cv=5)\nr = Ridge(alpha=1.0)\nr2 = Ridge(normalize=True)\n',
  ),
  one(
    'sklearn.sgd-n-iter',
    'n_iter → max_iter, tol=None',
    'from sklearn.linear_model import SGDClassifier\nsgd = SGDClassifier(loss="hinge", n_iter=5)\n',
    'from sklearn.linear_model import SGDClassifier\nsgd = SGDClassifier(loss="hinge", max_iter=5, tol=None)\n',
  ),
  one(
    'sklearn.renamed-keywords',
    'sparse → sparse_output (scikit-learn 1.4)',
    'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse=False)\n',
    'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse_output=False)\n',
    { packages: { 'scikit-learn': '1.4.2' } },
  ),
  leftAlone(
    'sklearn.renamed-keywords',
    'not under scikit-learn 1.2',
    'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse=False)\n',
  ),
  one(
    'sklearn.removed-keywords',
    'LinearRegression(normalize=True), min_impurity_split=None, IsolationForest(behaviour="new")',
    'from sklearn.linear_model import LinearRegression\nfrom sklearn.ensemble import RandomForestClassifier, IsolationForest\nlr = LinearRegression(normalize=True)\nrf = RandomForestClassifier(n_estimators=50, min_impurity_split=None)\niso = IsolationForest(behaviour="new", contamination=0.1)\n',
    'from sklearn.linear_model import LinearRegression\nfrom sklearn.ensemble import RandomForestClassifier, IsolationForest\nlr = LinearRegression()\nrf = RandomForestClassifier(n_estimators=50)\niso = IsolationForest(contamination=0.1)\n',
  ),
  one(
    'sklearn.renamed-keywords',
    'LatentDirichletAllocation(n_topics) → n_components',
    'from sklearn.decomposition import LatentDirichletAllocation\nlda = LatentDirichletAllocation(n_topics=10, max_iter=5)\n',
    'from sklearn.decomposition import LatentDirichletAllocation\nlda = LatentDirichletAllocation(n_components=10, max_iter=5)\n',
  ),
  one(
    'sklearn.renamed-parameter-values',
    "criterion='mse', loss='ls', grids, KMeans algorithm; other keys untouched",
    "from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor\nfrom sklearn.cluster import KMeans\nfrom sklearn.neighbors import NearestNeighbors\nrf = RandomForestRegressor(criterion='mse')\ngb = GradientBoostingRegressor(loss=\"ls\", criterion='friedman_mse')\ngrid = {'criterion': ['mse', 'mae'], 'gb__loss': ('ls', 'lad', 'huber')}\nkm = KMeans(4, algorithm='auto')\nnn = NearestNeighbors(algorithm='auto')\nother = {'algorithm': 'auto'}\n",
    "from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor\nfrom sklearn.cluster import KMeans\nfrom sklearn.neighbors import NearestNeighbors\nrf = RandomForestRegressor(criterion='squared_error')\ngb = GradientBoostingRegressor(loss=\"squared_error\", criterion='friedman_mse')\ngrid = {'criterion': ['squared_error', 'absolute_error'], 'gb__loss': ('squared_error', 'absolute_error', 'huber')}\nkm = KMeans(4, algorithm='lloyd')\nnn = NearestNeighbors(algorithm='auto')\nother = {'algorithm': 'auto'}\n",
    { packages: { 'scikit-learn': '1.3.2' } },
  ),
  one(
    'sklearn.renamed-parameter-values',
    "1.2: criterion renamed, loss='log' (removed in 1.3) kept",
    "from sklearn.linear_model import SGDClassifier\nfrom sklearn.tree import DecisionTreeRegressor\nsgd = SGDClassifier(loss='log')\nt = DecisionTreeRegressor(criterion='mae')\n",
    "from sklearn.linear_model import SGDClassifier\nfrom sklearn.tree import DecisionTreeRegressor\nsgd = SGDClassifier(loss='log')\nt = DecisionTreeRegressor(criterion='absolute_error')\n",
  ),
  one(
    'sklearn.max-features-auto',
    "classifier → 'sqrt', regressor → 1.0, grid decided by the imported models",
    "from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier\nrf = RandomForestClassifier(max_features='auto')\ngrid = {'max_features': ['auto', 'log2'], 'n_estimators': [100]}\n",
    "from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier\nrf = RandomForestClassifier(max_features='sqrt')\ngrid = {'max_features': ['sqrt', 'log2'], 'n_estimators': [100]}\n",
    { packages: { 'scikit-learn': '1.3.2' } },
  ),
  one(
    'sklearn.max-features-auto',
    'a regressor named by the error; mixed imports',
    "from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor\ngrid = {'rf__max_features': ['auto', 'sqrt']}\n",
    "from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor\ngrid = {'rf__max_features': [1.0, 'sqrt']}\n",
    {
      packages: { 'scikit-learn': '1.3.2' },
      errors: [
        cellError(
          0,
          'InvalidParameterError',
          "The 'max_features' parameter of RandomForestRegressor must be an int in the range [1, inf), a float in the range (0.0, 1.0], a str among {'sqrt', 'log2'} or None. Got 'auto' instead.",
        ),
      ],
    },
  ),
  leftAlone(
    'sklearn.max-features-auto',
    'not under scikit-learn 1.2',
    "from sklearn.ensemble import RandomForestClassifier\nrf = RandomForestClassifier(max_features='auto')\n",
  ),
  one(
    'sklearn.keyword-only-arguments',
    'extra positional arguments get their old names; allowed ones and non-sklearn calls untouched',
    'from sklearn.feature_selection import SelectKBest, RFE, chi2\nfrom sklearn.model_selection import KFold\nfrom sklearn import metrics, svm\nsel = SelectKBest(chi2, 10)\nrfe = RFE(model, 5)\nkf = KFold(5, True, 42)\ncm = metrics.confusion_matrix(y, p, [0, 1])\nclf = svm.SVC(1.0, "linear")\nok = SelectKBest(chi2, k=3)\nx = np.clip(a, 0, 1)\n',
    'from sklearn.feature_selection import SelectKBest, RFE, chi2\nfrom sklearn.model_selection import KFold\nfrom sklearn import metrics, svm\nsel = SelectKBest(chi2, k=10)\nrfe = RFE(model, n_features_to_select=5)\nkf = KFold(5, shuffle=True, random_state=42)\ncm = metrics.confusion_matrix(y, p, labels=[0, 1])\nclf = svm.SVC(C=1.0, kernel="linear")\nok = SelectKBest(chi2, k=3)\nx = np.clip(a, 0, 1)\n',
  ),
  leftAlone(
    'sklearn.keyword-only-arguments',
    'not under scikit-learn 0.24',
    'from sklearn.feature_selection import SelectKBest, chi2\nsel = SelectKBest(chi2, 10)\n',
    { packages: { 'scikit-learn': '0.24.2' } },
  ),
  one(
    'sklearn.renamed-functions',
    'calinski_harabaz_score, jaccard_similarity_score, externals.six',
    'from sklearn.metrics import calinski_harabaz_score, jaccard_similarity_score, f1_score\nfrom sklearn.externals import six\ns = jaccard_similarity_score(y_test, yhat)\n',
    'from sklearn.metrics import calinski_harabasz_score as calinski_harabaz_score, accuracy_score as jaccard_similarity_score, f1_score\nimport six\ns = jaccard_similarity_score(y_test, yhat)\n',
  ),
  one(
    'sklearn.mse-squared-false',
    'squared=False → root_mean_squared_error (scikit-learn 1.6)',
    'from sklearn.metrics import mean_squared_error\nrmse = mean_squared_error(y, p, squared=False)\nmse = mean_squared_error(y, p, squared=True)\n',
    'from sklearn.metrics import root_mean_squared_error\nfrom sklearn.metrics import mean_squared_error\nrmse = root_mean_squared_error(y, p)\nmse = mean_squared_error(y, p)\n',
    { packages: { 'scikit-learn': '1.6.1' } },
  ),
  {
    rule: 'sklearn.grid-scores',
    name: 'RFECV.grid_scores_ → cv_results_ mean (scikit-learn 1.2)',
    before: [
      'from sklearn.feature_selection import RFECV\nrfecv = RFECV(estimator=svc, step=1, cv=5)\n',
      'plt.plot(range(1, len(rfecv.grid_scores_) + 1), rfecv.grid_scores_)\n',
    ],
    after: [
      'from sklearn.feature_selection import RFECV\nrfecv = RFECV(estimator=svc, step=1, cv=5)\n',
      "plt.plot(range(1, len(rfecv.cv_results_['mean_test_score']) + 1), rfecv.cv_results_['mean_test_score'])\n",
    ],
  },
];
