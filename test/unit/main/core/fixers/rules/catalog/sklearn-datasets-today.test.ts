// scikit-learn's removed dataset loaders in today's stack: load_boston (removed in 1.2) becomes the removal notice's
// own code reading StatLib's file. The snippet serves a two-record file in StatLib's layout (a 22-line preamble,
// each record wrapped over two lines: 11 values, then B, LSTAT and the price) in place of the network.
import { expect, it } from 'vitest';
import { expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

const STATLIB = py`
  import io
  import pandas
  _read_csv = pandas.read_csv
  RECORDS = ''.join('header line %d\n' % i for i in range(22)) + (
      ' 0.00632  18.00   2.310  0  0.5380  6.5750  65.20  4.0900   1  296.0  15.30\n'
      ' 396.90   4.98  24.00\n'
      ' 0.02731   0.00   7.070  0  0.4690  6.4210  78.90  4.9671   2  242.0  17.80\n'
      ' 396.90   9.14  21.60\n')
  def read_csv(path, *args, **kwargs):
      if path == 'http://lib.stat.cmu.edu/datasets/boston':
          path = io.StringIO(RECORDS)
      return _read_csv(path, *args, **kwargs)
  pandas.read_csv = read_csv
`;

describeTodaySnippets("scikit-learn's removed dataset loaders in today's stack", (run) => {
  it("sklearn.load-boston: load_boston's Bunch and return_X_y, read from StatLib's layout", async () => {
    const before = `${STATLIB}${py`
      import pandas as pd
      from sklearn.datasets import load_iris, load_boston
      boston = load_boston()
      df = pd.DataFrame(boston.data, columns=boston.feature_names)
      X, y = load_boston(return_X_y=True)
      print(df.shape, list(df.columns[-2:]), df['RM'].tolist(), y.tolist(), X.shape)
    `}`;
    const after = await expectRepairedToday(
      run,
      before,
      ['sklearn.load-boston'],
      {
        fails: /`load_boston` has been removed from scikit-learn since version 1\.2/,
        out: "(2, 13) ['B', 'LSTAT'] [6.575, 6.421] [24.0, 21.6] (2, 13)",
      },
      {
        errors: [
          {
            cellIndex: 0,
            cellId: null,
            ename: 'ImportError',
            evalue: '\n`load_boston` has been removed from scikit-learn since version 1.2.\n',
            traceback: [],
            line: 'from sklearn.datasets import load_iris, load_boston',
            preExisting: false,
          },
        ],
      },
    );
    expect(after).toContain('from sklearn.datasets import load_iris\ndef load_boston(return_X_y=False):');
  });
});
