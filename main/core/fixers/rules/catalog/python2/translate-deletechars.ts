// python2.translate-deletechars — s.translate(None, chars) → s.translate(str.maketrans('', '', chars))
//
// Why it broke: Python 3.0 (2008-12-03): str.translate takes one table; Python 2's second argument (characters to
// delete, with None for "no mapping") is now the third argument of str.maketrans.
// Changelog: https://docs.python.org/3/library/stdtypes.html#str.maketrans
// Example:
//     clean = text.translate(None, string.punctuation)
//   →
//     clean = text.translate(str.maketrans('', '', string.punctuation))
// Fix safety: Same result: maketrans('', '', chars) maps each character of chars to None, which deletes it, as
// Python 2's deletechars did. Only on the line the error points at (bytes.translate(None, delete) is still valid).
// Left alone: a translate call with a table of its own, calls the error did not point at.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { argumentList, callArguments, methodName, positionalArguments } from '../../syntax';
import { PY3 } from './_shared';

export const translateDeletechars = defineRule({
  id: 'python2.translate-deletechars',
  title: "s.translate(None, chars) → s.translate(str.maketrans('', '', chars))",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3's str.translate takes one table; Python 2's deletechars argument is str.maketrans's " +
    "third argument (maketrans('', '', chars) deletes those characters). Applied on the failing line.",
  trigger: { errors: [{ ename: 'TypeError', evalue: /translate\(\) takes exactly one argument \(2 given\)/ }] },
  errorScope: 'line',
  needles: ['.translate('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'translate') continue;
      const args = positionalArguments(call);
      if (args.length !== 2 || callArguments(call).length !== 2) continue;
      const [table, deletechars] = args as [Node, Node];
      const list = argumentList(call);
      if (!list) continue;
      const mapping = table.type === 'none' ? "'', ''" : null;
      if (!mapping) continue;
      edits.push(replaceNode(list, `(str.maketrans(${mapping}, ${parsed.text(deletechars)}))`));
    }
    return edits;
  },
});
