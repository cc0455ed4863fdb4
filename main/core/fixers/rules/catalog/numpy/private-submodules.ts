// numpy.private-submodules — numpy.linalg.linalg → numpy.linalg, numpy.fft.helper → numpy.fft
//
// Why it broke: NumPy 2.0 (2024-06-16) made the implementation modules of numpy.linalg and numpy.fft private
// (numpy.linalg.linalg → numpy.linalg._linalg, numpy.fft.helper → numpy.fft._helper, "numpy.linalg.linalg and
// numpy.fft.helper are now private", kept as deprecated shims), and later releases removed the shims: the old
// import fails with ModuleNotFoundError: No module named 'numpy.linalg.linalg'.
// Changelog: https://numpy.org/doc/stable/release/2.0.0-notes.html#deprecations
// Example:
//     from numpy.linalg.linalg import LinAlgError, norm
//     import numpy.fft.helper as fh
//     f = fh.fftfreq(8)
//   →
//     from numpy.linalg import LinAlgError, norm
//     import numpy.fft as fh
//     f = fh.fftfreq(8)
// Fix safety: Same result: every public name of the old modules (numpy.linalg.linalg's __all__: norm, inv, solve,
// LinAlgError …; numpy.fft.helper's: fftshift, ifftshift, fftfreq, rfftfreq) is the same object in numpy.linalg and
// numpy.fft. A private helper imported from the old module is not there: that import still fails, as it did.
// Left alone: numpy.core (still importable, a deprecated alias of numpy._core), numpy.core.umath_tests (removed
// with no public equivalent of inner1d).
import { defineRule } from '../../rule';
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { inExceptClause, NUMPY2 } from './_shared';

const MOVES: ModuleMove[] = [
  { from: 'numpy.linalg.linalg', to: 'numpy.linalg' },
  { from: 'numpy.fft.helper', to: 'numpy.fft' },
];

export const privateSubmodules = defineRule({
  id: 'numpy.private-submodules',
  title: 'numpy.linalg.linalg → numpy.linalg, numpy.fft.helper → numpy.fft',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation:
    'NumPy 2.0 made numpy.linalg.linalg and numpy.fft.helper private (numpy.linalg._linalg, ' +
    'numpy.fft._helper; the old names were deprecated shims, since removed). Their public names (norm, ' +
    'inv, solve, LinAlgError …; fftshift, ifftshift, fftfreq, rfftfreq) are the same objects in numpy.linalg ' +
    "and numpy.fft, where the imports and dotted uses now point; imports keep the notebook's names.",
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'numpy\.(linalg\.linalg|fft\.helper)'/ },
      { ename: 'AttributeError', evalue: /module 'numpy\.(linalg|fft)' has no attribute '(linalg|helper)'/ },
    ],
    pattern: true,
  },
  needles: ['linalg.linalg', 'fft.helper'],
  apply(parsed, ctx) {
    return MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move)).filter((edit) => {
      const node = parsed.root.descendantForIndex(edit.start);
      return !node || !inExceptClause(node, parsed);
    });
  },
});
