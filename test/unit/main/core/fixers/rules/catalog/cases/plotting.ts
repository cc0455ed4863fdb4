import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

export const MATPLOTLIB_CASES: RuleCase[] = [
  one(
    'matplotlib.axisbg',
    'axisbg → facecolor, set_axis_bgcolor → set_facecolor',
    'plt.subplot(121, axisbg="#DBDBDB")\nfig.add_subplot(221, axisbg="#DBDBDB")\nax.set_axis_bgcolor("white")\n',
    'plt.subplot(121, facecolor="#DBDBDB")\nfig.add_subplot(221, facecolor="#DBDBDB")\nax.set_facecolor("white")\n',
  ),
  one(
    'matplotlib.hist-normed',
    'plt.hist, df.hist and hist_kws',
    "plt.hist(x, bins=20, normed=True)\ndf.Age.hist(normed=1)\nsns.distplot(x, hist_kws={'normed': True})\n",
    "plt.hist(x, bins=20, density=True)\ndf.Age.hist(density=1)\nsns.distplot(x, hist_kws={'density': True})\n",
  ),
  one(
    'matplotlib.numeric-string-rotation',
    "rotation='90' → 90; 'vertical' untouched",
    "plt.xticks(rotation='90')\nax.set_xticklabels(labels, rotation='45')\nplt.yticks(rotation='vertical')\n",
    "plt.xticks(rotation=90)\nax.set_xticklabels(labels, rotation=45)\nplt.yticks(rotation='vertical')\n",
  ),
  leftAlone('matplotlib.numeric-string-rotation', 'not under matplotlib 3.5 (pattern)', "plt.xticks(rotation='90')\n", {
    packages: { matplotlib: '3.5.3' },
  }),
  one(
    'matplotlib.seaborn-styles',
    'seaborn styles renamed',
    "import matplotlib.pyplot as plt\nplt.style.use('seaborn-whitegrid')\nplt.style.use(['seaborn', 'ggplot'])\n",
    "import matplotlib.pyplot as plt\nplt.style.use('seaborn-v0_8-whitegrid')\nplt.style.use(['seaborn-v0_8', 'ggplot'])\n",
  ),
  one(
    'matplotlib.gca-projection',
    'gca(projection) → add_subplot',
    "ax = fig.gca(projection='3d')\n",
    "ax = fig.add_subplot(projection='3d')\n",
  ),
  one(
    'matplotlib.grid-b',
    'grid(b=True) → visible=True',
    "plt.grid(b=True, which='major', axis='y')\n",
    "plt.grid(visible=True, which='major', axis='y')\n",
  ),
  one(
    'matplotlib.hold',
    'hold() → pass',
    'import matplotlib.pyplot as plt\nplt.hold(True)\n',
    'import matplotlib.pyplot as plt\npass  # plt.hold(True): removed in matplotlib 3.0 (plots always accumulate)\n',
  ),
  one(
    'matplotlib.hold',
    'plot(…, hold=True) → plot(…); hold=False and a non-matplotlib call are left alone',
    'import matplotlib.pyplot as plt\nplt.plot(X_test.ravel(), y_test, hold=True);\nax.scatter(x, y, hold=True)\nplt.plot(x, y, hold=False)\nrecord.save(x, hold=True)\n',
    'import matplotlib.pyplot as plt\nplt.plot(X_test.ravel(), y_test);\nax.scatter(x, y)\nplt.plot(x, y, hold=False)\nrecord.save(x, hold=True)\n',
  ),
  one(
    'matplotlib.set-color-cycle',
    'set_color_cycle → set_prop_cycle(color=…)',
    "ax.set_color_cycle(['r', 'g'])\n",
    "ax.set_prop_cycle(color=['r', 'g'])\n",
  ),
  one(
    'matplotlib.mlab-normpdf',
    'mlab.normpdf → scipy.stats.norm.pdf',
    'import matplotlib.mlab as mlab\ny = mlab.normpdf(bins, mu, sigma)\n',
    'import scipy.stats\nimport matplotlib.mlab as mlab\ny = scipy.stats.norm.pdf(bins, mu, sigma)\n',
  ),
  one(
    'matplotlib.canvas-window-title',
    'canvas.set_window_title → canvas.manager',
    'fig.canvas.set_window_title("x")\n',
    'fig.canvas.manager.set_window_title("x")\n',
  ),
  one(
    'matplotlib.hist-normed',
    'FacetGrid.map(plt.hist, …, normed=True)',
    'import matplotlib.pyplot as plt\ng.map(plt.hist, "Age", bins=20, normed=True)\ng.map(plt.scatter, "a", "b", normed=1)\n',
    'import matplotlib.pyplot as plt\ng.map(plt.hist, "Age", bins=20, density=True)\ng.map(plt.scatter, "a", "b", normed=1)\n',
  ),
  one(
    'matplotlib.axes3d-figure',
    "Axes3D(fig) → fig.add_subplot(projection='3d'), with a rect → fig.add_axes(rect, projection='3d')",
    'from mpl_toolkits.mplot3d import Axes3D\nfig = plt.figure(1, figsize=(4, 3))\nax = Axes3D(fig, elev=48, azim=134)\nax2 = Axes3D(fig, rect=[0, 0, .95, 1], elev=48)\nax3 = Axes3D(fig, [0, 0, 1, 1])\n',
    "from mpl_toolkits.mplot3d import Axes3D\nfig = plt.figure(1, figsize=(4, 3))\nax = fig.add_subplot(projection='3d', elev=48, azim=134)\nax2 = fig.add_axes([0, 0, .95, 1], projection='3d', elev=48)\nax3 = fig.add_axes([0, 0, 1, 1], projection='3d')\n",
  ),
  one(
    'matplotlib.bar-left-bottom',
    'bar(left=) and barh(bottom=); bar(bottom=) kept',
    'plt.bar(left=idx, height=vals, width=0.5)\nax.barh(bottom=pos, width=w)\nax.bar(x, h, bottom=base)\n',
    'plt.bar(x=idx, height=vals, width=0.5)\nax.barh(y=pos, width=w)\nax.bar(x, h, bottom=base)\n',
  ),
  one(
    'matplotlib.log-scale-keywords',
    'basex → base, nonposy → nonpositive, loglog with one base',
    "ax.set_xscale('log', basex=2)\nplt.yscale('log', nonposy='clip')\nplt.loglog(x, y, basex=10, basey=10)\n",
    "ax.set_xscale('log', base=2)\nplt.yscale('log', nonpositive='clip')\nplt.loglog(x, y, base=10)\n",
  ),
  one(
    'matplotlib.moved-names',
    'mplDeprecation and cm.get_cmap (matplotlib 3.9)',
    "import matplotlib as mpl\nimport matplotlib.pyplot as plt\nwarnings.filterwarnings('ignore', category=mpl.cbook.mplDeprecation)\ncmap = plt.cm.get_cmap('jet', 10)\n",
    "import matplotlib as mpl\nimport matplotlib.pyplot as plt\nwarnings.filterwarnings('ignore', category=mpl.MatplotlibDeprecationWarning)\ncmap = plt.get_cmap('jet', 10)\n",
    { packages: { matplotlib: '3.9.2' } },
  ),
  one(
    'matplotlib.moved-names',
    'mplDeprecation only under matplotlib 3.8',
    "import matplotlib.pyplot as plt\nfrom matplotlib.cbook import mplDeprecation\ncmap = plt.cm.get_cmap('jet')\n",
    "import matplotlib.pyplot as plt\nfrom matplotlib import MatplotlibDeprecationWarning as mplDeprecation\ncmap = plt.cm.get_cmap('jet')\n",
    { packages: { matplotlib: '3.8.4' } },
  ),
  one(
    'matplotlib.tick-params-on-off',
    "'off'/'on' → False/True in tick_params",
    "plt.tick_params(axis='x', which='both', bottom='off', top='off', labelbottom='on')\nplt.axis('off')\n",
    "plt.tick_params(axis='x', which='both', bottom=False, top=False, labelbottom=True)\nplt.axis('off')\n",
  ),
  one(
    'matplotlib.axes3d-w-axis',
    'w_xaxis → xaxis (matplotlib 3.8)',
    'ax.w_xaxis.set_ticklabels([])\nax.w_zaxis.set_ticklabels([])\n',
    'ax.xaxis.set_ticklabels([])\nax.zaxis.set_ticklabels([])\n',
    { packages: { matplotlib: '3.8.4' } },
  ),
];

