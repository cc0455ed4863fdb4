// python2.dict-iterators — .iteritems() / .itervalues() / .iterkeys() → .items() / .values() / .keys() (iter(…) where
// an iterator is needed); .viewitems() … → .items() …
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     for k, v in d.iteritems():
//         pass
//     vals = list(d.itervalues())
//   →
//     for k, v in d.items():
//         pass
//     vals = list(d.values())
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode, insertAt } from '../../source-edit';
import { methodName, callArguments } from '../../syntax';
import { PY3 } from './_shared';

const DICT_ITERATORS: Record<string, string> = { iteritems: 'items', itervalues: 'values', iterkeys: 'keys' };

const DICT_VIEWS: Record<string, string> = { viewitems: 'items', viewvalues: 'values', viewkeys: 'keys' };

/** Builtins that only iterate over their single argument: an iterator and a view give them the same thing. */
const ITERATING_CALLS = new Set([
  'list',
  'sorted',
  'set',
  'frozenset',
  'tuple',
  'dict',
  'sum',
  'min',
  'max',
  'any',
  'all',
  'enumerate',
  'zip',
  'map',
  'filter',
  'join',
  'extend',
  'update',
  'OrderedDict',
  'Counter',
  'deque',
]);

/** Is the call's value only iterated (a for loop, a comprehension, `in`, list(…), ', '.join(…))? */
function onlyIterated(call: Node, parsed: ParsedSource): boolean {
  const parent = call.parent;
  if (!parent) return false;
  const isRight = parent.childForFieldName('right')?.startIndex === call.startIndex;
  if ((parent.type === 'for_statement' || parent.type === 'for_in_clause') && isRight) return true;
  if (
    parent.type === 'comparison_operator' &&
    parent.children.some((c) => c.type === 'in' || c.type === 'not in') &&
    parent.namedChildren.at(-1)?.startIndex === call.startIndex
  )
    return true;
  if (parent.type === 'argument_list') {
    const fn = parent.parent?.childForFieldName('function');
    const name = fn ? parsed.text(fn).split('.').pop() : '';
    if (!name || !ITERATING_CALLS.has(name)) return false;
    // the iterated argument: any of zip's, map/filter's after the function, the first of the others
    const index = parent.namedChildren.findIndex((a) => a.startIndex === call.startIndex);
    return name === 'zip' || (name === 'map' || name === 'filter' ? index >= 1 : index === 0);
  }
  return false;
}

export const dictIterators = defineRule({
  id: 'python2.dict-iterators',
  title:
    '.iteritems() / .itervalues() / .iterkeys() → .items() / .values() / ' +
    '.keys() (iter(…) where an iterator is needed); .viewitems() … → .items() …',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 dicts have no iteritems/itervalues/iterkeys; items/values/keys return views that ' +
    'iterate the same way (pandas also removed Series/DataFrame.iteritems in 2.0 in favour of ' +
    '.items()). Where the result is only iterated (a loop, a comprehension, list(…), `in`) the view ' +
    'is used as is; elsewhere it is wrapped in iter(…), because a view is not the iterator Python ' +
    "2 returned: next(it) fails on a view and an empty view is false where Python 2's iterator was " +
    "always true. viewitems/viewvalues/viewkeys were Python 2.7's names for the views themselves.",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /has no attribute '(iteritems|itervalues|iterkeys|viewitems|viewvalues|viewkeys)'/,
      },
    ],
    pattern: true,
  },
  needles: [...Object.keys(DICT_ITERATORS), ...Object.keys(DICT_VIEWS)],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (!name || !(name in DICT_ITERATORS || name in DICT_VIEWS) || callArguments(call).length > 0) continue;
      const attr = call.childForFieldName('function')?.childForFieldName('attribute');
      if (!attr) continue;
      edits.push(replaceNode(attr, (DICT_ITERATORS[name] ?? DICT_VIEWS[name]) as string));
      if (name in DICT_ITERATORS && !onlyIterated(call, parsed))
        edits.push(insertAt(call.startIndex, 'iter('), insertAt(call.endIndex, ')'));
    }
    return edits;
  },
});
