// scipy.star-import-numpy — from scipy import * → the NumPy names it bound (numpy's namespace, rand/randn, fft/ifft and
// numpy.lib.scimath's sqrt, log …)
//
// Why it broke: SciPy 1.9 (2022-07-29) gave the scipy package an `__all__` of its submodules (lazy loading, SPEC 1), so
// `from scipy import *` binds cluster, fft, linalg, stats … and no longer the NumPy namespace that scipy/__init__.py
// re-exported (`from numpy import *`, `from numpy.random import rand, randn`, `from numpy.fft import fft, ifft`,
// `from numpy.lib.scimath import *`): linspace, exp, pi, array, dot, tan … raise NameError.
// Changelog: https://docs.scipy.org/doc/scipy/release/1.9.0-notes.html
// Example:
//     from scipy import *
//     x = linspace(0, 1, 5)
//   →
//     from numpy import *
//     from numpy.random import rand, randn
//     from numpy.fft import fft, ifft
//     from numpy.lib.scimath import arccos, arcsin, arctanh, log, log10, log2, power, sqrt
//     x = linspace(0, 1, 5)
// Fix safety: Same result: the four lines are the star imports scipy/__init__.py made before 1.9, in its order, so each
// name is the object it was (sqrt and log are numpy.lib.scimath's: sqrt(-1) is 1j, as scipy.sqrt gave); scipy's
// submodules were not in the old star import's names either.
// Left alone: not before SciPy 1.9; `from scipy import stats` and other imports of scipy's own names; a star import of
// a subpackage (`from scipy.linalg import *`, still scipy.linalg's names); a star import after the notebook binds a
// name NumPy 2's star import adds and scipy's never bound (`from scipy import linalg` first: it would become
// numpy.linalg, whose eig and qr differ).
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { definesName } from '../../syntax';
import { SCIPY_NUMPY_NAMES } from './numpy-aliases';

/** numpy.lib.scimath's functions, which scipy/__init__.py star-imported over numpy's of the same name. */
const SCIMATH = ['arccos', 'arcsin', 'arctanh', 'log', 'log10', 'log2', 'power', 'sqrt'];

/** The star imports of scipy/__init__.py before SciPy 1.9, in its order (the later ones rebind numpy's names). */
const OLD_STAR_IMPORTS = [
  'from numpy import *',
  'from numpy.random import rand, randn',
  'from numpy.fft import fft, ifft',
  `from numpy.lib.scimath import ${SCIMATH.join(', ')}`,
];

/**
 * Names NumPy 2's `from numpy import *` binds that scipy's old star import did not (scipy removed numpy's linalg from
 * its names; the others are newer): a binding of the notebook's own made before the star import would be replaced.
 */
const NEW_STAR_NAMES = [
  'linalg',
  'lib',
  'core',
  'polynomial',
  'testing',
  'test',
  'typing',
  'strings',
  'dtypes',
  'f2py',
];
const NEW_STAR_NAME = new RegExp(`\\b(${NEW_STAR_NAMES.join('|')})\\b`);

/** NameErrors of the NumPy names notebooks most often took from scipy's star import (pattern: true covers the rest). */
const NAME_ERROR = new RegExp(
  `name '(${[...SCIPY_NUMPY_NAMES, 'rand', 'randn', 'fft', 'ifft', 'newaxis', 'mgrid', 'ogrid', 'Inf', 'NaN'].join('|')})' is not defined`,
);

export const starImportNumpy = defineRule({
  id: 'scipy.star-import-numpy',
  title: 'from scipy import * → the NumPy names it bound (numpy, rand/randn, fft/ifft, scimath sqrt/log …)',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.9', date: '2022-07-29' },
  explanation:
    "Before SciPy 1.9, scipy/__init__.py star-imported NumPy (`from numpy import *`, then rand/randn from numpy.random, fft/ifft from numpy.fft and numpy.lib.scimath's sqrt, log … over numpy's), and its `__all__` listed those names, so `from scipy import *` gave a notebook linspace, exp, pi, array, dot and the complex-aware sqrt. SciPy 1.9's `__all__` lists its submodules only, so those names raise NameError. The star import becomes the four imports scipy made itself, in its order: every name is the object it was (scipy's sqrt(-1) was 1j, numpy.lib.scimath's still is).",
  trigger: {
    errors: [{ ename: 'NameError', evalue: NAME_ERROR }],
    pattern: true,
  },
  needles: [/from\s+scipy\s+import\s+\*/],
  prepare(notebook) {
    // the cells that bind one of those names (an import, an assignment, a def)
    return notebook.codeCells.filter((i) => NEW_STAR_NAMES.some((name) => definesName(notebook.parse(i), name)));
  },
  apply(parsed, ctx) {
    const binders = ctx.state as number[];
    if (binders.some((i) => i < ctx.cellIndex)) return [];
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      const module = statement.childForFieldName('module_name');
      if (!module || parsed.text(module).replace(/\s+/g, '') !== 'scipy') continue;
      if (!statement.namedChildren.some((c) => c.type === 'wildcard_import')) continue;
      // the same cell names one of them before the star import (conservatively: any mention)
      if (binders.includes(ctx.cellIndex) && NEW_STAR_NAME.test(parsed.source.slice(0, statement.startIndex))) continue;
      const lineStart = parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1;
      const indent = parsed.source.slice(lineStart, statement.startIndex);
      // a statement after `;` on the same line keeps the one-line form
      const separator = /\S/.test(indent) ? '; ' : `\n${indent}`;
      edits.push(replaceNode(statement, OLD_STAR_IMPORTS.join(separator)));
    }
    return edits;
  },
});
