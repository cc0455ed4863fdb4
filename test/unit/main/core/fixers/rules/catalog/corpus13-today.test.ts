// Mechanisms of corpus13 (held-out 2015–2018 course and book notebooks): a 2015 lecture (J.R. Johansson's
// scientific-python-lectures, SciPy) reached NumPy through `from scipy import *` — linspace, tan, pi … raise NameError
// since SciPy 1.9; the four imports scipy/__init__.py made bring them back, with numpy.lib.scimath's sqrt
// (scipy.sqrt(-4) was 2j), and scipy.sqrt(…) itself maps to numpy.lib.scimath too. The Pandas Cookbook (2017) sorts
// each row with df.apply(sorted, axis=1) and renames the result's columns: a Series of lists since pandas 0.23; its
// streak helper reads .loc[[first, last]] with a label past the end (a row of NaN before pandas 1.0, KeyError since).
// Bakker's exploratory computing prints a column's argmax: the label until pandas 1.0, the position since.
import { expect, it } from 'vitest';
import { expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("scipy's NumPy names in today's stack", (run) => {
  it('scipy.star-import-numpy: from scipy import * → numpy, numpy.random, numpy.fft and scimath imports', async () => {
    const before = py`
      from scipy import *
      from scipy import optimize
      def f(w):
          return tan(2 * pi * w) - 3.0 / w
      x = linspace(0, 3, 7)
      print('%.6f' % optimize.fsolve(f, 1.1)[0], sqrt(-4), x[-1], fft(ones(4))[0].real)
    `;
    const after = await expectRepairedToday(run, before, ['scipy.star-import-numpy'], {
      fails: /NameError: name '(tan|linspace|pi)' is not defined/,
      out: '1.189903 2j 3.0 4.0',
    });
    expect(after).toContain('from numpy.lib.scimath import arccos, arcsin, arctanh, log, log10, log2, power, sqrt');
  });

  it('scipy.numpy-aliases: scipy.sqrt and scipy.log are numpy.lib.scimath’s (complex for negative input)', async () => {
    const before = py`
      import scipy
      print(scipy.sqrt(-4), scipy.log10(-100).imag > 0, scipy.exp(0))
    `;
    await expectRepairedToday(run, before, ['scipy.numpy-aliases'], {
      fails: /Module 'scipy' has no attribute 'sqrt'/,
      out: '2j True 1.0',
    });
  });

  it('pandas.apply-list-broadcast: apply(sorted, axis=1) is the frame of sorted rows 0.22 returned', async () => {
    const before = py`
      import pandas as pd
      flights = pd.DataFrame({'ORG_AIR': ['LAX', 'ATL', 'IAH'], 'DEST_AIR': ['SLC', 'IAH', 'ATL']})
      flights_sort = flights[['ORG_AIR', 'DEST_AIR']].apply(sorted, axis=1)
      flights_sort = flights_sort.rename(columns={'ORG_AIR': 'AIR1', 'DEST_AIR': 'AIR2'})
      print(flights_sort.groupby(['AIR1', 'AIR2']).size().loc[('ATL', 'IAH')])
    `;
    await expectRepairedToday(run, before, ['pandas.apply-list-broadcast'], {
      fails: /Series\.rename\(\) got an unexpected keyword argument 'columns'/,
      out: '2',
    });
  });

  it('pandas.loc-missing-labels: .loc of a label past the end is the row of NaN pandas 0.x returned', async () => {
    const before = py`
      import pandas as pd
      df = pd.DataFrame({'MONTH': [1, 1, 2], 'DAY': [5, 6, 7], 'ON_TIME': [1, 0, 0]})
      first_idx, last_idx = 2.0, 3
      r = df.loc[[first_idx, last_idx], ['MONTH', 'DAY']]
      print(r.shape, int(r.isna().sum().sum()), r['MONTH'].iloc[0])
    `;
    await expectRepairedToday(
      run,
      before,
      ['pandas.loc-missing-labels'],
      {
        fails: /KeyError: '\[3(\.0)?\] not in index'/,
        out: '(2, 2) 2 2.0',
      },
      {
        errors: [
          {
            cellIndex: 0,
            cellId: null,
            ename: 'KeyError',
            evalue: "'[3] not in index'",
            traceback: [],
            line: "r = df.loc[[first_idx, last_idx], ['MONTH', 'DAY']]",
            preExisting: false,
          },
        ],
      },
    );
  });

  it("pandas.series-argmax-label: a column's argmax is the label (idxmax) pandas 0.x returned", async () => {
    // Bakker's exploratory computing (2016) prints the country of the largest share: its label in pandas < 1.0, its
    // position since (and selecting by the position as a label fails)
    const before = py`
      import pandas as pd
      tran = pd.DataFrame({'car': [70, 81, 75], 'bus': [9, 6, 11]}, index=['NL', 'BE', 'DE'])
      rain = pd.DataFrame({'RH': [1.0, 5.0, 2.0], 'day': ['mon', 'tue', 'wed']}, index=[10, 20, 30])
      import numpy as np
      print(tran.car.argmax(), tran['bus'].argmin(), rain.day[rain.RH.argmax()], np.argmax(tran['bus']))
    `;
    const after = await expectRepairedToday(
      run,
      before,
      ['pandas.series-argmax-label'],
      { fails: /KeyError: np\.int64\(1\)/, out: 'BE BE tue DE' },
      { created: '2016-10-01' },
    );
    expect(after).toContain(
      "print(tran.car.idxmax(), tran['bus'].idxmin(), rain.day[rain.RH.idxmax()], tran['bus'].idxmax())",
    );
  });
});
