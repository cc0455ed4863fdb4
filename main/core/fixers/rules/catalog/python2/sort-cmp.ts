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
import { type CellContext, defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, keywordArgument, positionalArguments } from '../../syntax';
import { insertAtCellTop } from '../helpers';
import { PY3 } from './_shared';

/** A comparison function: a lambda of two parameters, or the name of a two-parameter def in the notebook. */
function comparisonFunction(f: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  if (f.type === 'lambda') {
    const params = f.childForFieldName('parameters');
    return !!params && params.namedChildCount === 2 && params.namedChildren.every((p) => p.type === 'identifier');
  }
  if (f.type !== 'identifier') return false;
  const def = new RegExp(`^\\s*def\\s+${parsed.text(f)}\\s*\\(\\s*\\w+\\s*,\\s*\\w+\\s*\\)`, 'm');
  return ctx.notebook.codeCells.some((i) => def.test(ctx.notebook.source(i)));
}

export const sortCmp = defineRule({
  id: 'python2.sort-cmp',
  title: 'sorted(x, cmp=f) / x.sort(cmp=f) → key=functools.cmp_to_key(f)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed the cmp argument of sorted() and list.sort(); functools.cmp_to_key turns the same ' +
    'comparison function into a key, so the order is unchanged. Python 2 also took it positionally: ' +
    'list.sort(f) and sorted(xs, f) with a two-parameter lambda or def get key=functools.cmp_to_key(f).',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'cmp' is an invalid keyword argument|unexpected keyword argument 'cmp'|sort\(\) takes no positional arguments|sorted expected 1 argument, got 2/,
      },
    ],
    pattern: true,
  },
  needles: ['cmp=', /\.sort\(\s*(lambda\b|\w+\s*\))/, /\bsorted\([^\n]*,\s*(lambda\b|\w+\s*\))/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!fn || !(parsed.text(fn) === 'sorted' || methodName(call, parsed) === 'sort')) continue;
      const cmp = keywordArgument(call, 'cmp', parsed);
      const value = cmp?.childForFieldName('value');
      if (keywordArgument(call, 'key', parsed)) continue;
      if (cmp && value) {
        edits.push(replaceNode(cmp, `key=functools.cmp_to_key(${parsed.text(value)})`));
        continue;
      }
      // Python 2's positional cmp: list.sort(f), sorted(xs, f) — a two-parameter lambda or def of the notebook
      const positional = positionalArguments(call);
      const f = positional[parsed.text(fn) === 'sorted' ? 1 : 0];
      if (!f || positional.length !== (parsed.text(fn) === 'sorted' ? 2 : 1) || !comparisonFunction(f, parsed, ctx))
        continue;
      edits.push(replaceNode(f, `key=functools.cmp_to_key(${parsed.text(f)})`));
    }
    if (edits.length > 0 && ctx.imports.bindings.get('functools') !== 'functools')
      edits.push(insertAtCellTop(parsed, 'import functools'));
    return edits;
  },
});
