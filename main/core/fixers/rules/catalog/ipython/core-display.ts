// ipython.core-display — from IPython.core.display import display, clear_output … → from IPython.display import …
//
// Why it broke: IPython 9.0 (2025-02-28): display(), clear_output() and the rich-display classes of
// IPython.lib.display (IFrame, YouTubeVideo, FileLink, Audio) are no longer importable from IPython.core.display;
// IPython.display, the documented public module, still exports every name of it.
// Changelog: https://ipython.readthedocs.io/en/stable/whatsnew/version9.html
// Example:
//     from IPython.core.display import display, HTML
//   →
//     from IPython.display import display, HTML
// Fix safety: Same result: IPython.display re-exports the same functions and classes (it imports them from
// IPython.core.display, IPython.core.display_functions and IPython.lib.display).
// Left alone: imports that still work (a cell without the error), IPython.core.display's private names.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';

const CORE_DISPLAY: ModuleMove = { from: 'IPython.core.display', to: 'IPython.display' };

export const coreDisplay = defineRule({
  id: 'ipython.core-display',
  title: 'from IPython.core.display import display, clear_output … → from IPython.display import …',
  kind: 'error-repair',
  library: 'IPython',
  since: { package: 'ipython', version: '9.0' },
  explanation:
    'IPython 9 no longer re-exports display(), clear_output() and the IPython.lib.display classes ' +
    "from IPython.core.display (\"cannot import name 'display' from 'IPython.core.display'\"); " +
    'IPython.display, the public module, exports every one of them, so the import moves there.',
  trigger: {
    errors: [
      {
        ename: 'ImportError',
        evalue: /cannot import name '(?!set_matplotlib_formats')\w+' from 'IPython\.core\.display'/,
      },
      { ename: 'AttributeError', evalue: /module 'IPython\.core\.display' has no attribute/ },
    ],
  },
  needles: ['IPython.core.display'],
  apply(parsed, ctx) {
    return moduleMoveEdits(parsed, ctx, CORE_DISPLAY);
  },
});
