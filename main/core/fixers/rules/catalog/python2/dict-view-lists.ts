// python2.dict-view-lists — d.keys() / values() / items() → list(…) where Python 2 code needed the list (printed,
// compared, looped over while d changes)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     for k in d.keys():
//         if d[k] > 1:
//             del d[k]
//     print(d.keys())
//     same = d.keys() == ['a']
//   →
//     for k in list(d.keys()):
//         if d[k] > 1:
//             del d[k]
//     print(list(d.keys()))
//     same = list(d.keys()) == ['a']
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a loop that only reads, and print of something that may not be a dict, are left alone.
import { defineRule, type RuleRunContext } from '../../rule';
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { BINDING_STATEMENTS } from '../../bindings';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, methodReceiver, callArguments } from '../../syntax';
import { PY3, WHATS_NEW } from './_shared';

/** Names every assignment of which (in the whole notebook) is a dict display, comprehension or dict-making call. */
function knownDicts(ctx: RuleRunContext): Set<string> {
  const dicts = new Set<string>();
  const others = new Set<string>();
  const DICT_CALLS = /^(dict|collections\.(OrderedDict|defaultdict|Counter)|OrderedDict|defaultdict|Counter)$/;
  const cells = (source: string): boolean =>
    /\.(keys|values|items)\(\)/.test(source) || /[{]|dict\(|Counter\(|defaultdict\(/.test(source);
  // every cell, whole: what a name holds is decided by all its bindings in the notebook
  for (const { kind, node, target: left, parsed } of ctx.bindings({
    kinds: [...BINDING_STATEMENTS, 'parameters'],
    cells,
  })) {
    if (kind === 'parameters') {
      for (const id of node.descendantsOfType('identifier')) others.add(parsed.text(id));
      continue;
    }
    if (left.type !== 'identifier') {
      for (const id of left.descendantsOfType('identifier'))
        if (id.parent?.type !== 'attribute' && id.parent?.type !== 'subscript') others.add(parsed.text(id));
      continue;
    }
    const name = parsed.text(left);
    const right = node.type === 'assignment' ? node.childForFieldName('right') : null;
    const isDict =
      right &&
      (right.type === 'dictionary' ||
        right.type === 'dictionary_comprehension' ||
        (right.type === 'call' && DICT_CALLS.test(parsed.text(right.childForFieldName('function') as Node))));
    (isDict ? dicts : others).add(name);
  }
  for (const name of others) dicts.delete(name);
  return dicts;
}

const VIEW_METHODS = new Set(['keys', 'values', 'items']);

/** Does the loop body change the dict `name` (del d[k], d[k] = …, d.pop(…), d.update(…) …)? */
function mutates(body: Node, name: string, parsed: ParsedSource): boolean {
  const text = parsed.text(body);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `\\bdel\\s+${escaped}\\s*\\[|(^|[^\\w.])${escaped}\\s*\\[[^\\]\\n]*\\]\\s*(=(?!=)|[-+*/|&]=)|(^|[^\\w.])${escaped}\\.(pop|popitem|update|clear|setdefault)\\s*\\(`,
    'm',
  ).test(text);
}

export const dictViewLists = defineRule({
  id: 'python2.dict-view-lists',
  title:
    'd.keys() / values() / items() → list(…) where Python 2 code ' +
    'needed the list (printed, compared, looped over while d changes)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    `Python 2's keys(), values() and items() returned new lists; Python 3's return live views ` +
    `(${WHATS_NEW}, "Views and iterators instead of lists"; lib2to3's fix_dict). Three uses differ ` +
    `silently or fail: a loop over d.keys() that deletes or adds keys of d (a list was a copy; a view ` +
    `raises "dictionary changed size during iteration"), print(d.keys()) (prints dict_keys([...]) ` +
    `instead of the list) and d.keys() == [...] (a view never equals a list). There the call is wrapped ` +
    `in list(). Printing and comparing are rewritten only for names the notebook only ever assigns ` +
    `a dict to; other uses of views (iteration, len, in, sorted) mean the same and are left alone.`,
  trigger: { errors: [{ ename: 'RuntimeError', evalue: /dictionary changed size during iteration/ }], pattern: true },
  needles: ['.keys()', '.values()', '.items()'],
  prepare(_notebook, ctx) {
    return knownDicts(ctx);
  },
  apply(parsed, ctx) {
    const dicts = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || !VIEW_METHODS.has(name) || !receiver || callArguments(call).length > 0) continue;
      const parent = call.parent;
      const wrap = (): void => void edits.push(replaceNode(call, `list(${parsed.text(call)})`));
      if (parent?.type === 'for_statement' && parent.childForFieldName('right')?.startIndex === call.startIndex) {
        const body = parent.childForFieldName('body');
        if (body && ['identifier', 'attribute'].includes(receiver.type) && mutates(body, parsed.text(receiver), parsed))
          wrap();
        continue;
      }
      if (receiver.type !== 'identifier' || !dicts.has(parsed.text(receiver))) continue;
      const printed =
        parent?.type === 'argument_list' &&
        parsed.text(parent.parent?.childForFieldName('function') as Node) === 'print';
      const compared =
        parent?.type === 'comparison_operator' &&
        parent.children.some((c) => c.type === '==' || c.type === '!=') &&
        parent.namedChildren.some((c) => c.type === 'list');
      if (printed || compared) wrap();
    }
    return edits;
  },
});
