// numpy.sum-generator — np.sum(f(x) for x in xs) → sum(f(x) for x in xs)
//
// Why it broke: NumPy 2.4 (2025-12-20) expired the deprecation of NumPy 1.15 (2018-07-23): np.sum of a generator
// raises "TypeError: Calling np.sum(generator) is deprecated.Use np.sum(np.fromiter(generator)) or the python sum
// builtin instead." Until then np.sum handed a generator to Python's builtin sum (with a DeprecationWarning).
// Changelog: https://numpy.org/doc/stable/release/2.4.0-notes.html
// Example:
//     return np.sum(func(x[idx != i]) for i in range(n)) / float(n)
//     total = np.sum(poisson_like(yi, lam) for yi in y)
//   →
//     return sum(func(x[idx != i]) for i in range(n)) / float(n)
//     total = sum(poisson_like(yi, lam) for yi in y)
// Fix safety: Same result: NumPy 1.15–2.3 computed `builtins.sum(generator)` for exactly this call (its np.sum
// returned `_sum_(a)`, `_sum_` being the builtin), so the rewrite calls what ran before. Where the bare name sum is
// numpy's (a star import of numpy or pylab, %pylab, `from numpy import sum`) or the notebook's own, the builtin is
// reached as builtins.sum.
// Left alone: np.sum of a list, an array or a list comprehension (no generator: unchanged behaviour); a generator
// given with other arguments (np.sum(gen, axis=0): they were ignored or applied to `out`, not worth guessing).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { definesName } from '../../syntax';

/** Modules whose star import binds numpy's sum to the bare name `sum`. */
const STAR_MODULES = new Set(['numpy', 'pylab', 'matplotlib.pylab']);

export const sumGenerator = defineRule({
  id: 'numpy.sum-generator',
  title: 'np.sum(f(x) for x in xs) → sum(f(x) for x in xs)',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '2.4', date: '2025-12-20' },
  deprecatedIn: '1.15',
  explanation:
    "np.sum of a generator was deprecated in NumPy 1.15, which kept computing Python's builtin sum " +
    'of it (with a DeprecationWarning); NumPy 2.4 made it a TypeError. The call becomes the builtin ' +
    "sum of the same generator, which is what ran before; where the bare name sum is numpy's (a star " +
    "import of numpy or pylab, %pylab) or the notebook's own, the builtin is reached as builtins.sum.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /Calling np\.sum\(generator\) is deprecated/ }],
    pattern: true,
  },
  needles: [/\bsum\(/],
  prepare(notebook, ctx) {
    // is the bare name `sum` something else than the builtin anywhere in the notebook?
    const pylabMagic = notebook.codeCells.some((index) => /^\s*%pylab\b/m.test(notebook.source(index)));
    const shadowed =
      pylabMagic ||
      ctx.imports.starModules.some((m) => STAR_MODULES.has(m)) ||
      notebook.codeCells.some((index) => definesName(notebook.parse(index), 'sum'));
    return { shadowed };
  },
  apply(parsed, ctx) {
    const { shadowed } = ctx.state as { shadowed: boolean };
    const edits: SourceEdit[] = [];
    const calls: Node[] = [];
    for (const module of ['numpy', 'pylab', 'matplotlib.pylab']) {
      for (const { node } of ctx.calls({ module, names: ['sum'] })) {
        // np.sum(x for x in xs): the generator is the call's whole argument list
        if (node.childForFieldName('arguments')?.type === 'generator_expression') calls.push(node);
      }
    }
    if (calls.length === 0) return edits;
    let name = 'sum';
    if (shadowed) {
      const builtins = ctx.requireImport('builtins', 'builtins');
      if (!builtins) return edits;
      name = `${builtins.name}.sum`;
      edits.push(...builtins.edits);
    }
    for (const call of calls) edits.push(replaceNode(call.childForFieldName('function') as Node, name));
    return edits;
  },
});
