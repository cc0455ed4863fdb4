// scipy.simps-even-average in today's stack: the old import fails there, simpson (the plain rename) computes another
// number on an even count, and the rewrite prints what SciPy 1.6's simps printed (SciPy 1.10's code is the same).
import { expect } from 'vitest';
import { fixAfterError } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("simps in today's stack", (run) => {
  itToday(
    "scipy.simps-even-average: simps on an even count gives SciPy 1.10's even='avg', not simpson's Cartwright value",
    async () => {
      const before = py`
        import numpy as np
        from scipy.integrate import simps
        x = np.linspace(0, 3, 10) ** 1.5
        y = np.sin(x) * 7
        print(round(simps(y, x), 12), round(simps(y, dx=0.25), 12), round(simps(y[:9], x[:9]), 12), round(simps(np.vstack([y, 2 * y]), x, axis=1)[1], 12))
      `;
      expect(run(before).out).toMatch(/cannot import name 'simps' from 'scipy\.integrate'/);
      // the plain rename runs but computes another number on the even counts
      expect(run(before.replaceAll('simps', 'simpson')).out).toBe(
        '3.793247350982 3.308094460294 9.469162096964 7.586494701964',
      );
      const after = await fixAfterError(
        before,
        ['scipy.simps-even-average'],
        [
          'ImportError',
          "cannot import name 'simps' from 'scipy.integrate' (/usr/lib/python3/dist-packages/scipy/integrate/__init__.py)",
          'from scipy.integrate import simps',
        ],
      );
      // what SciPy 1.6's simps printed (SciPy 1.10's code is the same)
      expect(run(after)).toEqual({ ok: true, out: '3.923878778359 3.353577657827 9.469162096964 7.847757556718' });
    },
  );
});
