// ipython.html-widgets — from IPython.html.widgets import interact → from ipywidgets import interact (where
// ipywidgets is installed)
//
// Why it broke: IPython 4.0 (2015-08-12) split the notebook and its widgets out of IPython ("The Big Split"):
// IPython.html.widgets became the ipywidgets package, and the IPython.html shim that pointed to it is gone from later
// IPython releases, so `from IPython.html.widgets import interact` fails with "No module named 'IPython.html'".
// Changelog: https://ipython.readthedocs.io/en/stable/whatsnew/version4.html
// Example:
//     from IPython.html.widgets import interact
//     from IPython.html import widgets
//   →
//     from ipywidgets import interact
//     import ipywidgets as widgets
// Fix safety: Same result: ipywidgets is the package IPython.html.widgets became (interact, interactive, fixed and
// the widget classes, same names); only imports and dotted uses of the module change.
// Left alone: where ipywidgets is not installed (environment.widget-imports then comments out the widget lines that
// only decorate the notebook), and other IPython.html modules (the notebook server's, not widgets).
import { defineRule, packageVersion } from '../../rule';
import { moduleMoveEdits, type ModuleMove } from '../module-moves';

const WIDGETS_MOVE: ModuleMove = { from: 'IPython.html.widgets', to: 'ipywidgets' };

export const htmlWidgets = defineRule({
  id: 'ipython.html-widgets',
  title: 'from IPython.html.widgets import interact → from ipywidgets import interact (where ipywidgets is installed)',
  kind: 'error-repair',
  library: 'IPython',
  since: { package: 'ipython', version: '4.0', date: '2015-08-12' },
  explanation:
    'IPython 4.0 moved the interactive widgets out of IPython into the ipywidgets package (IPython.html.widgets ' +
    '→ ipywidgets, kept for a while as a deprecated shim that later IPython releases removed). Where ' +
    'ipywidgets is installed, the widget imports and dotted uses point at it: same functions and widget ' +
    'classes. Where it is not, environment.widget-imports comments out the lines that only decorate the notebook.',
  trigger: {
    errors: [{ ename: 'ModuleNotFoundError', evalue: /No module named 'IPython\.html(\.widgets)?'/ }],
    pattern: true,
  },
  needles: ['IPython.html', 'html.widgets'],
  apply(parsed, ctx) {
    if (!packageVersion(ctx.env, 'ipywidgets')) return [];
    return moduleMoveEdits(parsed, ctx, WIDGETS_MOVE);
  },
});
