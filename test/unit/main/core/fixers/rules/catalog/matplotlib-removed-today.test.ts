// matplotlib 2.2's removals (the axes.color_cycle rcParam, errorbar's fmt=None) and 3.9's (Line2D data of single
// values) in today's stack: the old snippet
// fails there, the rewritten one runs and draws what the old code drew.
import { expect } from 'vitest';
import { expectRepairedToday, fixAfterError, expectRepairedAfterError } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("removed matplotlib rcParams and keywords in today's stack", (run) => {
  itToday('matplotlib.set-color-cycle: the axes.color_cycle rcParam colours the lines', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import matplotlib.pyplot as plt
      plt.rcParams['axes.color_cycle'] = ['#348ABD', '#A60628']
      plt.rc('axes', color_cycle=['#348ABD', '#A60628'])
      fig, ax = plt.subplots()
      lines = [ax.plot([0, 1], [i, i])[0] for i in range(3)]
      print([l.get_color() for l in lines], plt.rcParams['axes.color_cycle'])
    `;
    await expectRepairedToday(run, before, ['matplotlib.set-color-cycle'], {
      fails: /axes\.color_cycle is not a valid rc parameter/,
      out: "['#348ABD', '#A60628', '#348ABD'] ['#348ABD', '#A60628']",
    });
  });

  itToday('matplotlib.errorbar-fmt-none: fmt=None draws the error bars without a data line', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import matplotlib.pyplot as plt
      c = plt.errorbar([1, 2], [1, 2], yerr=[0.1, 0.2], fmt=None, ecolor="k")
      print(c.lines[0], len(c.lines[2]))
    `;
    await expectRepairedToday(run, before, ['matplotlib.errorbar-fmt-none'], {
      fails: /third arg must be a format string/,
      out: 'None 1',
    });
  });

  itToday('matplotlib.line-set-data-scalars: a marker moved to one point, x then y', async () => {
    const line = '    point.set_data(xs[i], ys[i])';
    const before =
      "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nimport numpy as np\n" +
      'xs, ys = np.arange(5.0), np.arange(5.0) ** 2\npoint, = plt.plot([], [], "o")\n' +
      `def animate(i):\n${line}\n    return point,\n` +
      'animate(3)\nprint(point.get_xydata().tolist())\n';
    expect(run(before).out).toMatch(/RuntimeError: x must be a sequence/);
    const once = await fixAfterError(
      before,
      ['matplotlib.line-set-data-scalars'],
      ['RuntimeError', 'x must be a sequence', line],
    );
    await expectRepairedAfterError(
      run,
      once,
      ['matplotlib.line-set-data-scalars'],
      ['RuntimeError', 'y must be a sequence', '    point.set_data([xs[i]], ys[i])'],
      { fails: /RuntimeError: y must be a sequence/, out: '[[3.0, 9.0]]' },
    );
  });
});
