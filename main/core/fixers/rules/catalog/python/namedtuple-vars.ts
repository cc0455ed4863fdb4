// python.namedtuple-vars — vars(row) / row.__dict__ of a namedtuple → row._asdict()
//
// Why it broke: Python 3.5.1 and 2.7.11 (2015-12) removed the `__dict__` property that collections.namedtuple
// classes had since Python 3.3 / 2.7.6 (bpo-24931: a subclass's own instance dict shadowed it and broke
// _asdict()). Since then `vars(row)` raises "TypeError: vars() argument must have __dict__ attribute" and
// `row.__dict__` an AttributeError; before, both returned the same OrderedDict of field names to values as
// `row._asdict()`. Old scikit-learn's `grid_scores_` entries (`_CVScoreTuple`) were such namedtuples, and tutorials
// printed `vars(search.grid_scores_[0])`.
// Changelog: https://docs.python.org/3.5/whatsnew/changelog.html#python-3-5-1-final (Library: Issue #24931)
// Changelog: https://bugs.python.org/issue24931
// Example:
//     first_score = gs_svc.grid_scores_[0]
//     dict(vars(first_score))
//   →
//     first_score = gs_svc.grid_scores_[0]
//     dict((first_score._asdict() if hasattr(first_score, '_asdict') else vars(first_score)))
// Fix safety: Same result: a namedtuple's `__dict__` property was `_asdict()` itself, so the rewrite returns the
// mapping the old call returned; any other object still goes to vars() (or `__dict__`) and fails or works as before.
// Only on the line the error points at, only an argument without calls (read twice, so it must not compute
// anything), only in notebooks dated before the removal (or undated): a later notebook's own run raised the same
// error.
// Left alone: vars() with no or several arguments, an argument that calls something, the notebook's own vars,
// notebooks dated from December 2015 on, and lines without the error.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, positionalArguments } from '../../syntax';
import { isBeforeDate } from '../../version';
import { notebookDefines } from '../python2/_shared';
import { py } from './_shared';

/** Python 3.5.1 (2015-12-07); 2.7.11 (2015-12-05) made the same removal */
const REMOVED = py('3.5.1', '2015-12-05');

/** An expression that only reads names, attributes and literal or name subscripts: evaluating it twice is harmless. */
function readsOnly(node: Node, parsed: ParsedSource): boolean {
  switch (node.type) {
    case 'identifier':
      return true;
    case 'attribute':
      return readsOnly(node.childForFieldName('object') as Node, parsed);
    case 'subscript': {
      const value = node.childForFieldName('value');
      const indexes = node.childrenForFieldName('subscript').filter((n): n is Node => n !== null);
      return (
        !!value &&
        readsOnly(value, parsed) &&
        indexes.length > 0 &&
        indexes.every(
          (i) => ['integer', 'string', 'identifier', 'unary_operator'].includes(i.type) && !/\(/.test(parsed.text(i)),
        )
      );
    }
    case 'parenthesized_expression':
      return node.namedChildCount === 1 && readsOnly(node.namedChild(0) as Node, parsed);
    default:
      return false;
  }
}

export const namedtupleVars = defineRule({
  id: 'python.namedtuple-vars',
  title: 'vars(row) / row.__dict__ of a namedtuple → row._asdict()',
  kind: 'error-repair',
  library: 'Python',
  since: REMOVED,
  explanation:
    'Python 3.5.1 and 2.7.11 (December 2015, bpo-24931) removed the __dict__ property of namedtuple classes, ' +
    'so vars(row) raises "vars() argument must have __dict__ attribute" and row.__dict__ an AttributeError; ' +
    'the property returned row._asdict(), the OrderedDict of field names to values. On the failing line, ' +
    "vars(x) becomes (x._asdict() if hasattr(x, '_asdict') else vars(x)) and x.__dict__ the same with " +
    'x.__dict__ as the fallback, for an x that only reads names and attributes, in notebooks dated before ' +
    'the removal.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /vars\(\) argument must have __dict__ attribute/ },
      { ename: 'AttributeError', evalue: /object has no attribute '__dict__'/ },
    ],
  },
  errorScope: 'line',
  needles: ['vars(', '__dict__'],
  prepare(notebook) {
    return notebookDefines(notebook, ['vars']);
  },
  apply(parsed, ctx) {
    if (ctx.created && !isBeforeDate(ctx.created, REMOVED.date)) return [];
    const ownVars = (ctx.state as Set<string>).has('vars');
    const guarded = (x: string, fallback: string) => `(${x}._asdict() if hasattr(${x}, '_asdict') else ${fallback})`;
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (ownVars || fn?.type !== 'identifier' || parsed.text(fn) !== 'vars') continue;
      const args = positionalArguments(call);
      const arg = args[0];
      if (args.length !== 1 || callArguments(call).length !== 1 || !arg || !readsOnly(arg, parsed)) continue;
      const x = parsed.text(arg);
      edits.push(replaceNode(call, guarded(x, `vars(${x})`)));
    }
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const object = attr.childForFieldName('object');
      if (!name || !object || parsed.text(name) !== '__dict__' || !readsOnly(object, parsed)) continue;
      // an assignment target (row.__dict__ = …, row.__dict__[k] = …) is not a read
      const parent = attr.parent;
      if (parent?.type === 'assignment' && parent.childForFieldName('left')?.startIndex === attr.startIndex) continue;
      const x = parsed.text(object);
      edits.push(replaceNode(attr, guarded(x, `${x}.__dict__`)));
    }
    return edits;
  },
});
