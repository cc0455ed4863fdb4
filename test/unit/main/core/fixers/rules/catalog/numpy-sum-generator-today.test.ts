// A 2017 course's jackknife (Duke STA 663) and a 2015 tutorial's likelihood sum call np.sum on a generator: a
// TypeError in today's NumPy; the rewritten builtin sum gives the value NumPy 1.15–2.3 computed for that call.
import { expect, it } from 'vitest';
import { expectRepairedToday, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("np.sum of a generator in today's stack", (run) => {
  it('numpy.sum-generator: np.sum(gen) → sum(gen); under from pylab import * → builtins.sum(gen)', async () => {
    const before = py`
      import numpy as np
      x = np.arange(6.0)
      idx = np.arange(6)
      def jack(x, func):
          return np.sum(func(x[idx != i]) for i in range(6)) / 6.0
      print(jack(x, np.mean), np.sum(np.array([i, i]) for i in range(3)))
    `;
    // the mean of the leave-one-out means, and the elementwise sum of arrays, as the builtin computed them
    const after = await expectRepairedToday(run, before, ['numpy.sum-generator'], {
      fails: /Calling np\.sum\(generator\) is deprecated/,
      out: '2.5 [3 3]',
    });
    expect(after).toContain('return sum(func(x[idx != i]) for i in range(6)) / 6.0');

    const star = 'import matplotlib\nmatplotlib.use("Agg")\nfrom pylab import *\nprint(sum(i * i for i in range(4)))\n';
    expect(run(star).out).toMatch(/Calling np\.sum\(generator\) is deprecated/);
    const fixed = await fix(star, ['numpy.sum-generator'], TODAY);
    expect(fixed).toContain('builtins.sum(i * i for i in range(4))');
    expect(run(fixed)).toEqual({ ok: true, out: '14' });
  });
});