export const SEABORN_CASES: RuleCase[] = [
  one(
    'seaborn.size-to-height',
    'FacetGrid, pairplot; plt.figure(figsize) untouched',
    "import seaborn as sns\ngrid = sns.FacetGrid(train_df, col='Survived', row='Pclass', size=2.2, aspect=1.6)\nsns.pairplot(df, size=2.5)\nplt.figure(figsize=(4, 4))\n",
    "import seaborn as sns\ngrid = sns.FacetGrid(train_df, col='Survived', row='Pclass', height=2.2, aspect=1.6)\nsns.pairplot(df, height=2.5)\nplt.figure(figsize=(4, 4))\n",
  ),
  leftAlone(
    'seaborn.size-to-height',
    'scatterplot(size=…) is the marker variable: untouched',
    "import seaborn as sns\nsns.scatterplot(x='a', y='b', size='c', data=df)\n",
  ),
  one(
    'seaborn.factorplot',
    "factorplot → catplot(kind='point')",
    "import seaborn as sns\nsns.factorplot('Pclass', 'Survived', data=df)\nsns.factorplot(x='Sex', data=df, kind='count')\n",
    "import seaborn as sns\nsns.catplot('Pclass', 'Survived', data=df, kind='point')\nsns.catplot(x='Sex', data=df, kind='count')\n",
  ),
  one(
    'seaborn.renamed-functions',
    'lvplot → boxenplot',
    'import seaborn as sns\nsns.lvplot(x="a", y="b", data=df)\n',
    'import seaborn as sns\nsns.boxenplot(x="a", y="b", data=df)\n',
  ),
  one(
    'seaborn.sns-plt',
    'sns.plt → plt',
    'import seaborn as sns\nsns.plt.show()\n',
    'import matplotlib.pyplot as plt\nimport seaborn as sns\nplt.show()\n',
  ),
  one(
    'seaborn.jointplot-stat-func',
    'stat_func dropped',
    'import seaborn as sns\nfrom scipy import stats\nsns.jointplot(x="a", y="b", data=df, stat_func=stats.pearsonr)\n',
    'import seaborn as sns\nfrom scipy import stats\nsns.jointplot(x="a", y="b", data=df)\n',
  ),
  one(
    'seaborn.keyword-only-data',
    'positional x/y become keywords; new-style calls untouched',
    "import seaborn as sns\nsns.countplot('Survived', data=train)\nsns.barplot(df.Sex, df.Survived)\nsns.boxplot(data=df, x='a')\nsns.histplot(df.a)\n",
    "import seaborn as sns\nsns.countplot(x='Survived', data=train)\nsns.barplot(x=df.Sex, y=df.Survived)\nsns.boxplot(data=df, x='a')\nsns.histplot(df.a)\n",
  ),
  leftAlone(
    'seaborn.keyword-only-data',
    'not under seaborn 0.11',
    "import seaborn as sns\nsns.countplot('Survived', data=train)\n",
    { packages: { seaborn: '0.11.2' } },
  ),
  one(
    'seaborn.keyword-only-data',
    'data-first functions: FacetGrid(df, col), pairplot(df, hue), heatmap(data, vmin, vmax)',
    "import seaborn as sns\ng = sns.FacetGrid(train, 'Survived')\nsns.pairplot(df, 'species')\nsns.heatmap(corr, 0, 1)\nok = sns.FacetGrid(train, col='Survived')\n",
    "import seaborn as sns\ng = sns.FacetGrid(train, row='Survived')\nsns.pairplot(df, hue='species')\nsns.heatmap(corr, vmin=0, vmax=1)\nok = sns.FacetGrid(train, col='Survived')\n",
  ),
];

