// Subplot positions that are not integers (a Kaggle EDA kernel's plt.subplot('23' + str(i + 1)), Python 3's n / 2
// rows) in today's stack: the old snippet raises ValueError, the rewritten one builds the grid matplotlib 2 built.
import { expect, it } from 'vitest';
import { expectRepairedAfterError } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("non-integer subplot positions in today's stack", (run) => {
  it("matplotlib.subplot-integer-spec: subplot('231') and subplot(n / 2, 2, k) become the same 2 x 3 and 3 x 2 grids", async () => {
    const setup = "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n";
    const single = `${setup}for i in range(6):\n    ii = '23' + str(i + 1)\n    ax = plt.subplot(ii)\nprint(ax.get_subplotspec().get_geometry())\n`;
    const singleFixed = await expectRepairedAfterError(
      run,
      single,
      ['matplotlib.subplot-integer-spec'],
      ['ValueError', "Single argument to subplot must be a three-digit integer, not '231'", '    ax = plt.subplot(ii)'],
      { fails: /Single argument to subplot must be a three-digit integer, not '231'/, out: '(2, 3, 5, 5)' },
    );
    expect(singleFixed).toContain('plt.subplot(int(ii))');

    const rows = `${setup}n = 6\nfor k in range(n):\n    ax = plt.subplot(n / 2, 2, k + 1)\nprint(ax.get_subplotspec().get_geometry())\n`;
    const rowsFixed = await expectRepairedAfterError(
      run,
      rows,
      ['matplotlib.subplot-integer-spec'],
      ['ValueError', 'Number of rows must be a positive integer, not 3.0', '    ax = plt.subplot(n / 2, 2, k + 1)'],
      { fails: /Number of rows must be a positive integer, not 3.0/, out: '(3, 2, 5, 5)' },
    );
    expect(rowsFixed).toContain('plt.subplot(int(n / 2), 2, k + 1)');
  });
});
