// numpy.array-copy-false — np.array(x, copy=False) → np.asarray(x)
//
// Why it broke: NumPy 2.0 (2024-06-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/2.0.0-notes.html
// Example:
//     a = np.array(x, copy=False)
//     b = np.array(x, dtype=float, copy=False)
//   →
//     a = np.asarray(x)
//     b = np.asarray(x, dtype=float)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.0; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: copy=True, astype(copy=False) and ndmin are left alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, callArguments, positionalArguments, keywordName } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { NUMPY2, GUIDE, inExceptClause } from './_shared';

export const arrayCopyFalse = defineRule({
  id: 'numpy.array-copy-false',
  title: 'np.array(x, copy=False) → np.asarray(x)',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation:
    `NumPy 2.0 changed the meaning of np.array(…, copy=False) from "copy only if needed" to "never copy", ` +
    `raising ValueError where a copy is needed (${GUIDE}, "Adapting to changes in the copy keyword"). Its ` +
    `NumPy 1 meaning is np.asarray(x), as the guide and numpy's error message say; dtype and order carry over.`,
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Unable to avoid copy while creating an array as requested/ }],
    pattern: true,
  },
  needles: ['copy=False', 'copy = False'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (inExceptClause(call, parsed)) continue;
      const fn = call.childForFieldName('function');
      if (ctx.imports.resolve(fn, parsed) !== 'numpy.array' || fn?.type !== 'attribute') continue;
      const copy = keywordArgument(call, 'copy', parsed);
      if (!copy || parsed.text(copy.childForFieldName('value') as Node) !== 'False') continue;
      const all = callArguments(call);
      const positional = positionalArguments(call);
      const keywords = all.filter((a) => a.type === 'keyword_argument');
      if (positional.length < 1 || positional.length > 2 || keywords.length + positional.length !== all.length)
        continue;
      if (!keywords.every((k) => ['copy', 'dtype', 'order'].includes(keywordName(k, parsed)))) continue;
      const kept = all.filter((a) => a.startIndex !== copy.startIndex).map((a) => parsed.text(a));
      edits.push(
        replaceNode(fn.childForFieldName('attribute') as Node, 'asarray'),
        replaceNode(call.childForFieldName('arguments') as Node, `(${kept.join(', ')})`),
      );
    }
    return edits;
  },
});
