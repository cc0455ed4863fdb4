// numpy.removed-members' rewrite of np.deprecate / np.deprecate_with_doc (a helper of that rule only, in a file of
// its own so the rule's file stays readable).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { callArguments, keywordName, positionalArguments } from '../../syntax';

/**
 * np.deprecate as a decorator (`@np.deprecate`, `@np.deprecate(message='…')`, `@np.deprecate_with_doc('…')`) or
 * applied to a function name (`g = np.deprecate(f)`) → warnings.deprecated with the message NumPy 1.x warned with:
 * "`f` is deprecated!" and the message on a line of its own. Other forms (old_name=, new_name=) are left alone.
 */
export function deprecateRewrite(node: Node, name: string, parsed: ParsedSource): { node: Node; text: string } | null {
  const parent = node.parent;
  const decorated = (decorator: Node | null | undefined): string | null => {
    const definition =
      decorator?.parent?.type === 'decorated_definition' ? decorator.parent.childForFieldName('definition') : null;
    const fnName = definition?.childForFieldName('name');
    return fnName ? parsed.text(fnName) : null;
  };
  const base = (fn: string): string => `'\`${fn}\` is deprecated!'`;
  if (parent?.type === 'decorator' && name === 'deprecate') {
    const fn = decorated(parent);
    return fn ? { node, text: `warnings.deprecated(${base(fn)})` } : null;
  }
  if (parent?.type !== 'call' || parent.childForFieldName('function')?.id !== node.id) return null;
  const all = callArguments(parent);
  const positional = positionalArguments(parent);
  const message =
    name === 'deprecate_with_doc'
      ? all.length === 1 && positional.length === 1
        ? positional[0]
        : null
      : all.length === 1 && all[0]?.type === 'keyword_argument' && keywordName(all[0], parsed) === 'message'
        ? (all[0] as Node).childForFieldName('value')
        : null;
  // new = np.deprecate_with_doc('…')(old): applied to a function name, as a decorator would be
  const applied = parent.parent;
  const target = applied?.type === 'call' ? callArguments(applied) : [];
  if (
    applied?.type === 'call' &&
    applied.childForFieldName('function')?.id === parent.id &&
    message &&
    target.length === 1 &&
    target[0]?.type === 'identifier'
  ) {
    const fn = parsed.text(target[0]);
    return { node: applied, text: `warnings.deprecated(${base(fn)} + '\\n' + ${parsed.text(message)})(${fn})` };
  }
  if (parent.parent?.type === 'decorator') {
    const fn = decorated(parent.parent);
    if (!fn || !message) return null;
    return { node: parent, text: `warnings.deprecated(${base(fn)} + '\\n' + ${parsed.text(message)})` };
  }
  // g = np.deprecate(f): f's own name in the message
  if (name === 'deprecate' && all.length === 1 && positional[0]?.type === 'identifier') {
    const fn = parsed.text(positional[0]);
    return { node: parent, text: `warnings.deprecated(${base(fn)})(${fn})` };
  }
  return null;
}
