import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

const PD2 = { packages: { pandas: '2.1.4' } };

const MULTIDIM =
  'Multi-dimensional indexing (e.g. `obj[:, None]`) is no longer supported. Convert to a numpy array before indexing instead.';

export const PANDAS_CASES: RuleCase[] = [
  one(
    'pandas.series-multidim-indexing',
    'a column indexed with [:, np.newaxis] on the failing line; numpy arrays and other lines untouched',
    "scaled = StandardScaler().fit_transform(df['SalePrice'][:,np.newaxis])\nlow = scaled[scaled[:,0].argsort()][:10]\ny = df['x'][:, None]\n",
    "scaled = StandardScaler().fit_transform(df['SalePrice'].to_numpy()[:,np.newaxis])\nlow = scaled[scaled[:,0].argsort()][:10]\ny = df['x'][:, None]\n",
    {
      ...PD2,
      errors: [
        cellError(0, 'ValueError', MULTIDIM, "scaled = StandardScaler().fit_transform(df['SalePrice'][:,np.newaxis])"),
      ],
    },
  ),
  leftAlone(
    'pandas.series-multidim-indexing',
    'an array (not a string-keyed column) on the failing line is left alone',
    'z = arr[:, None] + m[0][:, None]\n',
    { ...PD2, errors: [cellError(0, 'ValueError', MULTIDIM, 'z = arr[:, None] + m[0][:, None]')] },
  ),
  one(
    'pandas.ix-indexer',
    'labels and masks → loc; positional columns → iloc or columns[...]',
    'import pandas as pd\nres = clf.predict(x.ix[:,[6,3]].dropna())\ndf.ix[df.Age.isnull(), "Age"] = 0\nrow = df.ix[5]\nv = df.ix[df.a > 1, 2]\n',
    'import pandas as pd\nres = clf.predict(x.iloc[:,[6,3]].dropna())\ndf.loc[df.Age.isnull(), "Age"] = 0\nrow = df.loc[5]\nv = df.loc[df.a > 1, df.columns[2]]\n',
  ),
  leftAlone('pandas.ix-indexer', 'not under pandas 0.25', 'import pandas as pd\nrow = df.ix[5]\n', {
    packages: { pandas: '0.25.3' },
  }),
  one(
    'pandas.as-matrix',
    'as_matrix() and as_matrix(columns=…)',
    'import pandas as pd\nX = df.as_matrix()\nY = df.as_matrix(columns=["a", "b"])\nZ = (a + b).as_matrix()\n',
    'import pandas as pd\nX = df.values\nY = df[["a", "b"]].values\nZ = (a + b).values\n',
  ),
  one(
    'pandas.sort-methods',
    'DataFrame.sort(columns=…) and sort_index(by=…); list.sort and np.sort untouched',
    'import numpy as np\ndf = df.sort(columns="Fare", ascending=False)\ns = df.sort_index(by="Age")\nxs.sort()\nys.sort(key=len)\nz = np.sort(a, 0)\n',
    'import numpy as np\ndf = df.sort_values(by="Fare", ascending=False)\ns = df.sort_values(by="Age")\nxs.sort()\nys.sort(key=len)\nz = np.sort(a, 0)\n',
  ),
  one(
    'pandas.window-functions',
    'rolling_mean, rolling_std with min_periods, ewma',
    'import pandas as pd\nm = pd.rolling_mean(ts, 12)\ns = pd.rolling_std(ts, window=12, min_periods=1)\ne = pd.ewma(ts, span=20)\nq = pd.rolling_quantile(a + b, 5, 0.9)\n',
    'import pandas as pd\nm = ts.rolling(12).mean()\ns = ts.rolling(12, min_periods=1).std()\ne = ts.ewm(span=20).mean()\nq = (a + b).rolling(5).quantile(0.9)\n',
  ),
  one(
    'pandas.series-reshape',
    'on the failing line only',
    'X = df.Age.reshape(-1, 1)\nA = arr.reshape(2, 2)\n',
    'X = df.Age.values.reshape(-1, 1)\nA = arr.reshape(2, 2)\n',
    {
      errors: [
        cellError(0, 'AttributeError', "'Series' object has no attribute 'reshape'", 'X = df.Age.reshape(-1, 1)'),
      ],
    },
  ),
  one(
    'pandas.plotting-module',
    'pandas.tools.plotting and pd.scatter_matrix',
    'import pandas as pd\nfrom pandas.tools.plotting import scatter_matrix\npd.scatter_matrix(df)\npd.tools.plotting.andrews_curves(df, "y")\n',
    'import pandas as pd\nfrom pandas.plotting import scatter_matrix\npd.plotting.scatter_matrix(df)\npd.plotting.andrews_curves(df, "y")\n',
  ),
  one(
    'pandas.time-grouper',
    "TimeGrouper('M') → Grouper(freq='M')",
    'import pandas as pd\ng = df.groupby(pd.TimeGrouper("M")).sum()\n',
    'import pandas as pd\ng = df.groupby(pd.Grouper(freq="M")).sum()\n',
  ),
  one(
    'pandas.get-set-value',
    'get_value / set_value → at',
    'v = df.get_value(3, "Age")\ndf.set_value(3, "Age", 30)\n',
    'v = df.at[3, "Age"]\ndf.at[3, "Age"] = 30\n',
  ),
  one(
    'pandas.from-csv',
    'DataFrame.from_csv → read_csv',
    'import pandas as pd\ndf = pd.DataFrame.from_csv("a.csv")\n',
    'import pandas as pd\ndf = pd.read_csv("a.csv", index_col=0, parse_dates=True)\n',
  ),
  one(
    'pandas.reader-keywords',
    'sheetname; bad-lines keywords only under pandas 2',
    'import pandas as pd\nx = pd.read_excel("a.xlsx", sheetname="S")\nd = pd.read_csv("a.csv", error_bad_lines=False)\n',
    'import pandas as pd\nx = pd.read_excel("a.xlsx", sheet_name="S")\nd = pd.read_csv("a.csv", on_bad_lines=\'skip\')\n',
    PD2,
  ),
  one(
    'pandas.dataframe-append',
    'assigned appends become concat; list.append untouched (pandas 2)',
    'import pandas as pd\ndf = df.append(other, ignore_index=True)\nrows = rows.append({"a": 1}, ignore_index=True)\nresults.append(score)\n[acc.append(i) for i in xs]\n',
    'import pandas as pd\ndf = pd.concat([df, other], ignore_index=True)\nrows = pd.concat([rows, pd.DataFrame([{"a": 1}])], ignore_index=True)\nresults.append(score)\n[acc.append(i) for i in xs]\n',
    PD2,
  ),
  leftAlone('pandas.dataframe-append', 'not under pandas 1.5', 'import pandas as pd\ndf = df.append(other)\n'),
  one(
    'pandas.drop-positional-axis',
    'drop(cols, 1) → axis=1 (pandas 2)',
    'train = train.drop(["Name", "Ticket"], 1)\nx = s.drop("a")\n',
    'train = train.drop(["Name", "Ticket"], axis=1)\nx = s.drop("a")\n',
    PD2,
  ),
  // issue 18: pandas 2's messages for a groupby reduction and for DataFrame.corr over object columns
  one(
    'pandas.numeric-only',
    'groupby(...).median() over an object column (agg function failed)',
    'med = df.groupby("Pclass").median()\n',
    'med = df.groupby("Pclass").median(numeric_only=True)\n',
    {
      packages: { pandas: '2.3.3' },
      errors: [
        cellError(
          0,
          'TypeError',
          'agg function failed [how->median,dtype->object]',
          'med = df.groupby("Pclass").median()',
        ),
      ],
    },
  ),
  one(
    'pandas.numeric-only',
    'df.corr() with a string column (could not convert string to float)',
    'c = df.corr()\n',
    'c = df.corr(numeric_only=True)\n',
    {
      packages: { pandas: '2.3.3' },
      errors: [cellError(0, 'ValueError', "could not convert string to float: 'male'", 'c = df.corr()')],
    },
  ),
  leftAlone(
    'pandas.numeric-only',
    'a numpy reduction on the line is left alone',
    'import numpy as np\nm = np.mean(x)\n',
    {
      packages: { pandas: '2.3.3' },
      errors: [cellError(0, 'TypeError', 'unsupported operand type(s) for +: int and str', 'm = np.mean(x)')],
    },
  ),
  one(
    'pandas.numeric-only',
    'on the failing line',
    'means = df.groupby("Sex").mean()\nc = df.corr()\n',
    'means = df.groupby("Sex").mean(numeric_only=True)\nc = df.corr()\n',
    {
      packages: { pandas: '2.1.4' },
      errors: [
        cellError(0, 'TypeError', 'agg function failed [how->mean,dtype->object]', 'means = df.groupby("Sex").mean()'),
      ],
    },
  ),
  one(
    'pandas.pd-np',
    'pd.np → np (pandas 2)',
    'import pandas as pd\nimport numpy as np\nx = pd.np.nan\n',
    'import pandas as pd\nimport numpy as np\nx = np.nan\n',
    PD2,
  ),
  one(
    'pandas.2-removed-names',
    'Int64Index, is_monotonic, pd.datetime (pandas 2)',
    'import pandas as pd\ni = pd.Int64Index([1, 2])\nok = df.index.is_monotonic\nt = pd.datetime(2017, 1, 1)\n',
    'import datetime as _dt\nimport pandas as pd\ni = pd.Index([1, 2])\nok = df.index.is_monotonic_increasing\nt = _dt.datetime(2017, 1, 1)\n',
    PD2,
  ),
  one(
    'pandas.str-replace-regex',
    'regex patterns keep regex=True (pandas 2); literal patterns untouched',
    'df["t"] = df.t.str.replace("[^a-z]", " ")\ndf["u"] = df.u.str.replace(",", "")\n',
    'df["t"] = df.t.str.replace("[^a-z]", " ", regex=True)\ndf["u"] = df.u.str.replace(",", "")\n',
    PD2,
  ),
  one(
    'pandas.keyword-only-arguments',
    'concat axis, read_csv sep, dropna/fillna/set_index/str.split positional; str and numpy calls untouched (pandas 2)',
    "import pandas as pd\nimport numpy as np\ndf = pd.concat([a, b], 1)\nt = pd.read_csv('t.tsv', '\\t', header=None)\nd = df.dropna(1)\nk = df.set_index('id', False)\nw = df.Name.str.split(', ', 1, True)\nparts = 'a, b'.split(', ', 1)\nm = np.any(x, 1)\ns = df.sort_values('Age', False)\n",
    "import pandas as pd\nimport numpy as np\ndf = pd.concat([a, b], axis=1)\nt = pd.read_csv('t.tsv', sep='\\t', header=None)\nd = df.dropna(axis=1)\nk = df.set_index('id', drop=False)\nw = df.Name.str.split(', ', n=1, expand=True)\nparts = 'a, b'.split(', ', 1)\nm = np.any(x, 1)\ns = df.sort_values('Age', False)\n",
    PD2,
  ),
  leftAlone(
    'pandas.keyword-only-arguments',
    'not under pandas 1.5',
    'import pandas as pd\ndf = pd.concat([a, b], 1)\n',
  ),
  one(
    'pandas.read-squeeze',
    "squeeze=True → .squeeze('columns') (pandas 2)",
    "import pandas as pd\ns = pd.read_csv('s.csv', index_col=0, squeeze=True)\nt = pd.read_csv('t.csv', squeeze=False)\n",
    "import pandas as pd\ns = pd.read_csv('s.csv', index_col=0).squeeze('columns')\nt = pd.read_csv('t.csv')\n",
    PD2,
  ),
  one(
    'pandas.lookup-mad',
    'lookup and mad (pandas 2)',
    "import pandas as pd\nv = df.lookup(df.index, df['best'])\nm = df['Fare'].mad()\n",
    "import pandas as pd\nv = pd.Series(df.values[df.index.get_indexer(df.index), df.columns.get_indexer(df['best'])]).infer_objects().to_numpy()\nm = (df['Fare'] - df['Fare'].mean()).abs().mean()\n",
    PD2,
  ),
  one(
    'pandas.removed-methods',
    'get_dtype_counts, ftypes, clip_upper, sortlevel, reindex_axis, convert_objects, from_items',
    "import pandas as pd\nc = df.get_dtype_counts()\nt = df.ftypes\ndf['y'] = df['y'].clip_upper(100)\ns = df.sortlevel(1)\nr = df.reindex_axis(cols, axis=1)\ndf['n'] = df['n'].convert_objects(convert_numeric=True)\ndf = df.convert_objects()\nf = pd.DataFrame.from_items(pairs)\n",
    "import pandas as pd\nc = df.dtypes.value_counts()\nt = df.dtypes\ndf['y'] = df['y'].clip(upper=100)\ns = df.sort_index(level=1)\nr = df.reindex(cols, axis=1)\ndf['n'] = pd.to_numeric(df['n'], errors='coerce')\ndf = df.infer_objects()\nf = pd.DataFrame(dict(pairs))\n",
  ),
  one(
    'pandas.removed-methods',
    'valid() only on the failing line',
    's = ts.valid()\nok = form.valid()\n',
    's = ts.dropna()\nok = form.valid()\n',
    { errors: [cellError(0, 'AttributeError', "'Series' object has no attribute 'valid'", 's = ts.valid()')] },
  ),
  one(
    'pandas.resample-how',
    'how= and fill_method= → method calls',
    "import pandas as pd\nm = ts.resample('M', how='mean')\nd = ts.resample('D', fill_method='ffill')\n",
    "import pandas as pd\nm = ts.resample('M').mean()\nd = ts.resample('D').ffill()\n",
  ),
  one(
    'pandas.moved-functions',
    'util.testing, io.json.json_normalize (pandas 2)',
    'import pandas.util.testing as tm\nfrom pandas.util.testing import assert_frame_equal\nfrom pandas.io.json import json_normalize\n',
    'import pandas._testing as tm\nfrom pandas.testing import assert_frame_equal\nfrom pandas import json_normalize\n',
    PD2,
  ),
  one(
    'pandas.weekofyear',
    '.dt.weekofyear → isocalendar().week (pandas 2)',
    "df['week'] = df['date'].dt.weekofyear\nw = df.date.dt.week\nother.week\n",
    "df['week'] = df['date'].dt.isocalendar().week\nw = df.date.dt.isocalendar().week\nother.week\n",
    PD2,
  ),
  one(
    'pandas.series-agg-dict',
    'dict renaming on a Series aggregation → list of pairs',
    "agg = df.groupby('id')['amount'].agg({'amount_sum': 'sum', 'amount_mean': np.mean})\n",
    "agg = df.groupby('id')['amount'].agg([('amount_sum', 'sum'), ('amount_mean', np.mean)])\n",
    { errors: [cellError(0, 'SpecificationError', 'nested renamer is not supported')] },
  ),
  one(
    'pandas.reduction-level',
    'level= → groupby(level=…) (pandas 2)',
    'import pandas as pd\ntotals = s.sum(level=0)\nn = df.count(level="a")\nok = df.sort_index(level=0)\n',
    'import pandas as pd\ntotals = s.groupby(level=0).sum()\nn = df.groupby(level="a").count()\nok = df.sort_index(level=0)\n',
    PD2,
  ),
  one(
    'pandas.inplace-removed',
    'set_axis(…, inplace=True) and .cat.set_categories(…, inplace=True) rebind the result (pandas 2)',
    "import pandas as pd\ndf.set_axis(['a', 'b'], axis=1, inplace=True)\ndf['size'].cat.set_categories(['S', 'M', 'L'], inplace=True)\ns.cat.as_ordered(inplace=False)\n",
    "import pandas as pd\ndf = df.set_axis(['a', 'b'], axis=1)\ndf['size'] = df['size'].cat.set_categories(['S', 'M', 'L'])\ns.cat.as_ordered()\n",
    PD2,
  ),
  leftAlone(
    'pandas.inplace-removed',
    'a result that is used, methods that keep inplace, no pandas import: left alone',
    "import pandas as pd\nx = df.set_axis(['a'], axis=1, inplace=True)\ndf.drop('a', axis=1, inplace=True)\nobj.set_categories(cats, inplace=True)\n",
    PD2,
  ),
  leftAlone(
    'pandas.inplace-removed',
    "a user's own set_axis without pandas",
    "widget.set_axis(['a'], inplace=True)\n",
    PD2,
  ),
  leftAlone(
    'pandas.inplace-removed',
    'not before pandas 2.0',
    "import pandas as pd\ndf.set_axis(['a', 'b'], axis=1, inplace=True)\n",
    { packages: { pandas: '1.5.3' } },
  ),
];
