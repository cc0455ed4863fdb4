// scipy.minimize-x0-flatten — optimize.minimize(f, x0) with a column-vector x0 → minimize(f, np.ravel(x0))
//
// Why it broke: before SciPy 1.9 every method of scipy.optimize.minimize flattened its starting point
// (`x0 = asarray(x0).flatten()`), so the course idiom `initial_theta = np.zeros((n, 1))` (or `np.array([[15], [15]])`)
// worked, and the function, the gradient and `res.x` all saw the flat vector. SciPy 1.9.0 (2022-07-28, PR #15297)
// deprecated an x0 with `ndim != 1` ("Use of `minimize` with `x0.ndim != 1` is deprecated"), and SciPy 1.11.0
// (2023-06-25) made it an error: ValueError: 'x0' must only have one dimension.
// Changelog: https://docs.scipy.org/doc/scipy/release/1.9.0-notes.html#deprecated-features
// Changelog: https://docs.scipy.org/doc/scipy/release/1.11.0-notes.html#expired-deprecations
// Example:
//     initial_theta = np.array([[15], [15]])
//     res = minimize(linearRegCostFunction, initial_theta, args=(X, y, reg), jac=lrgradientReg)
//   →
//     initial_theta = np.array([[15], [15]])
//     res = minimize(linearRegCostFunction, np.ravel(initial_theta), args=(X, y, reg), jac=lrgradientReg)
// Fix safety: Same result: np.ravel gives the flat copy the old flatten() gave, so the optimizer starts from the same
// point and the function, the gradient and the result see the same 1-D vectors as before SciPy 1.9 (every method but
// COBYLA and trust-constr, which are left alone); for an x0 that
// is already 1-D (or a scalar) np.ravel is what minimize does to it itself, so those calls compute the same either
// way. Only after the run raised the error, on the x0 of the calls that resolve to scipy.optimize.minimize.
// Left alone: method='COBYLA' (before 1.9 its res.x kept x0's column shape) and method='trust-constr' (its function
// saw x0's column shape), a method that is not a string literal (which one is unknown); an x0 already flattened
// (np.ravel, .ravel(), .flatten(), .reshape(-1)), a minimize of the notebook's own
// (a bare minimize(…) in a notebook that defines or assigns one) or of another library (lmfit.minimize), calls that
// pass x0 through *args or **kwargs, and notebooks whose run did not fail so.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { hasSplat, keywordValue, methodName, positionalArguments } from '../../syntax';

/** an x0 expression that is flat already: np.ravel(…), x.ravel(), x.flatten(), x.reshape(-1) */
function flattened(x0: Node, parsed: ParsedSource, resolve: (n: Node) => string | null): boolean {
  if (x0.type !== 'call') return false;
  const callee = x0.childForFieldName('function');
  if (callee && resolve(callee) === 'numpy.ravel') return true;
  const method = methodName(x0, parsed);
  if (method === 'ravel' || method === 'flatten') return true;
  if (method === 'reshape') {
    const args = positionalArguments(x0).map((a) => parsed.text(a).replace(/\s/g, ''));
    return args.length === 1 && (args[0] === '-1' || args[0] === '(-1,)');
  }
  return false;
}

/**
 * A method literal whose SciPy < 1.9 code flattened x0 for the function and the result: all but COBYLA (its res.x kept
 * x0's shape, (n, 1)) and trust-constr (its function saw x0's shape); a custom method or a name is unknown.
 */
function flatteningMethod(literal: string): boolean {
  const m = /^[rRuU]?(['"])([\w-]+)\1$/.exec(literal);
  return !!m && !['cobyla', 'trust-constr'].includes((m[2] as string).toLowerCase());
}

export const minimizeX0Flatten = defineRule({
  id: 'scipy.minimize-x0-flatten',
  title: 'optimize.minimize(f, x0) with a column-vector x0 → minimize(f, np.ravel(x0))',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.11', date: '2023-06-25' },
  deprecatedIn: '1.9',
  explanation:
    'Before SciPy 1.9 scipy.optimize.minimize flattened its starting point (asarray(x0).flatten()), so a ' +
    'column vector such as np.zeros((n, 1)) was accepted; 1.9 deprecated an x0 whose ndim is not 1 and 1.11 raises ' +
    "ValueError: 'x0' must only have one dimension. Passing np.ravel(x0) gives minimize the flat copy it made " +
    'itself before (every method but COBYLA and trust-constr, left alone), so the optimization starts from the same ' +
    'point and returns the same 1-D result; an x0 that is ' +
    'already 1-D is unchanged by np.ravel.',
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /'x0' must only have one dimension/ }],
    // the minimize call is usually inside the notebook's own training function, defined in an earlier cell
    anywhere: true,
  },
  needles: ['minimize('],
  apply(parsed, ctx) {
    if (ctx.errors.length === 0) return [];
    const edits: SourceEdit[] = [];
    let numpy: { name: string; edits: SourceEdit[] } | null | undefined;
    const resolve = (n: Node): string | null => ctx.imports.resolve(n, parsed);
    // a minimize the notebook defines or assigns itself makes the bare name ambiguous
    const ownMinimize = ctx
      .bindings({ kinds: ['definition', 'assignment'], cells: /\bminimize\b/ })
      .some((site) => site.parsed.text(site.target) === 'minimize');
    for (const { node } of ctx.calls({ module: 'scipy.optimize', names: ['minimize'] })) {
      if (hasSplat(node)) continue;
      if (ownMinimize && node.childForFieldName('function')?.type === 'identifier') continue;
      const x0 = keywordValue(node, 'x0', parsed) ?? positionalArguments(node)[1] ?? null;
      if (!x0 || flattened(x0, parsed, resolve)) continue;
      // minimize(fun, x0, args, method, …): a method that did not flatten x0, or one not known here (None: the default,
      // BFGS, L-BFGS-B or SLSQP, flattened)
      const method = keywordValue(node, 'method', parsed) ?? positionalArguments(node)[3] ?? null;
      if (method && method.type !== 'none' && !flatteningMethod(parsed.text(method))) continue;
      if (numpy === undefined) numpy = ctx.requireImport('numpy', 'np');
      if (!numpy) return [];
      edits.push(replaceNode(x0, `${numpy.name}.ravel(${parsed.text(x0)})`));
    }
    if (edits.length > 0 && numpy) edits.push(...numpy.edits);
    return edits;
  },
});
