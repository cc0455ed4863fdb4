// IPython.html's widgets in today's stack (IPython 9, no ipywidgets): the old import fails there; the widget lines
// that only decorate the notebook are commented out and the rest of the cell runs as before.
import { expect, it } from 'vitest';
import { cellError, fix, snippetRunner as runner, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeToday } from '../../../../../../helpers/python';

describeToday("IPython.html widgets in today's stack", (python) => {
  const run = runner(python);

  it(
    'environment.widget-imports: interact(f, n=[1, 64]); is commented out with its import',
    { timeout: 300_000 },
    async () => {
      const before =
        'from IPython.html.widgets import interact\n\ndef plot_digits(n_components):\n    print(n_components * 2)\n\n' +
        'interact(plot_digits, n_components=[1, 64]);\nplot_digits(21)\n';
      expect(run(before).out).toMatch(/No module named 'IPython\.html'/);
      const after = await fix(before, ['environment.widget-imports', 'ipython.html-widgets'], {
        ...TODAY,
        errors: [cellError(0, 'ModuleNotFoundError', "No module named 'IPython.html'")],
      });
      expect(run(after)).toEqual({ ok: true, out: '42' });
    },
  );
});
