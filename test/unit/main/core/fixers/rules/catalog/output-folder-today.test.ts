// A 2017 book notebook saves its figures into plots/ch2, a folder its repository never shipped: matplotlib and
// pandas refuse the write today; with the folder created first, the same figure and table are written.
import { expect, it } from 'vitest';
import { fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("writes into a folder the repository did not ship, in today's stack", (run) => {
  it('environment.output-folder: os.makedirs(folder, exist_ok=True) before savefig / to_csv', async () => {
    // a scratch folder stands for the notebook's own (the snippet runs where the tests run)
    const scratch = 'import os, tempfile\nos.chdir(tempfile.mkdtemp())\n';
    const cell = [
      'import matplotlib',
      "matplotlib.use('Agg')",
      'import matplotlib.pyplot as plt',
      'import pandas as pd',
      'plt.plot([1, 2])',
      "plt.savefig('plots/ch2/fig.png', format='png')",
      "pd.DataFrame({'a': [1]}).to_csv('plots/ch2/t.csv')",
      "print(sorted(os.listdir('plots/ch2')))",
      '',
    ].join('\n');
    const failed = run(scratch + cell).out;
    expect(failed).toMatch(/No such file or directory: 'plots\/ch2\/fig\.png'/);
    const errors = [
      {
        cellIndex: 0,
        cellId: null,
        ename: 'FileNotFoundError',
        evalue: "[Errno 2] No such file or directory: 'plots/ch2/fig.png'",
        traceback: [],
        line: null,
        preExisting: false,
      },
    ];
    const after = await fix(scratch + cell, ['environment.output-folder'], { ...TODAY, errors });
    expect(after).toContain('os.makedirs("plots/ch2", exist_ok=True)\nplt.savefig(');
    expect(run(after)).toEqual({ ok: true, out: "['fig.png', 't.csv']" });
  });
});
