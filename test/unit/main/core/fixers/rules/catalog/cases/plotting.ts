import { cellError } from '../../helpers';
import { one, type RuleCase } from './types';

export const MATPLOTLIB_CASES: RuleCase[] = [
  one('matplotlib.axisbg', 'axisbg → facecolor, set_axis_bgcolor → set_facecolor',
    'plt.subplot(121, axisbg="#DBDBDB")\nfig.add_subplot(221, axisbg="#DBDBDB")\nax.set_axis_bgcolor("white")\n',
    'plt.subplot(121, facecolor="#DBDBDB")\nfig.add_subplot(221, facecolor="#DBDBDB")\nax.set_facecolor("white")\n'),
  one('matplotlib.hist-normed', 'plt.hist, df.hist and hist_kws', "plt.hist(x, bins=20, normed=True)\ndf.Age.hist(normed=1)\nsns.distplot(x, hist_kws={'normed': True})\n", "plt.hist(x, bins=20, density=True)\ndf.Age.hist(density=1)\nsns.distplot(x, hist_kws={'density': True})\n"),
  one('matplotlib.numeric-string-rotation', "rotation='90' → 90; 'vertical' untouched", "plt.xticks(rotation='90')\nax.set_xticklabels(labels, rotation='45')\nplt.yticks(rotation='vertical')\n", "plt.xticks(rotation=90)\nax.set_xticklabels(labels, rotation=45)\nplt.yticks(rotation='vertical')\n"),
  one('matplotlib.numeric-string-rotation', 'not under matplotlib 3.5 (pattern)', "plt.xticks(rotation='90')\n", "plt.xticks(rotation='90')\n", { packages: { matplotlib: '3.5.3' } }),
  one('matplotlib.seaborn-styles', 'seaborn styles renamed', "import matplotlib.pyplot as plt\nplt.style.use('seaborn-whitegrid')\nplt.style.use(['seaborn', 'ggplot'])\n", "import matplotlib.pyplot as plt\nplt.style.use('seaborn-v0_8-whitegrid')\nplt.style.use(['seaborn-v0_8', 'ggplot'])\n"),
  one('matplotlib.gca-projection', 'gca(projection) → add_subplot', "ax = fig.gca(projection='3d')\n", "ax = fig.add_subplot(projection='3d')\n"),
  one('matplotlib.grid-b', 'grid(b=True) → visible=True', "plt.grid(b=True, which='major', axis='y')\n", "plt.grid(visible=True, which='major', axis='y')\n"),
  one('matplotlib.hold', 'hold() → pass', 'import matplotlib.pyplot as plt\nplt.hold(True)\n', 'import matplotlib.pyplot as plt\npass  # plt.hold(True): removed in matplotlib 3.0 (plots always accumulate)\n'),
  one('matplotlib.set-color-cycle', 'set_color_cycle → set_prop_cycle(color=…)', "ax.set_color_cycle(['r', 'g'])\n", "ax.set_prop_cycle(color=['r', 'g'])\n"),
  one('matplotlib.mlab-normpdf', 'mlab.normpdf → scipy.stats.norm.pdf', 'import matplotlib.mlab as mlab\ny = mlab.normpdf(bins, mu, sigma)\n', 'import scipy.stats\nimport matplotlib.mlab as mlab\ny = scipy.stats.norm.pdf(bins, mu, sigma)\n'),
  one('matplotlib.canvas-window-title', 'canvas.set_window_title → canvas.manager', 'fig.canvas.set_window_title("x")\n', 'fig.canvas.manager.set_window_title("x")\n'),
];

