import { cellError } from '../../helpers';
import { one, type RuleCase } from './types';

const PD2 = { packages: { pandas: '2.1.4' } };

export const PANDAS_CASES: RuleCase[] = [
  one('pandas.ix-indexer', 'labels and masks → loc; positional columns → iloc or columns[...]',
    'import pandas as pd\nres = clf.predict(x.ix[:,[6,3]].dropna())\ndf.ix[df.Age.isnull(), "Age"] = 0\nrow = df.ix[5]\nv = df.ix[df.a > 1, 2]\n',
    'import pandas as pd\nres = clf.predict(x.iloc[:,[6,3]].dropna())\ndf.loc[df.Age.isnull(), "Age"] = 0\nrow = df.loc[5]\nv = df.loc[df.a > 1, df.columns[2]]\n'),
  one('pandas.ix-indexer', 'not under pandas 0.25', 'import pandas as pd\nrow = df.ix[5]\n', 'import pandas as pd\nrow = df.ix[5]\n', { packages: { pandas: '0.25.3' } }),
  one('pandas.as-matrix', 'as_matrix() and as_matrix(columns=…)', 'import pandas as pd\nX = df.as_matrix()\nY = df.as_matrix(columns=["a", "b"])\nZ = (a + b).as_matrix()\n', 'import pandas as pd\nX = df.values\nY = df[["a", "b"]].values\nZ = (a + b).values\n'),
  one('pandas.sort-methods', 'DataFrame.sort(columns=…) and sort_index(by=…); list.sort and np.sort untouched',
    'import numpy as np\ndf = df.sort(columns="Fare", ascending=False)\ns = df.sort_index(by="Age")\nxs.sort()\nys.sort(key=len)\nz = np.sort(a, 0)\n',
    'import numpy as np\ndf = df.sort_values(by="Fare", ascending=False)\ns = df.sort_values(by="Age")\nxs.sort()\nys.sort(key=len)\nz = np.sort(a, 0)\n'),
  one('pandas.window-functions', 'rolling_mean, rolling_std with min_periods, ewma',
    'import pandas as pd\nm = pd.rolling_mean(ts, 12)\ns = pd.rolling_std(ts, window=12, min_periods=1)\ne = pd.ewma(ts, span=20)\nq = pd.rolling_quantile(a + b, 5, 0.9)\n',
    'import pandas as pd\nm = ts.rolling(12).mean()\ns = ts.rolling(12, min_periods=1).std()\ne = ts.ewm(span=20).mean()\nq = (a + b).rolling(5).quantile(0.9)\n'),
  one('pandas.series-reshape', 'on the failing line only', 'X = df.Age.reshape(-1, 1)\nA = arr.reshape(2, 2)\n', 'X = df.Age.values.reshape(-1, 1)\nA = arr.reshape(2, 2)\n',
    { errors: [cellError(0, 'AttributeError', "'Series' object has no attribute 'reshape'", 'X = df.Age.reshape(-1, 1)')] }),
  one('pandas.plotting-module', 'pandas.tools.plotting and pd.scatter_matrix',
    'import pandas as pd\nfrom pandas.tools.plotting import scatter_matrix\npd.scatter_matrix(df)\npd.tools.plotting.andrews_curves(df, "y")\n',
    'import pandas as pd\nfrom pandas.plotting import scatter_matrix\npd.plotting.scatter_matrix(df)\npd.plotting.andrews_curves(df, "y")\n'),
  one('pandas.time-grouper', "TimeGrouper('M') → Grouper(freq='M')", 'import pandas as pd\ng = df.groupby(pd.TimeGrouper("M")).sum()\n', 'import pandas as pd\ng = df.groupby(pd.Grouper(freq="M")).sum()\n'),
  one('pandas.get-set-value', 'get_value / set_value → at', 'v = df.get_value(3, "Age")\ndf.set_value(3, "Age", 30)\n', 'v = df.at[3, "Age"]\ndf.at[3, "Age"] = 30\n'),
  one('pandas.from-csv', 'DataFrame.from_csv → read_csv', 'import pandas as pd\ndf = pd.DataFrame.from_csv("a.csv")\n', 'import pandas as pd\ndf = pd.read_csv("a.csv", index_col=0, parse_dates=True)\n'),
  one('pandas.reader-keywords', 'sheetname; bad-lines keywords only under pandas 2',
    'import pandas as pd\nx = pd.read_excel("a.xlsx", sheetname="S")\nd = pd.read_csv("a.csv", error_bad_lines=False)\n',
    'import pandas as pd\nx = pd.read_excel("a.xlsx", sheet_name="S")\nd = pd.read_csv("a.csv", on_bad_lines=\'skip\')\n', PD2),
  one('pandas.dataframe-append', 'assigned appends become concat; list.append untouched (pandas 2)',
    'import pandas as pd\ndf = df.append(other, ignore_index=True)\nrows = rows.append({"a": 1}, ignore_index=True)\nresults.append(score)\n[acc.append(i) for i in xs]\n',
    'import pandas as pd\ndf = pd.concat([df, other], ignore_index=True)\nrows = pd.concat([rows, pd.DataFrame([{"a": 1}])], ignore_index=True)\nresults.append(score)\n[acc.append(i) for i in xs]\n', PD2),
  one('pandas.dataframe-append', 'not under pandas 1.5', 'import pandas as pd\ndf = df.append(other)\n', 'import pandas as pd\ndf = df.append(other)\n'),
  one('pandas.drop-positional-axis', 'drop(cols, 1) → axis=1 (pandas 2)', 'train = train.drop(["Name", "Ticket"], 1)\nx = s.drop("a")\n', 'train = train.drop(["Name", "Ticket"], axis=1)\nx = s.drop("a")\n', PD2),
  one('pandas.numeric-only', 'on the failing line', 'means = df.groupby("Sex").mean()\nc = df.corr()\n', 'means = df.groupby("Sex").mean(numeric_only=True)\nc = df.corr()\n',
    { packages: { pandas: '2.1.4' }, errors: [cellError(0, 'TypeError', 'agg function failed [how->mean,dtype->object]', 'means = df.groupby("Sex").mean()')] }),
  one('pandas.pd-np', 'pd.np → np (pandas 2)', 'import pandas as pd\nimport numpy as np\nx = pd.np.nan\n', 'import pandas as pd\nimport numpy as np\nx = np.nan\n', PD2),
  one('pandas.2-removed-names', 'Int64Index, is_monotonic, pd.datetime (pandas 2)', 'import pandas as pd\ni = pd.Int64Index([1, 2])\nok = df.index.is_monotonic\nt = pd.datetime(2017, 1, 1)\n', 'import datetime\nimport pandas as pd\ni = pd.Index([1, 2])\nok = df.index.is_monotonic_increasing\nt = datetime.datetime(2017, 1, 1)\n', PD2),
  one('pandas.str-replace-regex', 'regex patterns keep regex=True (pandas 2); literal patterns untouched', 'df["t"] = df.t.str.replace("[^a-z]", " ")\ndf["u"] = df.u.str.replace(",", "")\n', 'df["t"] = df.t.str.replace("[^a-z]", " ", regex=True)\ndf["u"] = df.u.str.replace(",", "")\n', PD2),
];
