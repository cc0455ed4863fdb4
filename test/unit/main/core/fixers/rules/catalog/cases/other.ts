import type { ResolvedCase } from '../../../../../../../../shared/models/case';
import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

export const URL_CASE: ResolvedCase = {
  id: 'bikes',
  title: 'bikes',
  root: '/cases/bikes',
  notebookPath: '/cases/bikes/notebook.ipynb',
  dataDir: '/cases/bikes/input',
  files: { 'data/extra.csv': '/cases/bikes/other/extra.csv' },
  dirs: [],
  urls: {
    'https://example.org/data/bikeshare.csv': '/cases/bikes/input/bikeshare.csv',
    'http://example.org/extra.csv': '/cases/bikes/other/extra.csv',
  },
  score: { kind: 'none' },
  target: null,
  created: '2016-03',
  competition: null,
  manifest: null,
};

export const DATA_CASES: RuleCase[] = [
  one(
    'data.url-to-local-copy',
    'URLs the case maps → ../input or the mapped path',
    "url = 'https://example.org/data/bikeshare.csv'\nbikes = pd.read_csv(url, index_col='datetime')\nx = pd.read_csv(\"http://example.org/extra.csv\")\ny = pd.read_csv('https://example.org/other.csv')\n",
    "url = '../input/bikeshare.csv'\nbikes = pd.read_csv(url, index_col='datetime')\nx = pd.read_csv(\"data/extra.csv\")\ny = pd.read_csv('https://example.org/other.csv')\n",
    { case: URL_CASE },
  ),
  // the kernel serves the mapped URLs; when it names an unmapped one as the failure, rewriting the others cannot help
  leftAlone(
    'data.url-to-local-copy',
    'left alone when the kernel reports an unmapped URL',
    "bikes = pd.read_csv('https://example.org/data/bikeshare.csv')\ny = pd.read_csv('https://example.org/other.csv')\n",
    {
      case: URL_CASE,
      errors: [
        cellError(
          0,
          'URLError',
          '<urlopen error nbrevive: no network in this run; https://example.org/other.csv is not mapped. Map it with data.urls in nbrevive.case.json or --url-map FILE (or the URL map in Settings)>',
        ),
      ],
    },
  ),
];

const OLD = { created: '2017-05-01' };

