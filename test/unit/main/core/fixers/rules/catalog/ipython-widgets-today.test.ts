// IPython.html's widgets in today's stack (IPython 9, no ipywidgets): the old import fails there; the widget lines
// that only decorate the notebook are commented out and the rest of the cell runs as before.
import { expect } from 'vitest';
import { cellError, cellSource, expectRepairedToday, fixCells, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("IPython.html widgets in today's stack", (run) => {
  itToday('environment.widget-imports: interact(f, n=[1, 64]); is commented out with its import', async () => {
    const before =
      'from IPython.html.widgets import interact\n\ndef plot_digits(n_components):\n    print(n_components * 2)\n\n' +
      'interact(plot_digits, n_components=[1, 64]);\nplot_digits(21)\n';
    await expectRepairedToday(
      run,
      before,
      ['environment.widget-imports', 'ipython.html-widgets'],
      { fails: /No module named 'IPython\.html'/, out: '42' },
      { errors: [cellError(0, 'ModuleNotFoundError', "No module named 'IPython.html'")] },
    );
  });

  itToday(
    'environment.widget-imports: interact(f, elev=(-90, 90)) calls f once with the first values it rendered',
    async () => {
      const before = [
        'from ipywidgets import interact\n',
        'def plot_3D(elev=30, azim=30):\n    print(elev, azim)\n\ninteract(plot_3D, elev=(-90, 90), azip=(-180, 180));\n' +
          '@interact(n=(0, 10), scale=(0.0, 1.0))\ndef grid(n, scale):\n    print(n * scale)\n',
      ];
      expect(run(before.join('')).out).toMatch(/No module named 'ipywidgets'/);
      const after = await fixCells(before, ['environment.widget-imports'], {
        ...TODAY,
        errors: [cellError(0, 'ModuleNotFoundError', "No module named 'ipywidgets'")],
      });
      // ipywidgets 8.1's interactive() called plot_3D(30, 30) (its default, within the slider) and grid(5, 0.5)
      expect(run(cellSource(after, 0) + cellSource(after, 1))).toEqual({ ok: true, out: '30 30\n2.5' });
    },
  );
});
