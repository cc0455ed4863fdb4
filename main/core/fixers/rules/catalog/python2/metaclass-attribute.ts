// python2.metaclass-attribute — class A(B): __metaclass__ = M → class A(B, metaclass=M)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     class A(object):
//         __metaclass__ = ABCMeta
//         x = 1
//     class B:
//         __metaclass__ = Meta
//   →
//     class A(object, metaclass=ABCMeta):
//         x = 1
//     class B(metaclass=Meta):
//         pass
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a Python 3 metaclass= is left alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt, replaceNode } from '../../source-edit';
import { callArguments } from '../../syntax';
import { PY3, WHATS_NEW } from './_shared';

/** The statements of a class body that are `__metaclass__ = M`. */
function metaclassStatements(body: Node, parsed: ParsedSource): { statement: Node; value: Node }[] {
  const found: { statement: Node; value: Node }[] = [];
  for (const statement of body.namedChildren) {
    const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : null;
    const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    const value = assignment?.childForFieldName('right');
    if (
      left?.type === 'identifier' &&
      parsed.text(left) === '__metaclass__' &&
      value &&
      statement.namedChildCount === 1
    )
      found.push({ statement, value });
  }
  return found;
}

export const metaclassAttribute = defineRule({
  id: 'python2.metaclass-attribute',
  title: 'class A(B): __metaclass__ = M → class A(B, metaclass=M)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    `Python 3 ignores a __metaclass__ attribute in the class body: the class is built by type, silently, ` +
    `and whatever the metaclass added or checked is gone (PEP 3115; ${WHATS_NEW}; lib2to3's fix_metaclass). The ` +
    `metaclass moves to the class statement's metaclass= keyword, which is what Python 2 read the attribute for.`,
  trigger: { pattern: true },
  needles: ['__metaclass__'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const klass of ctx.nodes('class_definition')) {
      const body = klass.childForFieldName('body');
      if (!body) continue;
      const found = metaclassStatements(body, parsed);
      const only = found[0];
      if (found.length !== 1 || !only) continue;
      const bases = klass.childForFieldName('superclasses');
      if (
        bases &&
        callArguments(bases as Node).some((a) => a.type === 'keyword_argument' || a.type === 'dictionary_splat')
      )
        continue;
      const keyword = `metaclass=${parsed.text(only.value)}`;
      const name = klass.childForFieldName('name') as Node;
      if (!bases) edits.push(insertAt(name.endIndex, `(${keyword})`));
      else {
        const args = bases.namedChildren.filter((c) => c.type !== 'comment');
        edits.push(
          args.length === 0
            ? replaceNode(bases, `(${keyword})`)
            : insertAt((args.at(-1) as Node).endIndex, `, ${keyword}`),
        );
      }
      const statements = body.namedChildren.filter((c) => c.type !== 'comment');
      if (statements.length === 1) edits.push(replaceNode(only.statement, 'pass'));
      else {
        // drop the line, its indentation and its newline (only when the statement is alone on its line)
        const start = parsed.source.lastIndexOf('\n', only.statement.startIndex - 1) + 1;
        const eol = parsed.source.indexOf('\n', only.statement.endIndex);
        const end = eol === -1 ? parsed.source.length : eol + 1;
        if (parsed.source.slice(start, end).trim() !== parsed.text(only.statement)) continue;
        edits.push({ start, end, text: '' });
      }
    }
    return edits;
  },
});
