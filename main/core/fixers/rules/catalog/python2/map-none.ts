// python2.map-none — map(None, xs) → list(xs); map(None, a, b) → list(itertools.zip_longest(a, b))
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     a = map(None, xs)
//     b = map(None, xs, ys)
//     c = list(map(None, xs, ys))
//   →
//     import itertools
//     a = list(xs)
//     b = list(itertools.zip_longest(xs, ys))
//     c = list(itertools.zip_longest(xs, ys))
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: map(f, xs) and the notebook's own map are left alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { positionalArguments, callArguments } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { insertAtCellTop } from '../helpers';
import { PY3, notebookDefines } from './_shared';

export const mapNone = defineRule({
  id: 'python2.map-none',
  title: 'map(None, xs) → list(xs); map(None, a, b) → list(itertools.zip_longest(a, b))',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2's map with None as the function returned the items themselves (one sequence) or tuples " +
    "padded with None to the longest sequence (several); Python 3's map calls None and fails. Those lists " +
    "are list(xs) and list(itertools.zip_longest(a, b)) (lib2to3's fix_map handles the one-sequence form).",
  trigger: { errors: [{ ename: 'TypeError', evalue: /'NoneType' object is not callable/ }], pattern: true },
  needles: [/\bmap\(\s*None\s*,/],
  prepare(notebook) {
    return notebookDefines(notebook, ['map']);
  },
  apply(parsed, ctx) {
    if ((ctx.state as Set<string>).has('map')) return [];
    const edits: SourceEdit[] = [];
    let itertools = false;
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'identifier' || parsed.text(fn) !== 'map') continue;
      const args = positionalArguments(call);
      if (args.length < 2 || args.length !== callArguments(call).length || args[0]?.type !== 'none') continue;
      const rest = args.slice(1).map((a) => parsed.text(a));
      const inList =
        call.parent?.type === 'argument_list' &&
        call.parent.namedChildCount === 1 &&
        parsed.text(call.parent.parent?.childForFieldName('function') as Node) === 'list';
      const target = call;
      if (rest.length === 1)
        edits.push(replaceNode(target, inList ? (rest[0] as string) : `list(${rest[0] as string})`));
      else {
        edits.push(
          replaceNode(
            target,
            inList ? `itertools.zip_longest(${rest.join(', ')})` : `list(itertools.zip_longest(${rest.join(', ')}))`,
          ),
        );
        itertools = true;
      }
    }
    if (itertools && ctx.imports.bindings.get('itertools') !== 'itertools')
      edits.push(insertAtCellTop(parsed, 'import itertools'));
    return edits;
  },
});
