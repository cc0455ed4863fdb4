// scipy.removed-keywords — linalg.solve(A, b, sym_pos=True) → assume_a='pos', linalg.eigh(A, eigvals=(lo, hi)) →
// subset_by_index=(lo, hi), tree.query(X, n_jobs=-1) → workers=-1, pdist(X, 'minkowski', 3) → p=3,
// stats.median_absolute_deviation(x) → stats.median_abs_deviation(x, scale=1.4826)
//
// Why it broke: SciPy removed keywords it had renamed: cKDTree.query's n_jobs (renamed workers in 1.6, removed in
// 1.9.0, 2022-07-28), median_absolute_deviation (deprecated in 1.5 for median_abs_deviation, whose scale defaults
// to 1.0, removed in 1.9.0), linalg.solve's sym_pos (deprecated in 1.9 for assume_a='pos', removed in 1.11.0,
// 2023-06-25) and linalg.eigh's eigvals (deprecated in 1.5 for subset_by_index, removed in 1.14.0, 2024-06-24);
// pdist/cdist take their metric's parameters by keyword only since 1.0's *args/**kwargs signature stopped
// accepting them by position. The old call raises TypeError ("unexpected keyword argument 'sym_pos'",
// "Unexpected keyword argument {'n_jobs': -1}", "pdist() takes from 1 to 2 positional arguments but 3 were given")
// or AttributeError.
// Changelog: https://docs.scipy.org/doc/scipy/release/1.5.0-notes.html#deprecated-features
// Changelog: https://docs.scipy.org/doc/scipy/release/1.6.0-notes.html#scipy-spatial-improvements
// Changelog: https://docs.scipy.org/doc/scipy/release/1.9.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.11.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.14.0-notes.html#expired-deprecations
// Example:
//     x = linalg.solve(A, b, sym_pos=True)
//     w = linalg.eigh(C, eigvals_only=True, eigvals=(n - 2, n - 1))
//     d, i = tree.query(points, k=1, n_jobs=-1)
//     D = pdist(X, 'minkowski', 3)
//     mad = stats.median_absolute_deviation(x)
//   →
//     x = linalg.solve(A, b, assume_a='pos')
//     w = linalg.eigh(C, eigvals_only=True, subset_by_index=(n - 2, n - 1))
//     d, i = tree.query(points, k=1, workers=-1)
//     D = pdist(X, 'minkowski', p=3)
//     mad = stats.median_abs_deviation(x, scale=1.4826)
// Fix safety: Same result: sym_pos=True solved with the Cholesky (positive-definite) solver, which assume_a='pos'
// selects (sym_pos=False was the general solver, the default: the keyword is dropped); eigvals=(lo, hi) selected
// the eigenvalues of those ascending indexes, which subset_by_index states; n_jobs and workers are the same number
// of processes; the third positional argument of pdist (fourth of cdist) was p in the signature of SciPy 0.19;
// median_absolute_deviation's scale defaulted to 1.4826 (normal consistency), which the rewrite passes when the
// call gives none.
// Left alone: keywords with other values (sym_pos=flag), calls that already give the new keyword, calls that do not
// resolve to SciPy, and query(…, n_jobs=…) on lines the error does not point at.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import {
  appendArguments,
  keywordArgument,
  methodName,
  positionalArguments,
  removeArgument,
  renameKeyword,
} from '../../syntax';
import { positionalToKeywordEdits } from '../helpers';

export const removedKeywords = defineRule({
  id: 'scipy.removed-keywords',
  title:
    "linalg.solve(sym_pos=True) → assume_a='pos', eigh(eigvals=…) → subset_by_index=…, query(n_jobs=…) → workers=…, pdist(X, 'minkowski', 3) → p=3, median_absolute_deviation → median_abs_deviation(scale=1.4826)",
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.9', date: '2022-07-28' },
  deprecatedIn: '1.5',
  explanation:
    "SciPy removed keywords it had renamed: cKDTree.query's n_jobs (workers since 1.6, removed in 1.9), " +
    "linalg.solve's sym_pos (assume_a='pos' since 1.9, removed in 1.11) and linalg.eigh's eigvals " +
    '(subset_by_index since 1.5, removed in 1.14); stats.median_absolute_deviation (scale 1.4826 by default) became ' +
    'median_abs_deviation (scale 1.0 by default) in 1.5 and went in 1.9; pdist/cdist no longer take the ' +
    "metric's p by position. Each becomes the documented equivalent with the same value.",
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument '(sym_pos|eigvals)'/ },
      { ename: 'TypeError', evalue: /Unexpected keyword argument \{'n_jobs'/ },
      { ename: 'TypeError', evalue: /[pc]dist\(\) takes from \d to \d positional arguments but \d+ were given/ },
      { ename: 'AttributeError', evalue: /module 'scipy\.stats' has no attribute 'median_absolute_deviation'/ },
    ],
  },
  errorScope: 'line',
  needles: ['sym_pos', 'eigvals', 'n_jobs', 'pdist', 'cdist', 'median_absolute_deviation'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node, name } of ctx.calls({
      module: 'scipy',
      names: ['solve', 'eigh', 'eigvalsh', 'pdist', 'cdist', 'median_absolute_deviation'],
    })) {
      if (name === 'solve') {
        const kw = keywordArgument(node, 'sym_pos', parsed);
        const value = kw ? parsed.text(kw.childForFieldName('value') as Node) : null;
        if (!kw || keywordArgument(node, 'assume_a', parsed)) continue;
        if (value === 'True') edits.push(replaceNode(kw, "assume_a='pos'"));
        else if (value === 'False') edits.push(removeArgument(kw, node));
      } else if (name === 'eigh' || name === 'eigvalsh') {
        const kw = keywordArgument(node, 'eigvals', parsed);
        if (!kw || keywordArgument(node, 'subset_by_index', parsed)) continue;
        const edit = renameKeyword(kw, 'subset_by_index');
        if (edit) edits.push(edit);
      } else if (name === 'pdist' || name === 'cdist') {
        edits.push(...positionalToKeywordEdits(node, name === 'pdist' ? [2, 'p'] : [3, 'p'], parsed, 1));
      } else if (name === 'median_absolute_deviation') {
        // only the dotted use (stats.median_absolute_deviation): a from-import would need its import renamed too
        const fn = node.childForFieldName('function') as Node;
        if (fn.type !== 'attribute') continue;
        edits.push(replaceNode(fn.childForFieldName('attribute') as Node, 'median_abs_deviation'));
        if (!keywordArgument(node, 'scale', parsed) && positionalArguments(node).length < 4) {
          const edit = appendArguments(node, ['scale=1.4826'], parsed);
          if (edit) edits.push(edit);
        }
      }
    }
    // cKDTree(…).query(X, n_jobs=…): the tree is a variable, so the method is recognised by its name, on the failing
    // line only (the error scope), in a notebook that imports scipy.spatial
    if (ctx.imports.imports('scipy')) {
      for (const call of ctx.nodes('call')) {
        const name = methodName(call, parsed);
        if (name !== 'query' && name !== 'query_ball_point' && name !== 'query_ball_tree') continue;
        const kw = keywordArgument(call, 'n_jobs', parsed);
        if (!kw || keywordArgument(call, 'workers', parsed)) continue;
        const edit = renameKeyword(kw, 'workers');
        if (edit) edits.push(edit);
      }
    }
    return edits;
  },
});
