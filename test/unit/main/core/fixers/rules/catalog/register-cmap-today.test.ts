// matplotlib.register-cmap in today's stack: the old import fails there, the rewritten registration runs and the
// registered colormap gives the colours matplotlib 3.6's register_cmap gave (checked with bookworm's matplotlib).
import { expect, it } from 'vitest';
import { expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("cm.register_cmap in today's stack", (run) => {
  it('matplotlib.register-cmap: the colormap is registered under its name and its own', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import matplotlib.pyplot as plt
      from matplotlib.cm import register_cmap
      from matplotlib.colors import LinearSegmentedColormap
      cmap = LinearSegmentedColormap.from_list('wb', ['white', 'blue'])
      register_cmap(name='wb', cmap=cmap)
      register_cmap(cmap=cmap.reversed())
      print([round(float(c), 4) for c in plt.get_cmap('wb')(0.5)], plt.get_cmap('wb_r').name)
    `;
    const after = await expectRepairedToday(run, before, ['matplotlib.register-cmap'], {
      fails: /cannot import name 'register_cmap'/,
      out: '[0.498, 0.498, 1.0, 1.0] wb_r',
    });
    expect(after).not.toMatch(/register_cmap/);
  });
});
