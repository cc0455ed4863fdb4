// python2.iterator-assignments — in a Python 2 notebook, x = map(…) / filter(…) / zip(…) / range(…) → x = list(…)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     lens = map(len, words)
//     print lens
//     nums = map(int, fields)
//     print sum(nums), max(nums)
//     idx = range(n)
//     random.shuffle(idx)
//     print sorted(idx) == range(n)
//   →
//     lens = list(map(len, words))
//     print lens
//     nums = list(map(int, fields))
//     print sum(nums), max(nums)
//     idx = list(range(n))
//     random.shuffle(idx)
//     print sorted(idx) == list(range(n))
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: notebooks that do not show they are Python 2 (no print statement, no python2 kernel); a notebook's own
// map/filter/zip/range; filter() over a string literal (Python 2 returned a string); calls already inside list().
import { defineRule } from '../../rule';
import { callArguments } from '../../syntax';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3, ITERATOR_BUILTINS, notebookDefines, python2Notebook } from './_shared';

export const iteratorAssignments = defineRule({
  id: 'python2.iterator-assignments',
  title: 'In a Python 2 notebook, x = map(…) / filter(…) / zip(…) / range(…) → x = list(…)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2's map(), filter() and zip() returned lists; Python 3's return one-shot iterators. A variable bound to one of them prints as `<map object at …>` and is empty the second time it is read (`sum(nums), max(nums)`: max() of an exhausted iterator fails, a second loop silently does nothing) — no error names the variable where it goes wrong. range() returned a list too: `idx = range(n)` then `random.shuffle(idx)` or `idx.remove(…)` needs it. In a notebook that shows it is Python 2 (a print statement, a python2 kernel), an assignment of such a call to a name (or an attribute or item, self.order = range(n)), or such a call compared with == or != (`sorted(idx) == range(6)`: a list never equals a range object), gets list(), the value the name held in Python 2 (lib2to3's fix_map/fix_filter/fix_zip/fix_xrange do the same). filter() over a string literal returned a string in Python 2 and is left alone.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /(max|min)\(\) (iterable argument is empty|arg is an empty sequence)/ }],
    pattern: true,
  },
  needles: [/=\s*(map|filter|zip|range)\(/, /(map|filter|zip|range)\([^\n]*[=!]=|[=!]=\s*(map|filter|zip|range)\(/],
  prepare(notebook) {
    return notebookDefines(notebook, [...ITERATOR_BUILTINS, 'range']);
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    let python2: boolean | null = null;
    for (const assignment of ctx.nodes('assignment')) {
      const left = assignment.childForFieldName('left');
      const right = assignment.childForFieldName('right');
      // a name, or an attribute / item the value is stored in (self.idx = range(n))
      if (!['identifier', 'attribute', 'subscript'].includes(left?.type ?? '') || right?.type !== 'call') continue;
      const fn = right.childForFieldName('function');
      const name = fn?.type === 'identifier' ? parsed.text(fn) : '';
      if (!(ITERATOR_BUILTINS.includes(name) || name === 'range') || defined.has(name)) continue;
      if (name === 'filter' && callArguments(right)[1]?.type === 'string') continue;
      python2 ??= python2Notebook(ctx);
      if (!python2) return [];
      edits.push(replaceNode(right, `list(${parsed.text(right)})`));
    }
    // `sorted(idx) == range(6)`: a list compared with the list range() returned (a range object never equals a list)
    for (const comparison of ctx.nodes('comparison_operator')) {
      const operators = comparison.children.filter((c) => c.type === '==' || c.type === '!=');
      if (operators.length === 0 || operators.length !== comparison.namedChildCount - 1) continue;
      for (const operand of comparison.namedChildren) {
        const fn = operand.type === 'call' ? operand.childForFieldName('function') : null;
        const name = fn?.type === 'identifier' ? parsed.text(fn) : '';
        if (!(ITERATOR_BUILTINS.includes(name) || name === 'range') || defined.has(name)) continue;
        python2 ??= python2Notebook(ctx);
        if (!python2) return edits;
        edits.push(replaceNode(operand, `list(${parsed.text(operand)})`));
      }
    }
    return edits;
  },
});
