// sklearn.integral-float-params — Lasso(max_iter=1e6) → Lasso(max_iter=1000000): a whole-number float where
// scikit-learn now validates an int
//
// Why it broke: scikit-learn 1.2 (2022-12-08) validates every estimator's parameters when it is fitted
// (`_parameter_constraints`), and an int-only parameter given a float raises InvalidParameterError ("The 'max_iter'
// parameter of Lasso must be an int in the range [1, inf) or None. Got 1000000.0 instead."). Before, the value went
// on to code that used it as a whole number (the coordinate descent solvers' Cython `int max_iter`, SciPy's maxiter),
// so 1e6 ran one million iterations.
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Example:
//     lassoreg = Lasso(alpha=alpha, normalize=True, max_iter=1e5)
//   →
//     lassoreg = Lasso(alpha=alpha, normalize=True, max_iter=100000)
// Fix safety: Same result: only the parameter and estimator the error names, only where the error says the parameter
// takes an int (no float form that means something else, as a fraction of samples or features would), and only a float
// literal with a whole value, which becomes the same number written as an int.
// Left alone: a float with a fractional part (1.5), a float held in a variable or computed, values in a parameter
// grid, a class of the notebook's own of the same name that scikit-learn's does not derive, a function of the same
// name, and constraints that also accept a float.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { keywordValue } from '../../syntax';
import { SK, sk } from './_shared';

/** "The 'max_iter' parameter of Lasso must be an int in the range [1, inf) or None. Got 1000000.0 instead." */
const MESSAGE = /The '(\w+)' parameter of (\w+) must be (.+?)\. Got (\S+) instead\./;

/** the constraints of an int-only parameter: an int (ranges, None, bools or a keyword string besides), never a float */
function intOnly(constraints: string): boolean {
  return /\ban int\b/.test(constraints) && !/float|real number|array-like|callable|instance of/.test(constraints);
}

/** The value of a Python float literal that is a whole number (1e6, 100.0, 1_000.), as an int literal; else null. */
function wholeNumber(text: string): string | null {
  const value = Number(text.replace(/_/g, ''));
  return Number.isSafeInteger(value) ? String(value) : null;
}

export const integralFloatParams = defineRule({
  id: 'sklearn.integral-float-params',
  title: 'Lasso(max_iter=1e6) → Lasso(max_iter=1000000): a whole-number float where scikit-learn validates an int',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  explanation:
    "scikit-learn 1.2 validates estimator parameters when fitting (InvalidParameterError: \"The 'max_iter' " +
    'parameter of Lasso must be an int in the range [1, inf) or None. Got 1000000.0 instead."). Before, a ' +
    'whole-number float such as max_iter=1e6 reached code that used it as that whole number (the coordinate ' +
    "descent solvers, SciPy's maxiter), so writing it as the int 1000000 runs the same fit. Only the parameter and " +
    'estimator the error names, only int-only parameters, and only float literals with a whole value are rewritten.',
  trigger: {
    errors: [{ ename: 'InvalidParameterError', evalue: MESSAGE }],
    // the estimator is often built in a helper function of an earlier cell than the one that fits it
    anywhere: true,
  },
  needles: (source) => /=\s*\d[\d_]*(?:\.[\d_]*)?[eE]\+?\d|=\s*\d[\d_]*\.0*\s*[,)]/.test(source),
  apply(parsed, ctx) {
    const wanted = new Map<string, Set<string>>(); // estimator → parameters
    for (const error of ctx.errors) {
      const m = MESSAGE.exec(error.evalue);
      if (!m) continue;
      const [, param, estimator, constraints, got] = m as unknown as [string, string, string, string, string];
      if (!intOnly(constraints) || wholeNumber(got) === null || !/[.eE]/.test(got)) continue;
      wanted.set(estimator, (wanted.get(estimator) ?? new Set()).add(param));
    }
    if (wanted.size === 0) return [];
    // an estimator name is scikit-learn's (through the imports), or a class of the notebook's own derived from one of
    // scikit-learn's (a subclass another rule defines, e.g. LassoNormalized); a function of that name is not
    const definitions = ctx.bindings({ kinds: ['definition'] });
    const definedBy = (name: string): Node[] =>
      definitions.filter((d) => d.parsed.text(d.target) === name).map((d) => d.node);
    const derivesSklearn = (name: string): boolean => {
      const defs = definedBy(name);
      if (defs.length === 0) return false;
      return defs.every((def) => {
        if (def.type !== 'class_definition') return false;
        const site = definitions.find((d) => d.node === def);
        const bases = def.childForFieldName('superclasses')?.namedChildren ?? [];
        return !!site && bases.some((base) => (ctx.imports.resolve(base, site.parsed) ?? '').startsWith('sklearn.'));
      });
    };
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name =
        fn?.type === 'identifier'
          ? parsed.text(fn)
          : fn?.type === 'attribute'
            ? parsed.text(fn.childForFieldName('attribute') as Node)
            : null;
      const params = name ? wanted.get(name) : undefined;
      if (!name || !params) continue;
      const ours = definedBy(name).length > 0;
      if (ours ? !derivesSklearn(name) : !ctx.imports.refersTo(fn, parsed, 'sklearn', [name])) continue;
      for (const param of params) {
        const value = keywordValue(call, param, parsed);
        if (value?.type !== 'float') continue;
        const whole = wholeNumber(parsed.text(value));
        if (whole !== null) edits.push(replaceNode(value, whole));
      }
    }
    return edits;
  },
});