export const XGBOOST_CASES: RuleCase[] = [
  one(
    'xgboost.sklearn-wrapper-arguments',
    'silent, seed, nthread',
    'import xgboost as xgb\nm = xgb.XGBRegressor(n_estimators=100, silent=1, seed=7, nthread=-1)\n',
    'import xgboost as xgb\nm = xgb.XGBRegressor(n_estimators=100, verbosity=0, random_state=7, n_jobs=-1)\n',
  ),
  one(
    'xgboost.gpu-hist-without-gpu',
    'gpu_hist → hist without a GPU',
    "from xgboost import XGBClassifier\nm = XGBClassifier(tree_method='gpu_hist', predictor='gpu_predictor')\nparams = {'tree_method': 'gpu_hist'}\n",
    "from xgboost import XGBClassifier\nm = XGBClassifier(tree_method='hist', predictor='cpu_predictor')\nparams = {'tree_method': 'hist'}\n",
  ),
  leftAlone(
    'xgboost.gpu-hist-without-gpu',
    'kept when the runtime has a GPU',
    "from xgboost import XGBClassifier\nm = XGBClassifier(tree_method='gpu_hist')\n",
    { gpus: ['NVIDIA H200'] },
  ),
  one(
    'xgboost.gpu-hist-without-gpu',
    'error-triggered too',
    "m = XGBClassifier(tree_method='gpu_hist')\n",
    "m = XGBClassifier(tree_method='hist')\n",
    { errors: [cellError(0, 'XGBoostError', 'gpu_hist: XGBoost was not compiled with CUDA support')] },
  ),
  {
    rule: 'xgboost.fit-early-stopping',
    name: 'fit keywords move to the constructor of the same variable (xgboost 2)',
    options: { packages: { xgboost: '2.0.3' } },
    before: [
      'from xgboost import XGBClassifier\nmodel = XGBClassifier(n_estimators=500, learning_rate=0.05)\n',
      "model.fit(X, y, eval_set=[(Xv, yv)], early_stopping_rounds=50, eval_metric='auc', verbose=False)\n",
      "XGBClassifier().fit(X, y, eval_metric='logloss')\n",
    ],
    after: [
      "from xgboost import XGBClassifier\nmodel = XGBClassifier(n_estimators=500, learning_rate=0.05, early_stopping_rounds=50, eval_metric='auc')\n",
      'model.fit(X, y, eval_set=[(Xv, yv)], verbose=False)\n',
      "XGBClassifier(eval_metric='logloss').fit(X, y)\n",
    ],
  },
  leftAlone(
    'xgboost.fit-early-stopping',
    'not under xgboost 1.7',
    'from xgboost import XGBClassifier\nmodel = XGBClassifier()\nmodel.fit(X, y, early_stopping_rounds=50)\n',
  ),
  one(
    'xgboost.ntree-limit',
    'ntree_limit → iteration_range (xgboost 2)',
    'p = model.predict(dtest, ntree_limit=model.best_ntree_limit)\nq = bst.predict(d, ntree_limit=100)\nn = model.best_ntree_limit\n',
    'p = model.predict(dtest, iteration_range=(0, model.best_iteration + 1))\nq = bst.predict(d, iteration_range=(0, 100))\nn = (model.best_iteration + 1)\n',
    { packages: { xgboost: '2.0.3' } },
  ),
  one(
    'lightgbm.early-stopping-callbacks',
    'train() and LGBM fit() keywords → callbacks (lightgbm 4)',
    'import lightgbm as lgb\nclf = lgb.LGBMClassifier(n_estimators=1000)\nbst = lgb.train(params, dtrain, 1000, valid_sets=[dval], early_stopping_rounds=100, verbose_eval=50)\nclf.fit(X, y, eval_set=[(Xv, yv)], early_stopping_rounds=20, verbose=False)\n',
    'import lightgbm as lgb\nclf = lgb.LGBMClassifier(n_estimators=1000)\nbst = lgb.train(params, dtrain, 1000, valid_sets=[dval], callbacks=[lgb.early_stopping(100), lgb.log_evaluation(50)])\nclf.fit(X, y, eval_set=[(Xv, yv)], callbacks=[lgb.early_stopping(20)])\n',
    { packages: { lightgbm: '4.1.0' } },
  ),
  one(
    'xgboost.renamed-objective-and-booster',
    'reg:linear and booster()',
    "import xgboost as xgb\nm = xgb.XGBRegressor(objective='reg:linear')\nparams = {'objective': 'reg:linear', 'eta': 0.1}\nscores = m.booster().get_fscore()\nlabel = 'reg:linear'\n",
    "import xgboost as xgb\nm = xgb.XGBRegressor(objective='reg:squarederror')\nparams = {'objective': 'reg:squarederror', 'eta': 0.1}\nscores = m.get_booster().get_fscore()\nlabel = 'reg:linear'\n",
  ),
];
