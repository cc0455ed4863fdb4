// python2.special-method-names — __nonzero__ → __bool__, next → __next__ (iterator classes), __div__ → __truediv__:
// aliases in the class
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     class It(object):
//         def __iter__(self):
//             return self
//         def next(self):
//             raise StopIteration
//     class V(object):
//         def __div__(self, o):
//             return self
//   →
//         __bool__ = __nonzero__
//     class It(object):
//         def __iter__(self):
//             return self
//         def next(self):
//             raise StopIteration
//         __next__ = next
//     …
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a class with next but no iterator protocol, or with __bool__ already, is left alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { PY3, WHATS_NEW } from './_shared';

/** Python 2 special methods whose Python 3 name differs: the class gets an alias, so both spellings work. */
const SPECIAL_ALIASES: Record<string, string> = {
  __nonzero__: '__bool__',
  __div__: '__truediv__',
  __rdiv__: '__rtruediv__',
  __idiv__: '__itruediv__',
  __unicode__: '__str__',
};

function methodsOf(body: Node, parsed: ParsedSource): Map<string, Node> {
  const methods = new Map<string, Node>();
  for (const statement of body.namedChildren) {
    const def = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    if (def?.type === 'function_definition') methods.set(parsed.text(def.childForFieldName('name') as Node), statement);
    const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : null;
    const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    if (left?.type === 'identifier') methods.set(parsed.text(left), statement);
  }
  return methods;
}

export const specialMethodNames = defineRule({
  id: 'python2.special-method-names',
  title: '__nonzero__ → __bool__, next → __next__ (iterator classes), __div__ → __truediv__: aliases in the class',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    `Python 3 renamed these special methods (${WHATS_NEW}, "Operators and special methods"; lib2to3's ` +
    `fix_nonzero and fix_next): __nonzero__ is __bool__ (without it, bool(obj) is silently always True), an ` +
    `iterator's next is __next__ (without it, iter() rejects the object), and / calls __truediv__, not __div__ (a ` +
    `Python 2 class without \`from __future__ import division\` meant its __div__ for /). The class gets an alias ` +
    `line (\`__bool__ = __nonzero__\`), so the Python 2 name keeps working for callers too. next is aliased only ` +
    `in classes that also define __iter__ or raise StopIteration, __unicode__ only where the class has no __str__.`,
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /iter\(\) returned non-iterator|object is not an iterator|unsupported operand type\(s\) for \/=?:/,
      },
    ],
    pattern: true,
  },
  needles: ['__nonzero__', 'def next(', '__div__', '__rdiv__', '__idiv__', '__unicode__'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const klass of ctx.nodes('class_definition')) {
      const body = klass.childForFieldName('body');
      if (!body) continue;
      const methods = methodsOf(body, parsed);
      const aliases: [string, string][] = [];
      for (const [old, now] of Object.entries(SPECIAL_ALIASES))
        if (methods.has(old) && !methods.has(now)) aliases.push([now, old]);
      const next = methods.get('next');
      if (next && !methods.has('__next__') && (methods.has('__iter__') || parsed.text(next).includes('StopIteration')))
        aliases.push(['__next__', 'next']);
      if (aliases.length === 0) continue;
      const last = body.namedChildren.at(-1) as Node;
      const first = body.namedChildren[0] as Node;
      const indent = parsed.source.slice(parsed.source.lastIndexOf('\n', first.startIndex - 1) + 1, first.startIndex);
      if (/\S/.test(indent)) continue;
      edits.push(insertAt(last.endIndex, aliases.map(([now, old]) => `\n${indent}${now} = ${old}`).join('')));
    }
    return edits;
  },
});
