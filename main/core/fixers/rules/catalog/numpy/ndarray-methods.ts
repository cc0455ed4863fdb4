// numpy.ndarray-methods — a.ptp() → np.ptp(a), a.itemset(i, v) → a.flat[i] = v, a.newbyteorder(o) →
// a.view(a.dtype.newbyteorder(o))
//
// Why it broke: NumPy 2.0 (2024-06-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/2.0.0-notes.html
// Example:
//     r = a.ptp(axis=0)
//     a.itemset(3, 1.0)
//     b.itemset(0, 1, 2.0)
//     c = a.newbyteorder("S")
//   →
//     r = np.ptp(a, axis=0)
//     a.flat[3] = 1.0
//     b[0, 1] = 2.0
//     c = a.view(a.dtype.newbyteorder("S"))
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.0; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a dtype's newbyteorder (a.dtype.newbyteorder('>')), which NumPy 2 keeps.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { ModuleReference } from '../helpers';
import { callArguments, positionalArguments, asPrimary } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { NUMPY2, GUIDE, SIMPLE } from './_shared';

export const ndarrayMethods = defineRule({
  id: 'numpy.ndarray-methods',
  title: 'a.ptp() → np.ptp(a), a.itemset(i, v) → a.flat[i] = v, a.newbyteorder(o) → a.view(a.dtype.newbyteorder(o))',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation:
    `NumPy 2.0 removed three ndarray methods (${GUIDE}, "ndarray and scalar methods"): ` +
    `a.ptp(…) is np.ptp(a, …); a.itemset(i, v) is a.flat[i] = v for one (flat) index and ` +
    `a[i, j] = v for several; a.newbyteorder(o) is a.view(a.dtype.newbyteorder(o)). Other ` +
    `objects have methods of these names, so the rule edits only the line the error points at.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /'numpy\.(ndarray|\w+)' object has no attribute '(ptp|itemset|newbyteorder)'/,
      },
    ],
  },
  errorScope: 'line',
  needles: ['.ptp(', '.itemset(', '.newbyteorder('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let np: ModuleReference | null | undefined;
    for (const { node: call, callee } of ctx.calls()) {
      // np.ptp(a) is numpy's own function (reached through the import), not a method of an array
      if (callee?.startsWith('numpy.')) continue;
      const fn = call.childForFieldName('function');
      const attr = fn?.type === 'attribute' ? fn.childForFieldName('attribute') : null;
      const receiver = fn?.childForFieldName('object');
      if (!attr || !receiver) continue;
      const method = parsed.text(attr);
      const all = callArguments(call);
      if (all.some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) continue;
      if (method === 'ptp') {
        if (np === undefined) np = ctx.requireImport('numpy', 'np');
        if (!np) continue;
        edits.push(
          replaceNode(call, `${np.name}.ptp(${[parsed.text(receiver), ...all.map((a) => parsed.text(a))].join(', ')})`),
        );
      } else if (method === 'itemset') {
        const args = positionalArguments(call);
        if (call.parent?.type !== 'expression_statement' || args.length < 2 || args.length !== all.length) continue;
        const index = args.slice(0, -1).map((a) => parsed.text(a));
        const value = parsed.text(args.at(-1) as Node);
        const single = args.length === 2 && args[0]?.type !== 'tuple';
        edits.push(
          replaceNode(call, `${asPrimary(receiver, parsed)}${single ? '.flat' : ''}[${index.join(', ')}] = ${value}`),
        );
      } else if (method === 'newbyteorder') {
        // a dtype keeps its newbyteorder (dtype.newbyteorder('>') is NumPy 2's own spelling): only arrays lost it
        if (!SIMPLE.has(receiver.type) || all.length > 1 || /(^|\.)dtype$/.test(parsed.text(receiver))) continue;
        const r = parsed.text(receiver);
        edits.push(
          replaceNode(call, `${r}.view(${r}.dtype.newbyteorder(${all.map((a) => parsed.text(a)).join(', ')}))`),
        );
      }
    }
    if (np && edits.length > 0) edits.push(...np.edits);
    return edits;
  },
});
