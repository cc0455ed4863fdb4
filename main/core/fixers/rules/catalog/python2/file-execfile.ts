// python2.file-execfile — file(path) → open(path); execfile(path) → exec(compile(open(path).read(), path, "exec"))
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     for line in file('data.txt'):
//   →
//     for line in open('data.txt'):
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { positionalArguments, callArguments } from '../../syntax';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3, notebookDefines } from './_shared';

export const fileExecfile = defineRule({
  id: 'python2.file-execfile',
  title: 'file(path) → open(path); execfile(path) → exec(compile(open(path).read(), path, "exec"))',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed the file() builtin (open() takes the same arguments) and execfile() (its equivalent ' +
    'reads and compiles the file, naming it in tracebacks, then exec()s it in the given namespaces). ' +
    'A notebook that binds `file` or `execfile` itself (a loop variable called file) keeps its own.',
  trigger: { errors: [{ ename: 'NameError', evalue: /name '(file|execfile)' is not defined/ }], pattern: true },
  needles: ['file('],
  prepare(notebook) {
    return notebookDefines(notebook, ['file', 'execfile']);
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'identifier') continue;
      const name = parsed.text(fn);
      if (name === 'file' && !defined.has('file')) edits.push(replaceNode(fn, 'open'));
      if (name === 'execfile' && !defined.has('execfile')) {
        const args = positionalArguments(call);
        const path = args[0];
        if (!path || args.length > 3 || callArguments(call).length !== args.length) continue;
        const text = parsed.text(path);
        const source =
          path.type === 'identifier' || path.type === 'string'
            ? `compile(open(${text}).read(), ${text}, 'exec')`
            : `(lambda p: compile(open(p).read(), p, 'exec'))(${text})`;
        edits.push(replaceNode(call, `exec(${[source, ...args.slice(1).map((a) => parsed.text(a))].join(', ')})`));
      }
    }
    return edits;
  },
});
