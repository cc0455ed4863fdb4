// IPython.html's widgets in today's stack (IPython 9, no ipywidgets): the old import fails there; the widget lines
// that only decorate the notebook are commented out and the rest of the cell runs as before.
import { expect } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("IPython.html widgets in today's stack", (run) => {
  itToday('environment.widget-imports: interact(f, n=[1, 64]); is commented out with its import', async () => {
    const before =
      'from IPython.html.widgets import interact\n\ndef plot_digits(n_components):\n    print(n_components * 2)\n\n' +
      'interact(plot_digits, n_components=[1, 64]);\nplot_digits(21)\n';
    expect(run(before).out).toMatch(/No module named 'IPython\.html'/);
    const after = await fix(before, ['environment.widget-imports', 'ipython.html-widgets'], {
      ...TODAY,
      errors: [cellError(0, 'ModuleNotFoundError', "No module named 'IPython.html'")],
    });
    expect(run(after)).toEqual({ ok: true, out: '42' });
  });
});
