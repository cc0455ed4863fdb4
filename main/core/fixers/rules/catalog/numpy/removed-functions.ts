// numpy.removed-functions — np.alen(a) → len(a), np.loads → pickle.loads, np.msort(a) → np.sort(a, axis=0),
// np.asfarray, np.typeDict, np.math
//
// Why it broke: NumPy 1.21 (2021-06-22): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/1.21.0-notes.html
// Example:
//     import numpy as np
//     n = np.alen(xs)
//     obj = np.loads(blob)
//     t = np.typeDict["f8"]
//   →
//     import pickle
//     import numpy as np
//     n = len(xs)
//     obj = pickle.loads(blob)
//     t = np.sctypeDict["f8"]
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.21; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import type { Node } from 'web-tree-sitter';
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { importsAtCellTop, moduleReference } from '../helpers';
import { callArguments, keywordValue, positionalArguments } from '../../syntax';
import { numpyAttributes } from './_shared';

interface RemovedFunction {
  since: string;
  /** the replacement call for `np.<name>(args)`, from the numpy alias and the argument texts; null: leave it */
  rewrite(np: string, args: string[], firstNode: Node): string | null;
  /** module the replacement needs imported */
  needs?: string;
  /** the replacement names numpy (np.sort): the rule needs a name bound to numpy in the cell */
  usesNumpy?: boolean;
}

const REMOVED_FUNCTIONS: Record<string, RemovedFunction> = {
  alen: { since: '1.23', rewrite: (_np, args) => (args.length === 1 ? `len(${args[0] as string})` : null) },
  loads: { since: '1.22', rewrite: (_np, args) => `pickle.loads(${args.join(', ')})`, needs: 'pickle' },
  msort: {
    since: '2.0',
    rewrite: (np, args) => (args.length === 1 ? `${np}.sort(${args[0] as string}, axis=0)` : null),
    usesNumpy: true,
  },
  asfarray: {
    since: '2.0',
    rewrite: (np, args) =>
      args.length === 1
        ? `${np}.asarray(${args[0] as string}, dtype=${np}.float64)`
        : args.length === 2 && asfarrayDtype(np, args[1] as string)
          ? `${np}.asarray(${args[0] as string}, dtype=${asfarrayDtype(np, args[1] as string) as string})`
          : null,
    usesNumpy: true,
  },
};

/** Literal dtypes by kind: asfarray kept an inexact (float or complex) dtype and made any other float64. */
const INEXACT =
  /^(float|complex|(np|numpy)\.(float(16|32|64|128)?|half|single|double|longdouble|complex(64|128|256)?|csingle|cdouble|clongdouble)|['"](f[248]?|d|c(8|16)?|float(16|32|64)|complex(64|128))['"])$/;
const EXACT =
  /^(int|bool|(np|numpy)\.(u?int(8|16|32|64)?|bool_?|intp|uintp)|['"]([iu][1248]?|b1|int(8|16|32|64)|bool)['"])$/;

/** asfarray(a, dtype): "if not issubdtype(dtype, inexact): dtype = float64", as an expression for the dtype. */
function asfarrayDtype(np: string, dtype: string): string | null {
  if (INEXACT.test(dtype)) return dtype;
  if (EXACT.test(dtype)) return `${np}.float64`;
  // a name or attribute is read twice; any other expression is left alone
  if (!/^[A-Za-z_][\w.]*$/.test(dtype)) return null;
  return `${dtype} if ${np}.issubdtype(${dtype}, ${np}.inexact) else ${np}.float64`;
}

export const removedFunctions = defineRule({
  id: 'numpy.removed-functions',
  title:
    'np.alen(a) → len(a), np.loads → pickle.loads, np.msort(a) → np.sort(a, axis=0), np.asfarray, np.typeDict, np.math',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.21', date: '2021-06-22' },
  explanation:
    'Functions and aliases NumPy removed, each with an exact replacement: np.typeDict → np.sctypeDict ' +
    '(1.21), np.loads → pickle.loads (1.22), np.alen(a) → len(a) (1.23), np.msort(a) → np.sort(a, ' +
    'axis=0), np.asfarray(a) → np.asarray(a, dtype=np.float64) (with a dtype: that dtype where it is a ' +
    'float or complex one, else float64, as asfarray chose) and np.math → the standard math module (2.0).',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /module 'numpy' has no attribute '(alen|loads|msort|asfarray|typeDict|math)'/,
      },
    ],
    pattern: true,
  },
  needles: ['alen', 'loads', 'msort', 'asfarray', 'typeDict', '.math.'],
  apply(parsed, ctx) {
    const installed = packageVersion(ctx.env, 'numpy');
    const removed = (since: string): boolean =>
      !installed || compareVersions(installed, since) >= 0 || ctx.errors.length > 0;
    const edits: SourceEdit[] = [];
    const needs = new Set<string>();
    // np.sort / np.asarray need a name for numpy even where the call came in through `from numpy import msort`
    let np: ReturnType<typeof moduleReference> | undefined;
    for (const call of ctx.nodes('call')) {
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      const spec = q?.startsWith('numpy.') ? REMOVED_FUNCTIONS[q.slice('numpy.'.length)] : undefined;
      if (!spec || !removed(spec.since)) continue;
      const args = positionalArguments(call);
      // asfarray(a, dtype=…): the dtype keyword as its second argument
      const keywords = callArguments(call).filter((a) => !args.includes(a));
      const dtype = keywords.length === 1 && keywords[0] ? keywordValue(call, 'dtype', parsed) : null;
      if (keywords.length > 0 && !(q === 'numpy.asfarray' && dtype && args.length === 1)) continue;
      if (dtype) args.push(dtype);
      const usesNumpy = spec.usesNumpy === true;
      if (usesNumpy && np === undefined) np = moduleReference(parsed, ctx, 'numpy', 'np');
      if (usesNumpy && !np) continue;
      const text = spec.rewrite(
        np?.name ?? 'np',
        args.map((a) => parsed.text(a)),
        args[0] as Node,
      );
      if (!text) continue;
      edits.push(replaceNode(call, text));
      if (spec.needs && ctx.imports.bindings.get(spec.needs) !== spec.needs) needs.add(spec.needs);
    }
    for (const { node, name } of numpyAttributes(parsed, ctx, { typeDict: 'sctypeDict', math: 'math' })) {
      if (name === 'typeDict' && removed('1.21'))
        edits.push(replaceNode(node.childForFieldName('attribute') as Node, 'sctypeDict'));
      if (name === 'math' && removed('2.0')) {
        edits.push(replaceNode(node, 'math'));
        if (ctx.imports.bindings.get('math') !== 'math') needs.add('math');
      }
    }
    edits.push(...importsAtCellTop(parsed, needs));
    if (np) edits.push(...np.edits);
    return edits;
  },
});
