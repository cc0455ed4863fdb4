// python2.exception-message — except E as e: … e.message → str(e)
//
// Why it broke: Python 3.0 (2008-12-03) removed BaseException.message (deprecated since Python 2.6, PEP 352); an
// exception's text is str(e), or e.args.
// Changelog: https://docs.python.org/3/whatsnew/3.0.html (PEP 352, "Changes To Exceptions")
// Example:
//     except ValueError as e:
//         print(e.message)
//   →
//     except ValueError as e:
//         print(str(e))
// Fix safety: Same text: for an exception raised with one argument (the usual case) Python 2's e.message was that
// argument and str(e) is its text. Only on the line the error points at, and only for the name an enclosing
// except clause binds.
// Left alone: .message of any other object (a custom exception or a library object with a message attribute of
// its own does not fail), and e.message outside the except block that binds e.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3 } from './_shared';

/** The name `except … as NAME:` binds in the except clause around the node, or null. */
function exceptBinding(node: Node, source: string): string | null {
  for (let current: Node | null = node.parent; current; current = current.parent) {
    if (current.type === 'function_definition' || current.type === 'class_definition') return null;
    if (current.type !== 'except_clause') continue;
    const body = current.namedChildren.find((child) => child?.type === 'block');
    const header = source.slice(current.startIndex, body ? body.startIndex : current.endIndex);
    return /\bas\s+([A-Za-z_]\w*)\s*:\s*$/.exec(header)?.[1] ?? null;
  }
  return null;
}

export const exceptionMessage = defineRule({
  id: 'python2.exception-message',
  title: 'except E as e: … e.message → str(e)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed BaseException.message (PEP 352; deprecated since 2.6): an ' +
    "exception's text is str(e). Applied on the failing line to the name an enclosing " +
    "`except … as e:` binds; other objects' .message attributes are their own.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'message'/ }] },
  errorScope: 'line',
  needles: ['.message'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attribute of ctx.nodes('attribute')) {
      const object = attribute.childForFieldName('object');
      const name = attribute.childForFieldName('attribute');
      if (object?.type !== 'identifier' || !name || parsed.text(name) !== 'message') continue;
      // an assignment target (e.message = …) is the notebook's own attribute
      const parent = attribute.parent;
      if (parent?.type === 'assignment' && parent.childForFieldName('left')?.id === attribute.id) continue;
      if (exceptBinding(attribute, parsed.source) !== parsed.text(object)) continue;
      edits.push(replaceNode(attribute, `str(${parsed.text(object)})`));
    }
    return edits;
  },
});
