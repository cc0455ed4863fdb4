// Rules written for the held-out Kaggle kernels of corpus10 (issue 18), in today's stack: each old snippet fails there
// as the kernel failed, and after the rule it runs and prints what the old stack printed.
import { expect } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("corpus10 mechanisms, in today's stack", (run) => {
  itToday('python2.mixed-tabs-indentation: a function body indented with spaces and tabs', async () => {
    const before =
      'def log(xs):\n    out = []\n    for x in xs:\n\t\tout.append(x * 2)\n\n    return out\nprint(log([1, 2, 3]))\n';
    expect(run(before).out).toMatch(/TabError: inconsistent use of tabs and spaces in indentation/);
    const errors = [cellError(0, 'TabError', 'inconsistent use of tabs and spaces in indentation')];
    const after = await fix(before, ['python2.mixed-tabs-indentation'], { ...TODAY, errors });
    expect(after).toContain('                out.append(x * 2)');
    // Python 2 read the tabs as 16 columns: the append is inside the loop
    expect(run(after)).toEqual({ ok: true, out: '[2, 4, 6]' });
  });
});
