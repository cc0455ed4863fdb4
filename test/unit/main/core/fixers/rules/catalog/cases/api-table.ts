import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

const TODAY = { packages: { numpy: '2.4.6', 'scikit-learn': '1.9.0' } };
const GRAPH_LASSO = cellError(
  0,
  'ImportError',
  "cannot import name 'GraphLassoCV' from 'sklearn.covariance' (/usr/lib/python3/dist-packages/sklearn/covariance/__init__.py)",
);

export const API_TABLE_CASES: RuleCase[] = [
  one(
    'api-table.moved-name',
    'a renamed class from the table, the old local name kept',
    'from sklearn.covariance import GraphLassoCV\nmodel = GraphLassoCV()\n',
    'from sklearn.covariance import GraphicalLassoCV as GraphLassoCV\nmodel = GraphLassoCV()\n',
    { ...TODAY, errors: [GRAPH_LASSO] },
  ),
  one(
    'api-table.moved-name',
    "numpy 2's message names the replacement",
    'import numpy as np\nx = np.longfloat(1)\n',
    'import numpy as np\nx = np.longdouble(1)\n',
    {
      ...TODAY,
      errors: [
        cellError(
          0,
          'AttributeError',
          '`np.longfloat` was removed in the NumPy 2.0 release. Use `np.longdouble` instead.',
        ),
      ],
    },
  ),
  leftAlone(
    'api-table.moved-name',
    'not applied where the user defines the replacement name',
    'from sklearn.covariance import GraphLassoCV\nclass GraphicalLassoCV: pass\n',
    { ...TODAY, errors: [GRAPH_LASSO] },
  ),
  leftAlone(
    'api-table.moved-name',
    'not applied without the error',
    'from sklearn.covariance import GraphLassoCV\n',
    TODAY,
  ),
  one(
    'api-table.keyword-rename',
    "OneHotEncoder's sparse → sparse_output in the failing call",
    'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse=False)\n',
    'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(sparse_output=False)\n',
    {
      ...TODAY,
      errors: [cellError(0, 'TypeError', "OneHotEncoder.__init__() got an unexpected keyword argument 'sparse'")],
    },
  ),
  leftAlone(
    'api-table.keyword-rename',
    'not applied to a user-defined function of that name',
    'def OneHotEncoder(sparse=True):\n    return sparse\nenc = OneHotEncoder(sparse=False)\n',
    {
      ...TODAY,
      errors: [cellError(0, 'TypeError', "OneHotEncoder.__init__() got an unexpected keyword argument 'sparse'")],
    },
  ),
  one(
    'api-table.renamed-member',
    "a pandas method renamed inside its class (the error names the object's type)",
    'import pandas as pd\ndf = pd.DataFrame({"a": [1]})\nfor name, col in df.iteritems():\n    print(name)\n',
    'import pandas as pd\ndf = pd.DataFrame({"a": [1]})\nfor name, col in df.items():\n    print(name)\n',
    {
      packages: { pandas: '2.3.3' },
      errors: [cellError(0, 'AttributeError', "'DataFrame' object has no attribute 'iteritems'")],
    },
  ),
  leftAlone(
    'api-table.renamed-member',
    "not applied where the notebook's own class has a member of that name",
    'import pandas as pd\nclass Table:\n    def iteritems(self):\n        return []\nrows = Table().iteritems()\n',
    {
      packages: { pandas: '2.3.3' },
      errors: [cellError(0, 'AttributeError', "'DataFrame' object has no attribute 'iteritems'")],
    },
  ),
];
