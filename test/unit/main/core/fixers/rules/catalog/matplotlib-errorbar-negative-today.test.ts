// matplotlib.errorbar-negative-errors in today's stack: a negative symmetric yerr fails there ("must not contain
// negative values", matplotlib 3.6), and the rewrite draws the bars, caps and limits matplotlib 3.3 drew for it.
import { expect } from 'vitest';
import { fixAfterError } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("negative error bars in today's stack", (run) => {
  itToday('matplotlib.errorbar-negative-errors: the segments and caps of the old drawing', async () => {
    const before = py`
        import matplotlib
        matplotlib.use('Agg')
        import numpy as np
        import matplotlib.pyplot as plt
        x = np.arange(4.0)
        y = np.array([1.0, 2.0, 1.5, 3.0])
        e = np.array([0.3, -0.5, 0.2, -0.1])
        c = plt.errorbar(x, y, yerr=e, fmt='o', capsize=3)
        print(sorted(sorted(map(tuple, np.round(s, 6).tolist())) for s in c.lines[2][0].get_segments()))
        print(sorted(v for l in c.lines[1] for v in np.round(l.get_ydata(), 6).tolist()), [round(float(v), 6) for v in plt.gca().get_ylim()])
      `;
    expect(run(before).out).toMatch(/'yerr' must not contain negative values/);
    const after = await fixAfterError(
      before,
      ['matplotlib.errorbar-negative-errors'],
      ['ValueError', "'yerr' must not contain negative values", "c = plt.errorbar(x, y, yerr=e, fmt='o', capsize=3)"],
    );
    expect(after).toContain('yerr=np.abs(e) if np.ndim(e) < 2 else e');
    // what matplotlib 3.3.4 printed for the negative errors (the same as for their absolute values)
    expect(run(after)).toEqual({
      ok: true,
      out: [
        '[[(0.0, 0.7), (0.0, 1.3)], [(1.0, 1.5), (1.0, 2.5)], [(2.0, 1.3), (2.0, 1.7)], [(3.0, 2.9), (3.0, 3.1)]]',
        '[0.7, 1.3, 1.3, 1.5, 1.7, 2.5, 2.9, 3.1] [0.58, 3.22]',
      ].join('\n'),
    });
  });
});
