// python2.iterator-array-arguments — np.array(map(…)), np.mean(filter(…)), np.array(zip(…)), np.array(d.values()) →
// list(…)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     v = np.array(map(float, line.split()))
//     m = np.mean(map(len, docs))
//     pts = np.array(zip(xs, ys))
//     arr = np.asarray(counts.values())
//   →
//     v = np.array(list(map(float, line.split())))
//     m = np.mean(list(map(len, docs)))
//     pts = np.array(list(zip(xs, ys)))
//     arr = np.asarray(list(counts.values()))
// Fix safety: Same result: in Python 2 the argument was the list these calls returned; NumPy makes an iterator or a
// dict view a 0-d object array instead (np.array(map(…)).shape == (), np.mean(map(…)) fails), so list(…) gives
// NumPy the very list it got before.
// Left alone: notebooks that do not show they are Python 2 (no print statement, no python2 kernel) unless the cell
// failed on such an argument; np.fromiter (takes an iterator); a notebook's own map/filter/zip; calls already inside
// list(); views with arguments (d.keys(x) is not a dict's).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { callArguments, methodName, positionalArguments } from '../../syntax';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3, ITERATOR_BUILTINS, notebookDefines, python2Notebook } from './_shared';

/** NumPy functions that do take an iterator (or a callable) as their first argument. */
const TAKES_ITERATOR = new Set([
  'fromiter',
  'frompyfunc',
  'vectorize',
  'fromfunction',
  'piecewise',
  'apply_along_axis',
]);

const VIEWS = new Set(['keys', 'values', 'items']);

export const iteratorArrayArguments = defineRule({
  id: 'python2.iterator-array-arguments',
  title: 'np.array(map(…)), np.mean(filter(…)), np.array(zip(…)), np.array(d.values()) → list(…)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2's map(), filter(), zip() and dict.keys()/values()/items() returned lists, which NumPy turned into arrays. Python 3's return an iterator or a view, and NumPy wraps that object whole in a 0-d object array: np.array(map(float, fields)) has shape (), np.mean(map(len, docs)) fails with `unsupported operand type(s) for /: 'map' and 'int'`, np.array(zip(xs, ys))[:, 1] fails with 'too many indices'. In a notebook that shows it is Python 2 (a print statement, a python2 kernel), or in a cell that failed this way, such a call given directly as an argument of a NumPy function gets list() (lib2to3's fix_map/fix_filter/fix_zip/fix_dict wrap the same calls). np.fromiter, which takes an iterator, is left alone.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /unsupported operand type\(s\) for [^:]+: '(map|filter|zip|dict_keys|dict_values|dict_items)'|'(map|filter|zip|dict_keys|dict_values|dict_items)' object (is not subscriptable|has no len)|float\(\) argument must be a string or a (real )?number, not '(map|filter|zip|dict_\w+)'/,
      },
      { ename: 'IndexError', evalue: /too many indices for array: array is 0-dimensional/ },
    ],
    pattern: true,
  },
  needles: [/\(\s*(map|filter|zip)\(|\.(keys|values|items)\(\s*\)\s*[,)]/],
  prepare(notebook) {
    return notebookDefines(notebook, ITERATOR_BUILTINS);
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    const lazy = (arg: Node): boolean => {
      if (arg.type !== 'call') return false;
      const fn = arg.childForFieldName('function');
      if (fn?.type === 'identifier') {
        const name = parsed.text(fn);
        return ITERATOR_BUILTINS.includes(name) && !defined.has(name);
      }
      return VIEWS.has(methodName(arg, parsed) ?? '') && callArguments(arg).length === 0;
    };
    const found: Node[] = [];
    for (const module of ['numpy', 'pylab', 'matplotlib.pylab']) {
      for (const { node, name } of ctx.calls({ module })) {
        if (TAKES_ITERATOR.has(name ?? '')) continue;
        // positional arguments only: keyword values (weights=…, dtype=…) are rarely an iterator
        for (const arg of positionalArguments(node)) if (lazy(arg)) found.push(arg);
      }
    }
    if (found.length === 0) return edits;
    if (ctx.errors.length === 0 && !python2Notebook(ctx)) return edits;
    for (const arg of found) edits.push(replaceNode(arg, `list(${parsed.text(arg)})`));
    return edits;
  },
});