export const SEABORN_CASES: RuleCase[] = [
  one('seaborn.size-to-height', 'FacetGrid, pairplot; plt.figure(figsize) untouched',
    "import seaborn as sns\ngrid = sns.FacetGrid(train_df, col='Survived', row='Pclass', size=2.2, aspect=1.6)\nsns.pairplot(df, size=2.5)\nplt.figure(figsize=(4, 4))\n",
    "import seaborn as sns\ngrid = sns.FacetGrid(train_df, col='Survived', row='Pclass', height=2.2, aspect=1.6)\nsns.pairplot(df, height=2.5)\nplt.figure(figsize=(4, 4))\n"),
  one('seaborn.size-to-height', 'scatterplot(size=…) is the marker variable: untouched', "import seaborn as sns\nsns.scatterplot(x='a', y='b', size='c', data=df)\n", "import seaborn as sns\nsns.scatterplot(x='a', y='b', size='c', data=df)\n"),
  one('seaborn.factorplot', "factorplot → catplot(kind='point')", "import seaborn as sns\nsns.factorplot('Pclass', 'Survived', data=df)\nsns.factorplot(x='Sex', data=df, kind='count')\n", "import seaborn as sns\nsns.catplot('Pclass', 'Survived', data=df, kind='point')\nsns.catplot(x='Sex', data=df, kind='count')\n"),
  one('seaborn.renamed-functions', 'lvplot → boxenplot', 'import seaborn as sns\nsns.lvplot(x="a", y="b", data=df)\n', 'import seaborn as sns\nsns.boxenplot(x="a", y="b", data=df)\n'),
  one('seaborn.sns-plt', 'sns.plt → plt', 'import seaborn as sns\nsns.plt.show()\n', 'import matplotlib.pyplot as plt\nimport seaborn as sns\nplt.show()\n'),
  one('seaborn.jointplot-stat-func', 'stat_func dropped', 'import seaborn as sns\nfrom scipy import stats\nsns.jointplot(x="a", y="b", data=df, stat_func=stats.pearsonr)\n', 'import seaborn as sns\nfrom scipy import stats\nsns.jointplot(x="a", y="b", data=df)\n'),
  one('seaborn.keyword-only-data', 'positional x/y become keywords; new-style calls untouched',
    "import seaborn as sns\nsns.countplot('Survived', data=train)\nsns.barplot(df.Sex, df.Survived)\nsns.boxplot(data=df, x='a')\nsns.histplot(df.a)\n",
    "import seaborn as sns\nsns.countplot(x='Survived', data=train)\nsns.barplot(x=df.Sex, y=df.Survived)\nsns.boxplot(data=df, x='a')\nsns.histplot(df.a)\n"),
  one('seaborn.keyword-only-data', 'not under seaborn 0.11', "import seaborn as sns\nsns.countplot('Survived', data=train)\n", "import seaborn as sns\nsns.countplot('Survived', data=train)\n", { packages: { seaborn: '0.11.2' } }),
];

export const XGBOOST_CASES: RuleCase[] = [
  one('xgboost.sklearn-wrapper-arguments', 'silent, seed, nthread', 'import xgboost as xgb\nm = xgb.XGBRegressor(n_estimators=100, silent=1, seed=7, nthread=-1)\n', 'import xgboost as xgb\nm = xgb.XGBRegressor(n_estimators=100, verbosity=0, random_state=7, n_jobs=-1)\n'),
  one('xgboost.gpu-hist-without-gpu', 'gpu_hist → hist without a GPU', "from xgboost import XGBClassifier\nm = XGBClassifier(tree_method='gpu_hist', predictor='gpu_predictor')\nparams = {'tree_method': 'gpu_hist'}\n", "from xgboost import XGBClassifier\nm = XGBClassifier(tree_method='hist', predictor='cpu_predictor')\nparams = {'tree_method': 'hist'}\n"),
  one('xgboost.gpu-hist-without-gpu', 'kept when the runtime has a GPU', "from xgboost import XGBClassifier\nm = XGBClassifier(tree_method='gpu_hist')\n", "from xgboost import XGBClassifier\nm = XGBClassifier(tree_method='gpu_hist')\n", { gpus: ['NVIDIA H200'] }),
  one('xgboost.gpu-hist-without-gpu', 'error-triggered too', "m = XGBClassifier(tree_method='gpu_hist')\n", "m = XGBClassifier(tree_method='hist')\n", { errors: [cellError(0, 'XGBoostError', 'gpu_hist: XGBoost was not compiled with CUDA support')] }),
];
