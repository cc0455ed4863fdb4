// pandas.renamed-keywords' to_dict(outtype=…) in today's stack: the keyword pandas 0.15 renamed orient (removed in
// 0.19) fails there, and the rewrite prints what pandas 1.1, which still read the abbreviations, printed for
// to_dict(orient='r') and orient='sp' (the deprecation shim passed outtype on as orient).
import { expect } from 'vitest';
import { fix, TODAY_ENVIRONMENT } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("to_dict(outtype=…) in today's stack", (run) => {
  itToday(
    'pandas.renamed-keywords: outtype → orient, abbreviated values written out, same records and split dicts',
    async () => {
      const before = py`
        import pandas as pd
        df = pd.DataFrame({'pclass': ['1st', '3rd'], 'age': [29.0, 2.0]}, columns=['pclass', 'age'])
        print(df.to_dict(outtype='r'), df.to_dict(outtype='sp'))
      `;
      expect(run(before).out).toMatch(/TypeError: DataFrame\.to_dict\(\) got an unexpected keyword argument 'outtype'/);
      const after = await fix(before, ['pandas.renamed-keywords'], TODAY_ENVIRONMENT);
      expect(after).toContain("df.to_dict(orient='records'), df.to_dict(orient='split')");
      // what pandas 1.1 (Debian bullseye) printed for to_dict(orient='r'), to_dict(orient='sp')
      expect(run(after)).toEqual({
        ok: true,
        out:
          "[{'pclass': '1st', 'age': 29.0}, {'pclass': '3rd', 'age': 2.0}] " +
          "{'index': [0, 1], 'columns': ['pclass', 'age'], 'data': [['1st', 29.0], ['3rd', 2.0]]}",
      });
    },
  );
});
