// python2.sort-cmp — sorted(x, cmp=f) / x.sort(cmp=f) → key=functools.cmp_to_key(f)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     ranked = sorted(items, cmp=compare)
//     items.sort(cmp=lambda a, b: a - b)
//   →
//     import functools
//     ranked = sorted(items, key=functools.cmp_to_key(compare))
//     items.sort(key=functools.cmp_to_key(lambda a, b: a - b))
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, keywordArgument } from '../../syntax';
import { insertAtCellTop } from '../helpers';
import { PY3 } from './_shared';

export const sortCmp = defineRule({
  id: 'python2.sort-cmp',
  title: 'sorted(x, cmp=f) / x.sort(cmp=f) → key=functools.cmp_to_key(f)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed the cmp argument of sorted() and list.sort(); functools.cmp_to_key turns the same comparison function into a key, so the order is unchanged.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /'cmp' is an invalid keyword argument|unexpected keyword argument 'cmp'/ }],
    pattern: true,
  },
  needles: ['cmp='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!fn || !(parsed.text(fn) === 'sorted' || methodName(call, parsed) === 'sort')) continue;
      const cmp = keywordArgument(call, 'cmp', parsed);
      const value = cmp?.childForFieldName('value');
      if (!cmp || !value || keywordArgument(call, 'key', parsed)) continue;
      edits.push(replaceNode(cmp, `key=functools.cmp_to_key(${parsed.text(value)})`));
    }
    if (edits.length > 0 && ctx.imports.bindings.get('functools') !== 'functools')
      edits.push(insertAtCellTop(parsed, 'import functools'));
    return edits;
  },
});
