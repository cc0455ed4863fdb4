// python.removed-methods-3-9 — thread.isAlive() → thread.is_alive(), element.getchildren() → list(element),
// element.getiterator(tag) → element.iter(tag)
//
// Why it broke: Python 3.9 (2020-10-05) removed threading.Thread.isAlive() (deprecated in 3.8, "use is_alive()
// instead") and xml.etree.ElementTree's Element.getchildren() / getiterator() and ElementTree.getiterator()
// (deprecated since 3.2, "use list(elem) or iteration over elem" / "use iter()"): the old call fails with
// AttributeError: 'Thread' object has no attribute 'isAlive'.
// Changelog: https://docs.python.org/3/whatsnew/3.9.html#removed
// Example:
//     while t.isAlive():
//         time.sleep(0.1)
//     tags = [c.tag for c in root.getchildren()]
//     for node in tree.getiterator('item'):
//         pass
//   →
//     while t.is_alive():
//         time.sleep(0.1)
//     tags = [c.tag for c in list(root)]
//     for node in tree.iter('item'):
//         pass
// Fix safety: Same result: the removed methods were those calls (Lib/threading.py 3.8: isAlive warned and returned
// is_alive(); Lib/xml/etree/ElementTree.py 3.8: getchildren returned list(self), getiterator returned
// list(self.iter(tag)) — iterated the same). Applied only on the line whose error names the removed method of a
// Thread / Element / ElementTree, so a method of the notebook's own objects is never renamed.
// Left alone: a line that did not fail; getiterator's result indexed or measured (it was a list, iter() is not).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, methodName, methodReceiver } from '../../syntax';
import { py } from './_shared';

const ERROR =
  /'(Thread|_MainThread|_DummyThread|(?:xml\.etree\.ElementTree\.)?Element|ElementTree)' object has no attribute '(isAlive|getchildren|getiterator)'/;

export const removedMethods39 = defineRule({
  id: 'python.removed-methods-3-9',
  title: 'thread.isAlive() → is_alive(), element.getchildren() → list(element), getiterator(tag) → iter(tag)',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.9', '2020-10-05'),
  deprecatedIn: '3.2',
  explanation:
    "Python 3.9 removed threading.Thread.isAlive() (its 3.8 body: warn, then return is_alive()) and ElementTree's Element.getchildren() (list(self)) and getiterator(tag) (list(self.iter(tag))), deprecated since 3.2. On the line whose AttributeError names one of them for a Thread, an Element or an ElementTree, t.isAlive() becomes t.is_alive(), e.getchildren() list(e), and e.getiterator(tag) e.iter(tag) where it is iterated (a for loop or a comprehension; list(e.iter(tag)) elsewhere).",
  trigger: { errors: [{ ename: 'AttributeError', evalue: ERROR }] },
  errorScope: 'line',
  needles: ['.isAlive(', '.getchildren(', '.getiterator('],
  apply(parsed, ctx) {
    const methods = new Set(ctx.errors.map((e) => ERROR.exec(e.evalue)?.[2]).filter((m): m is string => !!m));
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || !receiver || !methods.has(name)) continue;
      const args = callArguments(call);
      if (name === 'isAlive' && args.length === 0)
        edits.push(replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'is_alive'));
      else if (name === 'getchildren' && args.length === 0)
        edits.push(replaceNode(call, `list(${parsed.text(receiver)})`));
      else if (name === 'getiterator' && args.length <= 1) {
        const iterated =
          (call.parent?.type === 'for_statement' || call.parent?.type === 'for_in_clause') &&
          call.parent.childForFieldName('right')?.id === call.id;
        const text = `${parsed.text(receiver)}.iter(${args[0] ? parsed.text(args[0]) : ''})`;
        edits.push(replaceNode(call, iterated ? text : `list(${text})`));
      }
    }
    return edits;
  },
});
