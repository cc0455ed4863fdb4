// pd.datetime (removed by pandas 2.0) in today's stack: the rewrite reads the datetime module under a name no later
// import rebinds, so a parser defined before `from datetime import datetime` still parses after it.
import { expect } from 'vitest';
import { cellSource, fixCells, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("pd.datetime in today's stack", (run) => {
  itToday(
    'pandas.2-removed-names: a lambda of pd.datetime.strptime runs after `from datetime import datetime`',
    async () => {
      const before = [
        "import datetime\nimport pandas as pd\nparse = lambda x: pd.datetime.strptime(x, '%Y-%m')\n",
        "from datetime import datetime\ns = pd.Series(['1949-01', '1949-02']).apply(parse)\nprint(s.iloc[1], datetime(2017, 1, 1).year)\n",
      ];
      expect(run(before.join('')).out).toMatch(/has no attribute 'datetime'/);
      const result = await fixCells(before, ['pandas.2-removed-names'], TODAY);
      const after = cellSource(result, 0) + cellSource(result, 1);
      expect(after).toContain('import datetime as _dt');
      expect(run(after)).toEqual({ ok: true, out: '1949-02-01 00:00:00 2017' });
    },
  );
});
