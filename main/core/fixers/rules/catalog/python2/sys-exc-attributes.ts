// python2.sys-exc-attributes — sys.exc_type / exc_value / exc_traceback → sys.exc_info()[i]; sys.exitfunc = f →
// atexit.register(f); os.getcwdu() → os.getcwd()
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     import sys, os
//     try:
//         run()
//     except:
//         print(sys.exc_type, sys.exc_value)
//         tb = sys.exc_traceback
//     sys.exitfunc = cleanup
//     here = os.getcwdu()
//   →
//     import atexit
//     import sys, os
//     try:
//         run()
//     except:
//         print(sys.exc_info()[0], sys.exc_info()[1])
//         tb = sys.exc_info()[2]
//     …
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: sys.exc_info() and a variable called exc_type are left alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { PY3, WHATS_NEW, ensureImport } from './_shared';

const SYS_EXC: Record<string, string> = { exc_type: '0', exc_value: '1', exc_traceback: '2' };

export const sysExcAttributes = defineRule({
  id: 'python2.sys-exc-attributes',
  title:
    'sys.exc_type / exc_value / exc_traceback → sys.exc_info()[i]; ' +
    'sys.exitfunc = f → atexit.register(f); os.getcwdu() → os.getcwd()',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    `Python 3 removed sys.exc_type, sys.exc_value and sys.exc_traceback (the exception being ` +
    `handled: sys.exc_info()[0], [1], [2]), sys.exitfunc (atexit.register(f) runs f at exit, as ` +
    `assigning it did; assigning it in Python 3 silently does nothing) and os.getcwdu (os.getcwd ` +
    `returns str, the Unicode path) — ${WHATS_NEW}; lib2to3's fix_sys_exc, fix_exitfunc and fix_getcwdu.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /module '(sys|os)' has no attribute '(exc_type|exc_value|exc_traceback|getcwdu)'/,
      },
    ],
    pattern: true,
  },
  needles: ['exc_type', 'exc_value', 'exc_traceback', 'exitfunc', 'getcwdu'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let atexit = false;
    for (const attr of ctx.nodes('attribute')) {
      const qualified = ctx.imports.resolve(attr, parsed);
      const name = qualified?.startsWith('sys.') ? qualified.slice(4) : null;
      if (qualified === 'os.getcwdu') edits.push(replaceNode(attr.childForFieldName('attribute') as Node, 'getcwd'));
      if (!name) continue;
      if (name in SYS_EXC)
        edits.push(
          replaceNode(
            attr,
            `${parsed.text(attr.childForFieldName('object') as Node)}.exc_info()[${SYS_EXC[name] as string}]`,
          ),
        );
      else if (name === 'exitfunc') {
        const assignment = attr.parent;
        const value = assignment?.childForFieldName('right');
        if (
          assignment?.type !== 'assignment' ||
          assignment.childForFieldName('left')?.startIndex !== attr.startIndex ||
          !value ||
          assignment.parent?.type !== 'expression_statement'
        )
          continue;
        edits.push(replaceNode(assignment, `atexit.register(${parsed.text(value)})`));
        atexit = true;
      }
    }
    if (atexit) ensureImport(parsed, ctx, 'atexit', edits);
    return edits;
  },
});
