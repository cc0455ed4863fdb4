// NumPy 1.24 (ragged arrays) and 2.4 (float() of an array with ndim > 0): a one-element array placed as a text or
// arrow coordinate fails in today's stack; np.asarray(v).item() draws the figure as before. matplotlib 3.8's
// pcolor() keeps get_array() 2-D: .ravel() gives the per-cell values again.
import { expect, it } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("plot coordinates of one-element arrays in today's stack", (run) => {
  it('a decision boundary array in plt.text and plt.arrow (Hands-On ML ch. 4) draws again', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import numpy as np
      import matplotlib.pyplot as plt
      decision_boundary = np.linspace(0, 3, 1000).reshape(-1, 1)[539]
      plt.text(decision_boundary+0.02, 0.15, "Decision  boundary", fontsize=14)
      plt.arrow(decision_boundary, 0.08, -0.3, 0, head_width=0.05, head_length=0.1, fc='b', ec='b')
      plt.savefig('/dev/null', format='png')
      print('drawn')
    `;
    expect(run(before).out).toMatch(/inhomogeneous shape/);
    const errors = [
      cellError(
        0,
        'ValueError',
        'setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions.',
        null,
      ),
    ];
    const after = await fix(before, ['numpy.plot-coordinate-arrays'], { ...TODAY, errors });
    expect(after).toContain('plt.arrow(np.asarray(decision_boundary).item(), 0.08');
    expect(run(after)).toEqual({ ok: true, out: 'drawn' });
  });

  it('mglearn.tools.heatmap labels each pcolor cell again (matplotlib 3.8 PolyQuadMesh)', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import numpy as np
      import matplotlib.pyplot as plt
      ax = plt.gca()
      img = ax.pcolor(np.arange(6).reshape(2, 3) / 10)
      labels = []
      for p, value in zip(img.get_paths(), img.get_array()):
          labels.append('%0.2f' % value)
      print(' '.join(labels))
    `;
    expect(run(before).out).toMatch(/length-1 arrays/);
    const errors = [cellError(0, 'TypeError', 'Only length-1 arrays can be converted to Python scalars')];
    const after = await fix(before, ['matplotlib.pcolor-get-array'], { ...TODAY, errors });
    // matplotlib 3.6 printed: 0.00 0.10 0.20 0.30 0.40 0.50
    expect(run(after)).toEqual({ ok: true, out: '0.00 0.10 0.20 0.30 0.40 0.50' });
  });
});
