// A 2018 course lab's `import seaborn.apionly as sns` in today's stack: the old import fails, the rewritten one
// imports seaborn without touching matplotlib's style, as apionly did.
import { expect, it } from 'vitest';
import { expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("seaborn's removed modules in today's stack", (run) => {
  it('seaborn.removed-modules: seaborn.apionly → seaborn, and matplotlib keeps its default style', async () => {
    const before =
      "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nimport seaborn.apionly as sns\nprint(sns.regplot.__module__, plt.rcParams['axes.facecolor'])\n";
    const after = await expectRepairedToday(
      run,
      before,
      ['seaborn.removed-modules'],
      { fails: /No module named 'seaborn\.apionly'/, out: 'seaborn.regression white' },
      { packages: { seaborn: '0.13.2' } },
    );
    expect(after).toContain('import seaborn as sns\n');
  });
});
