// python2.removed-builtins — apply(f, args, kw) → f(*args, **kw); buffer(x) → memoryview(x); intern(s) →
// sys.intern(s); StandardError → Exception
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     r = apply(f, (1, 2))
//     s = apply(g, args, {"b": 5})
//     t = apply(h)
//     b = buffer(data)
//     k = intern(name)
//     class E(StandardError):
//   →
//     import sys
//     r = f(*(1, 2))
//     s = g(*args, **{"b": 5})
//     t = h()
//     b = memoryview(data)
//     k = sys.intern(name)
//     class E(Exception):
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: the notebook's own apply and buffer are left alone; buffer(obj, offset) is not memoryview(obj): left
// alone.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, positionalArguments, asPrimary } from '../../syntax';
import { insertAtCellTop } from '../helpers';
import { PY3, WHATS_NEW, isNameUse, notebookDefines } from './_shared';

const REMOVED_BUILTINS = ['apply', 'buffer', 'intern', 'StandardError'];

export const removedBuiltins = defineRule({
  id: 'python2.removed-builtins',
  title:
    'apply(f, args, kw) → f(*args, **kw); buffer(x) → memoryview(x); ' +
    'intern(s) → sys.intern(s); StandardError → Exception',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    `Python 3 removed these builtins (${WHATS_NEW}, "Builtins"; lib2to3's fix_apply, ` +
    `fix_buffer, fix_intern, fix_standarderror): apply(f, args, kw) is the call f(*args, ` +
    `**kw); buffer(x) is memoryview(x); intern moved to sys.intern; StandardError, the base ` +
    `of the built-in errors, is Exception. A notebook's own apply/buffer/intern is left alone.`,
  trigger: {
    errors: [{ ename: 'NameError', evalue: /name '(apply|buffer|intern|StandardError)' is not defined/ }],
    pattern: true,
  },
  needles: REMOVED_BUILTINS,
  prepare(notebook) {
    return notebookDefines(notebook, REMOVED_BUILTINS);
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    let sys = false;
    for (const id of ctx.nodes('identifier')) {
      const name = parsed.text(id);
      if (!REMOVED_BUILTINS.includes(name) || defined.has(name) || !isNameUse(id, ['lambda_parameters'])) continue;
      if (name === 'StandardError') {
        edits.push(replaceNode(id, 'Exception'));
        continue;
      }
      const call = id.parent;
      if (call?.type !== 'call' || call.childForFieldName('function')?.startIndex !== id.startIndex) continue;
      const all = callArguments(call);
      const args = positionalArguments(call);
      if (args.length !== all.length) continue;
      if (name === 'apply' && args.length >= 1 && args.length <= 3) {
        const [fn, star, kw] = args as [Node, Node | undefined, Node | undefined];
        const parts = [star ? `*${asPrimary(star, parsed)}` : null, kw ? `**${asPrimary(kw, parsed)}` : null].filter(
          (p): p is string => p !== null,
        );
        edits.push(replaceNode(call, `${asPrimary(fn, parsed)}(${parts.join(', ')})`));
      } else if (name === 'buffer' && args.length === 1) edits.push(replaceNode(id, 'memoryview'));
      else if (name === 'intern' && args.length === 1) {
        edits.push(replaceNode(id, 'sys.intern'));
        sys = true;
      }
    }
    if (sys && ctx.imports.bindings.get('sys') !== 'sys') edits.push(insertAtCellTop(parsed, 'import sys'));
    return edits;
  },
});
