// calibrate.pandas-dict-column-order in today's stack: a DataFrame (Series) built from a dict literal takes the dict's
// insertion order since pandas 0.23; pandas < 0.23 sorted the keys. The rewrite of a notebook dated before 0.23 prints
// the table, the first column and the Series in the sorted order its author saw.
import { expect } from 'vitest';
import { expectCalibratedToday, fix, TODAY_ENVIRONMENT } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("pandas' dict key order in today's stack", (run) => {
  itToday(
    'calibrate.pandas-dict-column-order: the columns, iloc[:, 0] and the Series index in the sorted key order of pandas < 0.23',
    async () => {
      const before = py`
        import pandas as pd
        acc = pd.DataFrame({'score': [0.76, 0.95], 'Model': ['lr', 'svm']})
        counts = pd.Series({'spam': 3, 'ham': 10})
        print(list(acc.columns), acc.iloc[:, 0].tolist(), counts.index.tolist(), counts.iloc[0])
      `;
      const after = await expectCalibratedToday(run, before, ['calibrate.pandas-dict-column-order'], {
        created: '2017-07-01',
        // today's insertion order: another first column and another first count
        today: "['score', 'Model'] [0.76, 0.95] ['spam', 'ham'] 3",
        // what pandas < 0.23 printed: the keys sorted ('Model' < 'score', 'ham' < 'spam')
        old: "['Model', 'score'] ['lr', 'svm'] ['ham', 'spam'] 10",
      });
      expect(after).toContain("columns=['Model', 'score']");
      // a notebook of 2019 is left as it is
      expect(
        await fix(before, ['calibrate.pandas-dict-column-order'], { ...TODAY_ENVIRONMENT, created: '2019-02' }),
      ).toBe(before);
    },
  );
});
