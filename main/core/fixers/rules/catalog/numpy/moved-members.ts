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
import { type CellContext, defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { replaceNode } from '../../source-edit';
import { callArguments } from '../../syntax';
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

/** Arguments issubdtype takes as they are: a string, a NumPy type (np.float32, np.integer) or a builtin type. */
const TYPE_LITERAL = /^(?:(?:np|numpy)\.[A-Za-z_]\w*|int|float|complex|bool|str|bytes|object)$/;

/**
 * issubsctype(a, b) was issubclass(obj2sctype(a), obj2sctype(b)); obj2sctype took an array's dtype.type and
 * np.dtype(x).type of anything else, which is what issubdtype does with a dtype or type but not with an array
 * ("Cannot construct a dtype from an array"). An argument that may hold an array becomes `x.dtype if x is an ndarray
 * else x` (an expression other than a name, as a lambda's argument: evaluated once).
 */
function issubsctypeArguments(parsed: ParsedSource, ctx: CellContext): SourceEdit[] {
  const edits: SourceEdit[] = [];
  let imports: SourceEdit[] = [];
  for (const { node: call } of ctx.calls({ module: 'numpy', names: ['issubsctype'] })) {
    if (inExceptClause(call, parsed)) continue;
    const args = callArguments(call);
    if (args.length !== 2 || args.some((a) => a.type === 'keyword_argument' || a.type.endsWith('splat'))) continue;
    const np = ctx.requireImport('numpy', 'np');
    if (!np) continue;
    for (const arg of args) {
      const text = parsed.text(arg);
      if (arg.type === 'string' || TYPE_LITERAL.test(text)) continue;
      edits.push(
        replaceNode(
          arg,
          arg.type === 'identifier' || arg.type === 'attribute'
            ? `(${text}.dtype if isinstance(${text}, ${np.name}.ndarray) else ${text})`
            : `(lambda t: t.dtype if isinstance(t, ${np.name}.ndarray) else t)(${text})`,
        ),
      );
      imports = np.edits;
    }
  }
  return [...edits, ...imports];
}

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
    `np.lib, format_parser in np.rec, compare_chararrays in np.char; issubsctype is np.issubdtype (an argument that may hold an array passes its dtype, as issubsctype's obj2sctype did) and trapz ` +
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
    const edits = moduleMoveEdits(parsed, ctx, MOVE).filter((edit) => !inExceptAt(parsed, edit.start));
    if (edits.length === 0) return edits;
    return [...edits, ...issubsctypeArguments(parsed, ctx)];
  },
});
