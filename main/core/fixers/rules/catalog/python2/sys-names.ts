// python2.sys-names — sys.maxint → sys.maxsize; reload(sys); sys.setdefaultencoding(…) removed; reload(m) →
// importlib.reload(m)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     reload(sys)
//     sys.setdefaultencoding('utf8')
//     best = sys.maxint
//   →
//     pass  # reload(sys): not needed in Python 3
//     pass  # sys.setdefaultencoding('utf8'): Python 3 strings are Unicode
//     best = sys.maxsize
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { definesName, positionalArguments } from '../../syntax';
import { insertAtCellTop } from '../helpers';
import { PY3, mayDefine } from './_shared';

export const sysNames = defineRule({
  id: 'python2.sys-names',
  title: 'sys.maxint → sys.maxsize; reload(sys); sys.setdefaultencoding(…) removed; reload(m) → importlib.reload(m)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 has no sys.maxint (sys.maxsize is the largest index, what notebooks use ' +
    'it for), no sys.setdefaultencoding (text is Unicode already: the `reload(sys); ' +
    "sys.setdefaultencoding('utf8')` idiom is dropped), and reload moved to importlib.",
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /module 'sys' has no attribute '(maxint|setdefaultencoding)'/ },
      { ename: 'NameError', evalue: /name 'reload' is not defined/ },
    ],
    pattern: true,
  },
  needles: ['maxint', 'setdefaultencoding', 'reload('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let importlib = false;
    for (const attr of ctx.nodes('attribute')) {
      if (ctx.imports.resolve(attr, parsed) === 'sys.maxint')
        edits.push(replaceNode(attr.childForFieldName('attribute') as Node, 'maxsize'));
    }
    const dropsEncoding = parsed
      .nodes('call')
      .some((c) => ctx.imports.resolve(c.childForFieldName('function'), parsed) === 'sys.setdefaultencoding');
    let ownReload: boolean | undefined;
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const args = positionalArguments(call);
      const statement = call.parent;
      // `m = reload(m)` and `reload(m)` inside an expression are importlib.reload too (only a statement can be dropped)
      if (statement?.type !== 'expression_statement') {
        if (fn?.type !== 'identifier' || parsed.text(fn) !== 'reload' || args.length !== 1) continue;
        if (ctx.imports.bindings.has('reload')) continue;
        ownReload ??= ctx.notebook.codeCells.some(
          (i) => mayDefine(ctx.notebook.source(i), 'reload') && definesName(ctx.notebook.parse(i), 'reload'),
        );
        if (ownReload) continue;
        edits.push(replaceNode(fn, 'importlib.reload'));
        importlib = true;
        continue;
      }
      if (ctx.imports.resolve(fn, parsed) === 'sys.setdefaultencoding') {
        edits.push(replaceNode(statement, `pass  # ${parsed.text(call)}: Python 3 strings are Unicode`));
      } else if (
        fn?.type === 'identifier' &&
        parsed.text(fn) === 'reload' &&
        args.length === 1 &&
        !ctx.imports.bindings.has('reload')
      ) {
        if (dropsEncoding && parsed.text(args[0] as Node) === 'sys')
          edits.push(replaceNode(statement, `pass  # ${parsed.text(call)}: not needed in Python 3`));
        else {
          edits.push(replaceNode(fn, 'importlib.reload'));
          importlib = true;
        }
      }
    }
    if (importlib && ctx.imports.bindings.get('importlib') !== 'importlib')
      edits.push(insertAtCellTop(parsed, 'import importlib'));
    return edits;
  },
});
