// numpy.moved-members — np.AxisError, np.ComplexWarning … → np.exceptions; np.byte_bounds, np.DataSource,
// np.format_parser … → their submodules; np.trapz → np.trapezoid
//
// Why it broke: NumPy 2.0 (2024-06-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://github.com/numpy/numpy/blob/v2.4.6/numpy/_expired_attrs_2_0.py#L6
// Example:
//     from numpy import ComplexWarning, trapz
//     warnings.simplefilter("ignore", np.VisibleDeprecationWarning)
//     try:
//         s = np.sum(a, axis=3)
//     except np.AxisError:
//         s = 0
//     lo, hi = np.byte_bounds(a)
//     area = np.trapz(y, x)
//   →
//     from numpy.exceptions import ComplexWarning
//     from numpy import trapezoid as trapz
//     warnings.simplefilter("ignore", np.exceptions.VisibleDeprecationWarning)
//     try:
//         s = np.sum(a, axis=3)
//     except np.exceptions.AxisError:
//         s = 0
//     …
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.0; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: the fallback of a compatibility try is left alone; not under NumPy 1.24.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { inExceptClause, NUMPY2, GUIDE } from './_shared';

/** Members that live on under another name or module (the guide's "It's still available as …", "Use np.x"). */
const MOVES: Record<string, { module?: string; name?: string }> = {
  issubsctype: { name: 'issubdtype' },
  trapz: { name: 'trapezoid' },
  byte_bounds: { module: 'numpy.lib.array_utils' },
  DataSource: { module: 'numpy.lib.npyio' },
  add_newdoc: { module: 'numpy.lib' },
  add_docstring: { module: 'numpy.lib' },
  tracemalloc_domain: { module: 'numpy.lib' },
  format_parser: { module: 'numpy.rec' },
  compare_chararrays: { module: 'numpy.char' },
  AxisError: { module: 'numpy.exceptions' },
  ComplexWarning: { module: 'numpy.exceptions' },
  VisibleDeprecationWarning: { module: 'numpy.exceptions' },
  RankWarning: { module: 'numpy.exceptions' },
  TooHardError: { module: 'numpy.exceptions' },
  ModuleDeprecationWarning: { module: 'numpy.exceptions' },
  DTypePromotionError: { module: 'numpy.exceptions' },
};

const MOVE: ModuleMove = { from: 'numpy', names: MOVES };

function inExceptAt(parsed: ParsedSource, offset: number): boolean {
  const node = parsed.root.descendantForIndex(offset);
  return node ? inExceptClause(node, parsed) : false;
}

export const movedMembers = defineRule({
  id: 'numpy.moved-members',
  title:
    'np.AxisError, np.ComplexWarning … → np.exceptions; np.byte_bounds, ' +
    'np.DataSource, np.format_parser … → their submodules; np.trapz → np.trapezoid',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation:
    `NumPy 2.0 removed these members from the main namespace; the ${GUIDE} ("Main namespace") names where ` +
    `each lives now: the warning and error classes (AxisError, ComplexWarning, VisibleDeprecationWarning, ` +
    `RankWarning, TooHardError, ModuleDeprecationWarning, DTypePromotionError) in np.exceptions, byte_bounds ` +
    `in np.lib.array_utils, DataSource in np.lib.npyio, add_newdoc/add_docstring/tracemalloc_domain in ` +
    `np.lib, format_parser in np.rec, compare_chararrays in np.char; issubsctype is np.issubdtype and trapz ` +
    `is np.trapezoid (deprecated in 2.0, removed in 2.4). Same objects; imports keep the notebook's names.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: new RegExp(
          `module 'numpy' has no attribute '(${Object.keys(MOVES).join('|')})'|\`np\\.(${Object.keys(MOVES).join('|')})\` was removed`,
        ),
      },
      {
        ename: 'ImportError',
        evalue: new RegExp(`cannot import name '(${Object.keys(MOVES).join('|')})' from 'numpy'`),
      },
    ],
    pattern: true,
  },
  needles: Object.keys(MOVES),
  apply(parsed, ctx) {
    return moduleMoveEdits(parsed, ctx, MOVE).filter((edit) => !inExceptAt(parsed, edit.start));
  },
});