export const CALIBRATION_CASES: RuleCase[] = [
  one(
    'calibrate.sklearn-forest-n-estimators',
    'pins n_estimators=10 where unset',
    'import sklearn.ensemble as ske\nfrom sklearn.ensemble import RandomForestClassifier as RFC\nrf = ske.RandomForestClassifier(max_depth=5)\nrf2 = RFC()\nrf3 = RFC(100)\nrf4 = RFC(n_estimators=50)\n',
    'import sklearn.ensemble as ske\nfrom sklearn.ensemble import RandomForestClassifier as RFC\nrf = ske.RandomForestClassifier(max_depth=5, n_estimators=10)\nrf2 = RFC(n_estimators=10)\nrf3 = RFC(100)\nrf4 = RFC(n_estimators=50)\n',
    OLD,
  ),
  leftAlone(
    'calibrate.sklearn-forest-n-estimators',
    'not for a notebook written after 0.22',
    'from sklearn.ensemble import RandomForestClassifier\nrf = RandomForestClassifier()\n',
    { created: '2020-06' },
  ),
  leftAlone(
    'calibrate.sklearn-forest-n-estimators',
    'not when the environment predates 0.22',
    'from sklearn.ensemble import RandomForestClassifier\nrf = RandomForestClassifier()\n',
    { created: '2017', packages: { 'scikit-learn': '0.21.3' } },
  ),
  one(
    'calibrate.sklearn-forest-n-estimators',
    'multi-line call keeps its layout',
    'from sklearn.ensemble import RandomForestRegressor\nrf = RandomForestRegressor(\n    max_depth=5,\n    random_state=0,\n)\n',
    'from sklearn.ensemble import RandomForestRegressor\nrf = RandomForestRegressor(\n    max_depth=5,\n    random_state=0, n_estimators=10,\n)\n',
    OLD,
  ),
  one(
    'calibrate.sklearn-logistic-solver',
    "solver='liblinear' where unset",
    'from sklearn import linear_model as lm\nclf = lm.LogisticRegression()\nc2 = lm.LogisticRegression(solver="saga")\n',
    'from sklearn import linear_model as lm\nclf = lm.LogisticRegression(solver=\'liblinear\')\nc2 = lm.LogisticRegression(solver="saga")\n',
    OLD,
  ),
  one(
    'calibrate.sklearn-logistic-multi-class',
    "multi_class='ovr' with an explicit non-liblinear solver",
    'from sklearn.linear_model import LogisticRegression\nc = LogisticRegression(solver="lbfgs")\nd = LogisticRegression()\n',
    'from sklearn.linear_model import LogisticRegression\nc = LogisticRegression(solver="lbfgs", multi_class=\'ovr\')\nd = LogisticRegression()\n',
    OLD,
  ),
  one(
    'calibrate.sklearn-svm-gamma',
    "gamma='auto' except for linear kernels",
    "from sklearn.svm import SVC\nsvc = SVC()\nlin = SVC(kernel='linear')\n",
    "from sklearn.svm import SVC\nsvc = SVC(gamma='auto')\nlin = SVC(kernel='linear')\n",
    OLD,
  ),
  one(
    'calibrate.sklearn-cv-3-folds',
    'cv=3 where unset or None',
    'from sklearn.model_selection import cross_val_score, GridSearchCV\ns = cross_val_score(m, X, y)\ng = GridSearchCV(m, grid, cv=None)\nh = cross_val_score(m, X, y, cv=10)\n',
    'from sklearn.model_selection import cross_val_score, GridSearchCV\ns = cross_val_score(m, X, y, cv=3)\ng = GridSearchCV(m, grid, cv=3)\nh = cross_val_score(m, X, y, cv=10)\n',
    OLD,
  ),
  one(
    'calibrate.sklearn-kmeans-n-init',
    'n_init=10 under scikit-learn 1.4',
    'from sklearn.cluster import KMeans\nkm = KMeans(n_clusters=3)\n',
    'from sklearn.cluster import KMeans\nkm = KMeans(n_clusters=3, n_init=10)\n',
    { created: '2018', packages: { 'scikit-learn': '1.4.2' } },
  ),
  one(
    'calibrate.sklearn-tsne-defaults',
    'learning_rate and init',
    'from sklearn.manifold import TSNE\nt = TSNE(random_state=17)\n',
    "from sklearn.manifold import TSNE\nt = TSNE(random_state=17, learning_rate=200.0, init='random')\n",
    OLD,
  ),
  one(
    'calibrate.sklearn-isolation-forest-contamination',
    'contamination=0.1',
    'from sklearn.ensemble import IsolationForest\niso = IsolationForest(random_state=0)\n',
    'from sklearn.ensemble import IsolationForest\niso = IsolationForest(random_state=0, contamination=0.1)\n',
    OLD,
  ),
];

export const RUNTIME_CASES: RuleCase[] = [
  one(
    'runtime.sklearn-parallel-jobs',
    'outermost parallel call only; set values kept',
    'from sklearn.ensemble import RandomForestClassifier\nfrom sklearn.model_selection import GridSearchCV\ng = GridSearchCV(RandomForestClassifier(), grid)\nrf = RandomForestClassifier(n_jobs=2)\n',
    'from sklearn.ensemble import RandomForestClassifier\nfrom sklearn.model_selection import GridSearchCV\ng = GridSearchCV(RandomForestClassifier(), grid, n_jobs=-1)\nrf = RandomForestClassifier(n_jobs=2)\n',
  ),
  one(
    'runtime.xgboost-gpu',
    "tree_method='gpu_hist' with a GPU, for a notebook that asked for one",
    'import xgboost as xgb\n# trained on a Kaggle GPU\nm = xgb.XGBClassifier(n_estimators=500)\n',
    "import xgboost as xgb\n# trained on a Kaggle GPU\nm = xgb.XGBClassifier(n_estimators=500, tree_method='gpu_hist')\n",
    { gpus: ['NVIDIA H200'] },
  ),
  leftAlone('runtime.xgboost-gpu', 'nothing without a GPU', 'import xgboost as xgb\n# GPU\nm = xgb.XGBClassifier()\n'),
];
