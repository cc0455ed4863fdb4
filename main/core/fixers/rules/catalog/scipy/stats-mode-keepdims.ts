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
// Left alone: calls that set keepdims (or pass **kwargs), a mode that is not scipy.stats' (statistics.mode, the
// notebook's own), and cells without the error.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { appendArguments, hasSplat, keywordArgument } from '../../syntax';

export const statsModeKeepdims = defineRule({
  id: 'scipy.stats-mode-keepdims',
  title: 'stats.mode(a)[0][0] → stats.mode(a, keepdims=True)[0][0]',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.11', date: '2023-06-25' },
  deprecatedIn: '1.9',
  explanation:
    'SciPy 1.11 changed scipy.stats.mode\'s keepdims default from True to False (1.9 warned: "the default behavior of `mode` will change … keepdims will become False"): the mode of a 1-D array is now a scalar, not a one-element array, so mode(x)[0][0] raises "invalid index to scalar variable" and len(mode(x)[0]) fails. In the failing cell, the scipy.stats.mode calls that do not set keepdims get keepdims=True, the old default, so the result has the shapes the code was written for.',
  trigger: {
    errors: [
      { ename: 'IndexError', evalue: /invalid index to scalar variable/ },
      {
        ename: 'TypeError',
        evalue: /'numpy\.\w+' object is not subscriptable|object of type 'numpy\.\w+' has no len\(\)/,
      },
    ],
  },
  needles: ['mode('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node } of ctx.calls({ module: 'scipy.stats', names: ['mode'] })) {
      if (hasSplat(node) || keywordArgument(node, 'keepdims', parsed)) continue;
      const edit = appendArguments(node, ['keepdims=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
