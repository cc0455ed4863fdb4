// Issue 18, third round of probes (matplotlib 2.0 → 3.10, seaborn 0.8 → 0.13, SciPy 0.19 → 1.17, statsmodels 0.8 →
// 0.14, written from their API-change notes): what the rules left failing, fixed and checked in today's stack: the
// old snippet fails there, the rewritten one prints what the old libraries printed (checked in bookworm's stack, or
// from the old documentation where the old call is gone there too).
import { expect, it } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY, expectRepairedAfterError } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

const PACKAGES = { ...TODAY.packages, seaborn: '0.13.2', statsmodels: '0.14.6' };

describeTodaySnippets("matplotlib / seaborn / SciPy / statsmodels probe cases run in today's stack", (run) => {
  it("statsmodels: pacf's method='ywunbiased' / 'ldunbiased' get 0.12's names and compute the same estimates", async () => {
    const before = py`
      import warnings
      warnings.simplefilter('ignore')
      import numpy as np
      import statsmodels.api as sm
      from statsmodels.tsa.stattools import pacf
      x = np.cumsum(np.random.RandomState(0).randn(60))
      print(np.round(pacf(x, nlags=2, method='ywunbiased'), 4), np.round(sm.tsa.pacf(x, nlags=2, method='ldunbiased'), 4))
    `;
    expect(run(before).out).toMatch(/method must be one of/);
    const after = await fix(before, ['statsmodels.pacf-method-names'], { ...TODAY, packages: PACKAGES });
    expect(after).toContain("method='ldadjusted'");
    expect(run(after)).toEqual({ ok: true, out: '[ 1.     0.888 -0.088] [ 1.     0.888 -0.088]' });
  });

  it('matplotlib: legendHandles, draggable(True), del ax.lines[0], annotate(s=…), positional Ellipse/Arc angles, stem(use_line_collection=True), symlog linthreshy', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import matplotlib.pyplot as plt
      from matplotlib.patches import Ellipse, Arc
      fig, ax = plt.subplots()
      ax.plot([1, 2], label='a')
      ax.plot([2, 3], label='b')
      leg = ax.legend()
      leg.draggable(True)
      for lh in leg.legendHandles:
          lh.set_alpha(1)
      del ax.lines[0]
      a = ax.annotate(s='peak', xy=(1, 1))
      e = Ellipse((0, 0), 2, 1, 30)
      arc = Arc((0, 0), 2, 2, 0, 0, 180)
      c = ax.stem([1, 2], [3, 4], use_line_collection=True)
      ax.set_yscale('symlog', linthreshy=0.5)
      print(len(ax.lines), a.get_text(), e.angle, arc.theta2, type(c).__name__, ax.yaxis.get_transform().linthresh)
    `;
    expect(run(before).out).toMatch(/'Legend' object has no attribute 'draggable'/);
    const after = await fix(
      before,
      [
        'matplotlib.legend-attributes',
        'matplotlib.artist-list-mutation',
        'matplotlib.annotate-text',
        'matplotlib.patch-angle-positional',
        'matplotlib.stem-use-line-collection',
        'matplotlib.log-scale-keywords',
      ],
      {
        ...TODAY,
        errors: [
          cellError(0, 'AttributeError', "'Legend' object has no attribute 'draggable'", 'leg.draggable(True)'),
          cellError(
            0,
            'AttributeError',
            "'Legend' object has no attribute 'legendHandles'",
            'for lh in leg.legendHandles:',
          ),
          cellError(0, 'TypeError', "'ArtistList' object doesn't support item deletion", 'del ax.lines[0]'),
        ],
      },
    );
    expect(after).toContain('e = Ellipse((0, 0), 2, 1, angle=30)');
    expect(run(after)).toEqual({ ok: true, out: '3 peak 30 180 StemContainer 0.5' });
  });

  it('matplotlib.colorbar-axes: a colorbar of a bare ScalarMappable takes its space from the current Axes, as before 3.8', async () => {
    const line = 'cb = plt.colorbar(sm)';
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import matplotlib.pyplot as plt
      fig, axes = plt.subplots(1, 2)
      plt.sca(axes[0])
      sm = plt.cm.ScalarMappable(cmap='viridis', norm=plt.Normalize(0, 1))
      sm.set_array([])
      ${line}
      print(len(fig.axes), [round(float(v), 3) for v in axes[0].get_position().bounds], round(float(axes[1].get_position().x0), 3))
    `;
    const after = await expectRepairedAfterError(
      run,
      before,
      ['matplotlib.colorbar-axes'],
      ['ValueError', 'Unable to determine Axes to steal space for Colorbar.', line],
      { fails: /Unable to determine Axes to steal space for Colorbar/, out: '3 [0.125, 0.11, 0.282, 0.77] 0.548' },
    );
    expect(after).toContain('plt.colorbar(sm, ax=plt.gca())');
  });

  it('matplotlib: a hist() of the notebook’s own keeps its normed keyword', async () => {
    const before = py`
      def hist(values, normed=False):
          total = float(sum(values))
          return [v / total for v in values] if normed else values
      print(hist([1, 3], normed=True))
    `;
    const after = await fix(before, ['matplotlib.hist-normed'], TODAY);
    expect(after).toBe(before);
    expect(run(after)).toEqual({ ok: true, out: '[0.25, 0.75]' });
  });

  it('SciPy: solve(sym_pos=True), eigh(eigvals=…), linalg.triu/kron, frechet_r, median_absolute_deviation, query(n_jobs=…), pdist positional p', async () => {
    const before = py`
      import numpy as np
      from scipy import linalg, stats
      from scipy.spatial import cKDTree
      from scipy.spatial.distance import pdist
      A = np.array([[4.0, 1.0], [1.0, 3.0]])
      print(np.round(linalg.solve(A, [1, 2], sym_pos=True), 4), linalg.eigh(np.diag([3.0, 1.0, 2.0]), eigvals_only=True, eigvals=(1, 2)))
      print(linalg.triu(np.ones((2, 2))).sum(), linalg.kron(np.eye(2), [[1, 2]]).shape, round(float(stats.frechet_r.pdf(1.0, 2)), 4))
      print(round(float(stats.median_absolute_deviation([1, 2, 3, 4, 10])), 4), cKDTree(np.eye(3)).query([[0.9, 0, 0]], k=1, n_jobs=-1)[1], np.round(pdist(np.eye(3), 'minkowski', 3), 4))
    `;
    expect(run(before).out).toMatch(/unexpected keyword argument 'sym_pos'/);
    const lines = before.split('\n');
    const at = (text: string) => lines.find((l) => l.includes(text)) as string;
    const after = await fix(before, ['scipy.renamed-functions', 'scipy.removed-keywords'], {
      ...TODAY,
      errors: [
        cellError(0, 'TypeError', "solve() got an unexpected keyword argument 'sym_pos'", at('sym_pos')),
        cellError(
          0,
          'AttributeError',
          "module 'scipy.stats' has no attribute 'median_absolute_deviation'",
          at('n_jobs'),
        ),
      ],
    });
    expect(after).toContain('stats.median_abs_deviation([1, 2, 3, 4, 10], scale=1.4826)');
    expect(run(after)).toEqual({
      ok: true,
      out: '[0.0909 0.6364] [2. 3.]\n3.0 (2, 4) 0.7358\n0.6745 [0] [1.2599 1.2599 1.2599]',
    });
  });

  it('seaborn: kdeplot(data=…, data2=…) draws the bivariate density of x against y', async () => {
    const before = py`
      import warnings
      warnings.simplefilter('ignore')
      import matplotlib
      matplotlib.use('Agg')
      import pandas as pd
      import seaborn as sns
      df = pd.DataFrame({'a': [1.0, 2, 3, 4, 5, 6, 2, 3], 'b': [2.0, 1, 4, 3, 6, 5, 3, 2]})
      ax = sns.kdeplot(data=df.a, data2=df.b)
      print(ax.get_xlabel(), ax.get_ylabel())
    `;
    expect(run(before).out).toMatch(/`data2` has been removed/);
    const after = await fix(before, ['seaborn.kdeplot-data2'], { ...TODAY, packages: PACKAGES });
    expect(run(after)).toEqual({ ok: true, out: 'a b' });
  });
});
