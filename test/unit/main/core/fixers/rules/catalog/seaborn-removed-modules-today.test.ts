// A 2018 course lab's `import seaborn.apionly as sns` in today's stack: the old import fails, the rewritten one
// imports seaborn without touching matplotlib's style, as apionly did.
import { expect, it } from 'vitest';
import { fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("seaborn's removed modules in today's stack", (run) => {
  it('seaborn.removed-modules: seaborn.apionly → seaborn, and matplotlib keeps its default style', async () => {
    const before =
      "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nimport seaborn.apionly as sns\nprint(sns.regplot.__module__, plt.rcParams['axes.facecolor'])\n";
    expect(run(before).out).toMatch(/No module named 'seaborn\.apionly'/);
    const after = await fix(before, ['seaborn.removed-modules'], { ...TODAY, packages: { seaborn: '0.13.2' } });
    expect(after).toContain('import seaborn as sns\n');
    expect(run(after)).toEqual({ ok: true, out: 'seaborn.regression white' });
  });
});
