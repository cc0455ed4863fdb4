// scipy.stats-mode-keepdims — stats.mode(a)[0][0] → stats.mode(a, keepdims=True)[0][0]
//
// Why it broke: SciPy 1.11.0 (2023-06-25) changed the default of scipy.stats.mode's keepdims from True to False
// (announced in 1.9): the mode of a 1-D array is now a scalar instead of a one-element array, so the ubiquitous
// mode(labels)[0][0] fails with "IndexError: invalid index to scalar variable".
// Changelog: https://docs.scipy.org/doc/scipy/release/1.11.0-notes.html#backwards-incompatible-changes
// Changelog: https://docs.scipy.org/doc/scipy/release/1.9.0-notes.html#deprecated-features
// Example:
//     from scipy import stats
//     prediction = stats.mode(neighbors_labels)[0][0]
//   →
//     from scipy import stats
//     prediction = stats.mode(neighbors_labels, keepdims=True)[0][0]
// Fix safety: Same result: keepdims=True is the old default, so mode and count have the shapes they had before SciPy
// 1.11 and every index into them reads the same values; only on the mode calls of the failing cell that do not set
// keepdims.
// Without an error the same edit applies to every mode call of a notebook written before SciPy 1.11 (or of unknown
// date): no error points there, but what it prints changed (mode(x)[0] printed [2], today 2; an array of modes lost
// its first axis), and keepdims=True prints and computes what the notebook's SciPy did.
// Left alone: calls that set keepdims (or pass **kwargs), a mode that is not scipy.stats' (statistics.mode, the
// notebook's own), and notebooks written since SciPy 1.11 that did not fail.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { appendArguments, hasSplat, keywordArgument } from '../../syntax';
import { isBeforeDate } from '../../version';

const CHANGED = '2023-06-25';

export const statsModeKeepdims = defineRule({
  id: 'scipy.stats-mode-keepdims',
  title: 'stats.mode(a)[0][0] → stats.mode(a, keepdims=True)[0][0]',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.11', date: CHANGED },
  deprecatedIn: '1.9',
  explanation:
    'SciPy 1.11 changed scipy.stats.mode\'s keepdims default from True to False (1.9 warned: "the default ' +
    'behavior of `mode` will change … keepdims will become False"): the mode of a 1-D array is now a ' +
    'scalar, not a one-element array, so mode(x)[0][0] raises "invalid index to scalar variable" and ' +
    'len(mode(x)[0]) fails. In the failing cell, and in every cell of a notebook written before SciPy ' +
    '1.11 (whose printed modes changed shape silently), the scipy.stats.mode calls that do not set ' +
    'keepdims get keepdims=True, the old default, so the result has the shapes the code was written for.',
  trigger: {
    errors: [
      { ename: 'IndexError', evalue: /invalid index to scalar variable/ },
      {
        ename: 'TypeError',
        evalue: /'numpy\.\w+' object is not subscriptable|object of type 'numpy\.\w+' has no len\(\)/,
      },
    ],
    pattern: true,
  },
  needles: ['mode('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    // a notebook of SciPy 1.11's time or later was written for keepdims=False
    if (ctx.errors.length === 0 && ctx.created !== null && !isBeforeDate(ctx.created, CHANGED)) return edits;
    for (const { node } of ctx.calls({ module: 'scipy.stats', names: ['mode'] })) {
      if (hasSplat(node) || keywordArgument(node, 'keepdims', parsed)) continue;
      const edit = appendArguments(node, ['keepdims=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
