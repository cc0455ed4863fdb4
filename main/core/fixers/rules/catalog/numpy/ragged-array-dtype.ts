// numpy.ragged-array-dtype — np.array(ragged lists) → np.array(…, dtype=object)
//
// Why it broke: NumPy 1.24 (2022-12-18), deprecated since 1.19: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/1.24.0-notes.html
// Example:
//     seqs = np.array(token_lists)
//   →
//     seqs = np.array(token_lists, dtype=object)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.24; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { keywordArgument, positionalArguments, appendArguments } from '../../syntax';

export const raggedArrayDtype = defineRule({
  id: 'numpy.ragged-array-dtype',
  title: 'np.array(ragged lists) → np.array(…, dtype=object)',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  deprecatedIn: '1.19',
  explanation:
    'Older NumPy built an object array from nested sequences of different lengths ' +
    '(with a warning since 1.19); 1.24 raises instead. dtype=object asks for ' +
    'that same object array. Applied to the array calls on the failing line.',
  trigger: {
    errors: [
      {
        ename: 'ValueError',
        evalue: /setting an array element with a sequence\. The requested array has an inhomogeneous shape/,
      },
    ],
  },
  errorScope: 'line',
  needles: ['array('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (
        (q !== 'numpy.array' && q !== 'numpy.asarray') ||
        keywordArgument(call, 'dtype', parsed) ||
        positionalArguments(call).length !== 1
      )
        continue;
      // np.asarray(v).item(): a scalar taken out (numpy.array-to-scalar, numpy.plot-coordinate-arrays), not a ragged
      // array
      const parent = call.parent;
      if (parent?.type === 'attribute' && parsed.text(parent.childForFieldName('attribute') as Node) === 'item')
        continue;
      const edit = appendArguments(call, ['dtype=object'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
