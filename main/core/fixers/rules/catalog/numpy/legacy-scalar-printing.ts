// numpy.legacy-scalar-printing — np.set_printoptions(legacy='1.25') after the first numpy import: scalars print as
// 0.77, not np.float64(0.77)
//
// Why it broke: NumPy 2.0 (2024-06-16) changed a default, so a notebook written before it computes something else
// today (the explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/2.0.0-notes.html
// Example:
//     import numpy as np
//   →
//     import numpy as np
//     np.set_printoptions(legacy='1.25')  # nbrevive: NumPy >= 2 prints scalars as np.float64(...); print them as th …
// Fix safety: Same values: only how NumPy prints scalars changes back to the notebook's era (0.77 instead of
// np.float64(0.77)).
// A notebook that imports no numpy but a library whose results are numpy scalars (pandas' df.col.mean(), scikit-learn's
// scores, scipy, seaborn, matplotlib, statsmodels) gets `import numpy` and the call after that library's first import.
// Asked as a score calibration when the score drifted, and together with an error repair when the run prints numpy 2
// reprs in a cell whose saved outputs (the author's) show plain numbers: the repaired notebook then reads like the
// author's.
// Left alone: not where neither numpy nor such a library is imported; not when the notebook sets legacy printing
// itself; not under numpy 1 (it prints scalars plainly); not for a notebook written with numpy 2; and 1 more cases in
// its fixture.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type NotebookView } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';

/** An author's (or an earlier fix's) own legacy setting: nothing to add. */
const LEGACY_SET = /set_printoptions\s*\([^)]*\blegacy\s*=/;

const NUMPY_IMPORT = /^\s*(?:import\s+numpy\b|from\s+numpy(?:\.\w+)*\s+import\b)/m;

/** Libraries whose results are numpy scalars (a mean, a score, a statistic): they print as np.float64(...) too. */
const SCALAR_LIBRARIES = /^(numpy|pandas|sklearn|scipy|seaborn|matplotlib|statsmodels)(\.|$)/;
const SCALAR_LIBRARY_IMPORT =
  /^\s*(?:import\s+(?:numpy|pandas|sklearn|scipy|seaborn|matplotlib|statsmodels)\b|from\s+(?:numpy|pandas|sklearn|scipy|seaborn|matplotlib|statsmodels)(?:\.\w+)*\s+import\b)/m;

function importsModule(statement: Node, parsed: ParsedSource, module: RegExp = /^numpy(\.|$)/): boolean {
  if (statement.type === 'import_statement') {
    return statement.childrenForFieldName('name').some((item) => {
      const name = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
      return name !== null && module.test(parsed.text(name));
    });
  }
  if (statement.type === 'import_from_statement') {
    const name = statement.childForFieldName('module_name');
    return name !== null && name.type !== 'relative_import' && module.test(parsed.text(name).replace(/\s+/g, ''));
  }
  return false;
}

/**
 * The first top-level statement of the cell that imports numpy, or with `module` one of the libraries whose results
 * are numpy scalars (imports inside a def, if or try may not run).
 */
function firstImport(parsed: ParsedSource, module?: RegExp): Node | null {
  for (const statement of parsed.root.namedChildren) {
    if (!statement || parsed.isMasked(statement.startIndex, statement.endIndex)) continue;
    if (importsModule(statement, parsed, module)) return statement;
  }
  return null;
}

/** The name the statement binds to the numpy module itself, or null (`from numpy import array`, `import numpy.linalg as la`). */
function numpyName(statement: Node, parsed: ParsedSource): string | null {
  if (statement.type !== 'import_statement') return null;
  for (const item of statement.childrenForFieldName('name')) {
    if (item.type === 'aliased_import') {
      const name = item.childForFieldName('name');
      const alias = item.childForFieldName('alias');
      if (name && alias && parsed.text(name) === 'numpy') return parsed.text(alias);
    } else if (/^numpy(\.|$)/.test(parsed.text(item))) {
      return 'numpy'; // `import numpy.linalg` binds `numpy` too
    }
  }
  return null;
}

interface PrintingState {
  /** the cell holding the notebook's first numpy import, else its first import of a library in SCALAR_LIBRARIES */
  cellIndex: number;
  /** the import after which the call goes: numpy's, else such a library's */
  after: RegExp | undefined;
}

const NOTE = "# nbrevive: NumPy >= 2 prints scalars as np.float64(...); print them as the notebook's NumPy did";

export const legacyScalarPrinting = defineRule({
  id: 'numpy.legacy-scalar-printing',
  title: "np.set_printoptions(legacy='1.25') after the first numpy import: scalars print as 0.77, not np.float64(0.77)",
  kind: 'score-calibration',
  library: 'NumPy',
  since: { package: 'numpy', version: '2.0', date: '2024-06-16' },
  explanation:
    'NumPy 2.0 (NEP 51) prints scalars with their type: a score the notebook printed as 0.7728 ' +
    'now reads np.float64(0.7728) in lists, tuples, dicts and bare expressions, so its outputs ' +
    "no longer compare with the author's. numpy.set_printoptions(legacy='1.25') is NumPy's documented " +
    'switch back to printing numeric scalars without their type; it is set once after the ' +
    "notebook's first numpy import and changes only how values are printed, never what is computed.",
  trigger: { pattern: true },
  needles: ['numpy', 'pandas', 'sklearn', 'scipy', 'seaborn', 'matplotlib', 'statsmodels'],
  prepare(notebook: NotebookView): PrintingState | null {
    let first: number | null = null;
    let library: number | null = null;
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      if (LEGACY_SET.test(source)) return null;
      if (first === null && NUMPY_IMPORT.test(source) && firstImport(notebook.parse(cellIndex))) first = cellIndex;
      if (
        library === null &&
        SCALAR_LIBRARY_IMPORT.test(source) &&
        firstImport(notebook.parse(cellIndex), SCALAR_LIBRARIES)
      )
        library = cellIndex;
    }
    if (first !== null) return { cellIndex: first, after: undefined };
    return library === null ? null : { cellIndex: library, after: SCALAR_LIBRARIES };
  },
  apply(parsed, ctx): SourceEdit[] {
    const state = ctx.state as PrintingState | null;
    if (!state || state.cellIndex !== ctx.cellIndex) return [];
    const statement = firstImport(parsed, state.after);
    if (!statement) return [];
    const name = state.after ? null : numpyName(statement, parsed);
    const call = name
      ? `${name}.set_printoptions(legacy='1.25')`
      : "import numpy\nnumpy.set_printoptions(legacy='1.25')";
    const line = `${call}  ${NOTE}`;
    const eol = parsed.source.indexOf('\n', statement.endIndex);
    return [eol === -1 ? insertAt(parsed.source.length, `\n${line}`) : insertAt(eol + 1, `${line}\n`)];
  },
});
