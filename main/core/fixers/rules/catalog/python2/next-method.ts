// python2.next-method — it.next() → next(it)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     header = reader.next()
//   →
//     header = next(reader)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { definesName, methodReceiver, methodName, callArguments } from '../../syntax';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3, mayDefine } from './_shared';

export const nextMethod = defineRule({
  id: 'python2.next-method',
  title: 'it.next() → next(it)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 iterators have __next__ instead of next(); the builtin next(it) advances ' +
    'them. Applied on the failing line (other objects may have a next method of their own). ' +
    'Where the notebook defines or assigns a `next` of its own, the builtin is not what ' +
    '`next` means there: the call becomes it.__next__(), which is what the builtin calls.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'next'/ }] },
  errorScope: 'line',
  needles: ['.next()'],
  prepare(notebook) {
    // a notebook that binds `next` itself (a function, a variable, a loop target, an import) shadows the builtin
    return notebook.codeCells.some(
      (i) => mayDefine(notebook.source(i), 'next') && definesName(notebook.parse(i), 'next'),
    );
  },
  apply(parsed, ctx) {
    const shadowed = ctx.state === true;
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const receiver = methodReceiver(call);
      if (methodName(call, parsed) !== 'next' || callArguments(call).length > 0 || !receiver) continue;
      const attribute = call.childForFieldName('function')?.childForFieldName('attribute');
      if (shadowed) {
        if (attribute) edits.push(replaceNode(attribute, '__next__'));
      } else edits.push(replaceNode(call, `next(${parsed.text(receiver)})`));
    }
    return edits;
  },
});
