// numpy.star-import-builtins — from numpy import * → the same, then `from builtins import abs, bool, max, min, pow,
// round`: NumPy 2's star import shadows those builtins
//
// Why it broke: NumPy 2.0 (2024-06-16) added min, max, round, abs, pow and bool to numpy.__all__
// (np.min/np.max/np.round as the array-API names, np.bool as an alias of np.bool_), so `from numpy import *` now
// rebinds the builtins of the same name: `min(best, e)` of two numbers calls np.min(best, axis=e) and fails with
// TypeError ('float' object cannot be interpreted as an integer); before 2.0 the star import left them alone (it bound
// all, any, divmod and sum only).
// Changelog: https://numpy.org/doc/stable/release/2.0.0-notes.html
// Example:
//     from numpy import *
//     best = min(best, err)
//   →
//     from numpy import *
//     from builtins import abs, bool, max, min, pow, round  # nbrevive: NumPy >= 2's star import binds np.min … too
//     best = min(best, err)
// Fix safety: Same result: the names mean what they meant under the notebook's NumPy (the builtins); numpy's own
// functions stay reachable as np.min … The line matplotlib's pylab module itself adds after its star import of numpy.
// Left alone: `from pylab import *` and `%pylab` (pylab restores these builtins itself); a star import the builtins
// line already follows; a notebook that defines one of those names itself.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { definesName } from '../../syntax';
import { NUMPY2 } from './_shared';

/** Builtins NumPy 2.0's `from numpy import *` rebinds (numpy 1.x's star import did not export them). */
const SHADOWED = ['abs', 'bool', 'max', 'min', 'pow', 'round'];

const NOTE = "# nbrevive: NumPy >= 2's star import binds np.min, np.max, np.round … over the builtins";

export const starImportBuiltins = defineRule({
  id: 'numpy.star-import-builtins',
  title:
    'from numpy import * → the same, then `from builtins import abs, bool, max, min, pow, round`: NumPy 2 shadows them',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation:
    'NumPy 2.0 put min, max, round, abs, pow and bool into numpy.__all__, so `from numpy ' +
    'import *` now replaces the builtins of those names: min(a, b) of two numbers becomes ' +
    "np.min(a, axis=b) (a TypeError, or a wrong axis), max likewise. Under the notebook's " +
    'NumPy the star import left them alone. A line `from builtins import abs, bool, max, min, ' +
    "pow, round` right after the star import restores them — what matplotlib's pylab does " +
    "after its own star import of numpy — and np.min … stay reachable through numpy's name.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /cannot be interpreted as an integer|axis .* is out of bounds|'\w+' object cannot be interpreted/,
      },
    ],
    pattern: true,
  },
  needles: [/from\s+numpy\s+import\s+\*/],
  prepare(notebook) {
    // a name of those the notebook binds itself (its own min …) keeps the notebook's meaning: leave the import alone
    return notebook.codeCells.some((i) => SHADOWED.some((name) => definesName(notebook.parse(i), name)));
  },
  apply(parsed, ctx) {
    if (ctx.state === true) return [];
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      const module = statement.childForFieldName('module_name');
      if (!module || parsed.text(module).replace(/\s+/g, '') !== 'numpy') continue;
      if (!statement.namedChildren.some((c) => c.type === 'wildcard_import')) continue;
      const lineStart = parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1;
      const indent = parsed.source.slice(lineStart, statement.startIndex);
      if (/\S/.test(indent)) continue;
      const eol = parsed.source.indexOf('\n', statement.endIndex);
      const nextEnd = eol === -1 ? -1 : parsed.source.indexOf('\n', eol + 1);
      const next = eol === -1 ? '' : parsed.source.slice(eol + 1, nextEnd === -1 ? undefined : nextEnd);
      if (/^\s*from\s+builtins\s+import\b/.test(next)) continue;
      const line = `${indent}from builtins import ${SHADOWED.join(', ')}  ${NOTE}`;
      edits.push(eol === -1 ? insertAt(parsed.source.length, `\n${line}`) : insertAt(eol + 1, `${line}\n`));
    }
    return edits;
  },
});
