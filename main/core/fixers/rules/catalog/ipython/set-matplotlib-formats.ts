// ipython.set-matplotlib-formats — from IPython.display import set_matplotlib_formats → from
// matplotlib_inline.backend_inline import set_matplotlib_formats
//
// Why it broke: IPython 9.0, deprecated since 7.23: from this release on the old code fails or computes something
// else (the explanation below cites the release notes).
// Changelog: https://ipython.readthedocs.io/en/stable/whatsnew/version9.html
// Example:
//     from IPython.display import set_matplotlib_formats, display
//   →
//     from matplotlib_inline.backend_inline import set_matplotlib_formats
//     from IPython.display import display
// Fix safety: Same result: the rewrite computes what the code computed before IPython 9.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: an error whose last frame is the cell (nothing of ours to move): left alone.
import { insertAtCellTop } from '../helpers';
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';

const MATPLOTLIB_FORMATS_MOVES: ModuleMove[] = ['IPython.display', 'IPython.core.display'].map((from) => ({
  from,
  names: { set_matplotlib_formats: { module: 'matplotlib_inline.backend_inline' } },
}));

const FORMATS_SHIM =
  'import IPython.display, matplotlib_inline.backend_inline; IPython.display.set_matplotlib_formats ' +
  '= matplotlib_inline.backend_inline.set_matplotlib_formats  # IPython moved it to matplotlib_inline';

/** Did the error happen inside a .py file the cell imports (its last frame is a file, not the cell)? */
function raisedInHelperModule(error: { traceback: string[] }): boolean {
  const frames = error.traceback
    .map((f) => f.replace(/\u001b\[[0-9;]*m/g, ''))
    .filter((f) => /File\s+\S+\.py|\.py:\d+/.test(f) || /Cell In\[|ipython-input/.test(f));
  const last = frames.at(-1) ?? '';
  return /\.py\b/.test(last) && !/Cell In\[|ipython-input/.test(last);
}

export const setMatplotlibFormats = defineRule({
  id: 'ipython.set-matplotlib-formats',
  title:
    'from IPython.display import set_matplotlib_formats → from ' +
    'matplotlib_inline.backend_inline import set_matplotlib_formats',
  kind: 'error-repair',
  library: 'IPython',
  since: { package: 'ipython', version: '9.0' },
  deprecatedIn: '7.23',
  explanation:
    'IPython 7.23 deprecated IPython.display.set_matplotlib_formats ("use ' +
    'matplotlib_inline.backend_inline.set_matplotlib_formats() instead"; it only forwarded ' +
    "to that function) and IPython 9 removed it (\"cannot import name 'set_matplotlib_formats' " +
    "from 'IPython.display'\"). The notebook's import is moved to matplotlib_inline; when " +
    'the import is in a helper module the notebook imports (a preamble.py), the helper is ' +
    'left untouched and the cell first puts the function back where the helper looks for it.',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name 'set_matplotlib_formats' from 'IPython\.(core\.)?display'/ },
    ],
  },
  apply(parsed, ctx) {
    // the shim assigns the old attribute on purpose: a cell that has it is done
    if (parsed.source.includes('IPython.display.set_matplotlib_formats =')) return [];
    const edits = MATPLOTLIB_FORMATS_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    if (edits.length > 0) return edits;
    return ctx.errors.some(raisedInHelperModule) ? [insertAtCellTop(parsed, FORMATS_SHIM)] : [];
  },
});
