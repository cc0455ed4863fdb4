// sklearn.binarize-one-sample — binarize(y_prob, threshold=0.3)[0] with 1-D y_prob → binarize(np.reshape(y_prob, (1,
// -1)), threshold=0.3)[0]
//
// Why it broke: scikit-learn 0.19 (2017-08-11), deprecated since 0.17: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.19.html
// Example:
//     y_pred_class = binarize(y_pred_prob, threshold=0.3)[0]
//   →
//     y_pred_class = binarize(np.reshape(y_pred_prob, (1, -1)), threshold=0.3)[0]
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.19; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: without [0], a user-defined binarize, and without the error: left alone; a user's own binarize.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { moduleReference, calleeOf } from '../helpers';
import type { Node } from 'web-tree-sitter';
import { positionalArguments } from '../../syntax';

export const binarizeOneSample = defineRule({
  id: 'sklearn.binarize-one-sample',
  title: 'binarize(y_prob, threshold=0.3)[0] with 1-D y_prob → binarize(np.reshape(y_prob, (1, -1)), threshold=0.3)[0]',
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    'Until 0.19 check_array ran a 1-D X through np.atleast_2d, so preprocessing.binarize(v, t) of a ' +
    'vector returned it as ONE sample, shape (1, n), and the code of the era took that row back with ' +
    '[0] (the usual way to threshold predicted probabilities); 0.19 made it the error "Expected 2D ' +
    'array, got 1D array instead". np.reshape(v, (1, -1)) is that one sample, and [0] then gives the ' +
    'same 1-D array as before. Only on the failing line, and only where the result is indexed with [0].',
  trigger: { errors: [{ ename: 'ValueError', evalue: /Expected 2D array, got 1D array instead/ }] },
  errorScope: 'line',
  needles: ['binarize'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let np: ReturnType<typeof moduleReference> | undefined;
    for (const call of ctx.nodes('call')) {
      if (!calleeOf(call, parsed, ctx.imports, 'sklearn', ['binarize'])) continue;
      const parent = call.parent;
      const index =
        parent?.type === 'subscript' && parent.childForFieldName('value')?.startIndex === call.startIndex
          ? parent.childrenForFieldName('subscript')
          : [];
      if (index.length !== 1 || parsed.text(index[0] as Node) !== '0') continue;
      const x = positionalArguments(call)[0];
      if (!x || !['identifier', 'attribute', 'subscript'].includes(x.type)) continue;
      np ??= moduleReference(parsed, ctx, 'numpy', 'np');
      if (!np) return [];
      edits.push(replaceNode(x, `${np.name}.reshape(${parsed.text(x)}, (1, -1))`));
    }
    return edits.length > 0 && np ? [...edits, ...np.edits] : edits;
  },
});
