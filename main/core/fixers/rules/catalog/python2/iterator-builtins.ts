// python2.iterator-builtins — map(…)[0], len(filter(…)), zip(…)[i], filter(…) + […], range(n) + […] → list(…)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     a = filter(f, xs) + [1]
//     b = range(3) + [4]
//   →
//     a = list(filter(f, xs)) + [1]
//     b = list(range(3)) + [4]
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a notebook's own range is left alone; a notebook that defines its own map is left alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { PY3, ITERATOR_BUILTINS, concatenated, notebookDefines } from './_shared';

export const iteratorBuiltins = defineRule({
  id: 'python2.iterator-builtins',
  title: 'map(…)[0], len(filter(…)), zip(…)[i], filter(…) + […], range(n) + […] → list(…)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'In Python 3 map(), filter() and zip() return iterators and range() a range object; in ' +
    'Python 2 they returned lists. Where the result is used as a list — indexed, sliced, ' +
    'passed to len() (map/filter/zip), or concatenated with + (all four) — it is wrapped in ' +
    'list(). Other uses (a for loop, sorted(), sum()) work on the iterator and are left alone.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'(map|filter|zip)' object (is not subscriptable|has no len)|object of type '(map|filter|zip)' has no len|unsupported operand type\(s\) for \+: '(map|filter|zip|range)'|unsupported operand type\(s\) for \+: '\w+' and '(map|filter|zip|range)'|can only concatenate list \(not "(map|filter|zip|range)"\)/,
      },
    ],
    pattern: true,
  },
  needles: [/(^|[^.\w])(map|filter|zip)\(/m, /(^|[^.\w])range\([^\n]*\+|\+[^\n]*(^|[^.\w])range\(/m],
  prepare(notebook) {
    return notebookDefines(notebook, [...ITERATOR_BUILTINS, 'range']);
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = fn?.type === 'identifier' ? parsed.text(fn) : '';
      if (!(ITERATOR_BUILTINS.includes(name) || name === 'range') || defined.has(name)) continue;
      const parent = call.parent;
      const indexed = parent?.type === 'subscript' && parent.childForFieldName('value')?.startIndex === call.startIndex;
      const measured =
        parent?.type === 'argument_list' &&
        parent.namedChildCount === 1 &&
        parsed.text(parent.parent?.childForFieldName('function') as Node) === 'len';
      // range objects can be indexed and measured in Python 3; only their concatenation fails
      if (name === 'range' ? concatenated(call) : indexed || measured || concatenated(call))
        edits.push(replaceNode(call, `list(${parsed.text(call)})`));
    }
    return edits;
  },
});
