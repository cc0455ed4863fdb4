// A numeric string line width of a 2016–2019 plotting helper (ISLR in Python's plot_svc) in today's stack: the old
// snippet fails when the figure is drawn, the rewritten one draws it with the width matplotlib 2.0 used.
import { expect, it } from 'vitest';
import { fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("numeric string line widths in today's stack", (run) => {
  it("matplotlib.numeric-string-linewidths: support vectors marked with linewidths='1' are drawn 1 point wide", async () => {
    const before =
      "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nfig = plt.figure()\nsc = plt.scatter([0.0, 1.0], [1.0, 0.0], c='k', marker='|', s=100, linewidths='1')\nplt.hlines(0, -1, 1, lw='2')\nfig.savefig('/tmp/nbrevive-linewidths.png')\nprint(sc.get_linewidths())\n";
    expect(run(before).out).toMatch(
      /Unable to cast Python instance of type <class 'tuple'>|must be real number, not str/,
    );
    const after = await fix(before, ['matplotlib.numeric-string-linewidths'], TODAY);
    expect(after).toContain('linewidths=1)');
    expect(after).toContain('lw=2)');
    expect(run(after)).toEqual({ ok: true, out: '[1]' });
  });
});
