// numpy.sequence-array-index — percentiles[best] with best = np.where(…)[0] (a one-element array) indexing a Python
// list → percentiles[np.asarray(best).item()]
//
// Why it broke: a Python list, tuple or range indexed by a NumPy array asks the array for an integer
// (`__index__`). NumPy before 1.8 gave the element of a one-element integer array; 1.8 deprecated it for arrays with
// ndim > 0 ("converting an array with ndim > 0 to an index will result in an error in the future") and NumPy 1.12.0
// (2017-01-15) turned the indexing deprecations into errors: TypeError: only integer scalar arrays can be converted to
// a scalar index. The idiom `best = np.where(scores == scores.max())[0]` then `values[best]` fails.
// Changelog: https://numpy.org/doc/stable/release/1.8.0-notes.html#deprecations
// Changelog: https://numpy.org/doc/stable/release/1.12.0-notes.html#deprecationwarning-to-error
// Example:
//     percentiles = list(range(1, 100, 5))
//     optimal = np.where(results == results.max())[0]
//     print(percentiles[optimal])
//   →
//     percentiles = list(range(1, 100, 5))
//     optimal = np.where(results == results.max())[0]
//     print(percentiles[np.asarray(optimal).item()])
// Fix safety: Same result: np.asarray(i).item() is the one element of a one-element integer array, the element the
// old __index__ gave, and a Python int unchanged; an array of another size fails as it did (ValueError instead of
// TypeError). Only on the failing line, and only where the indexed name is certainly a Python sequence: every
// assignment of it in the notebook is a list, tuple or string literal, a list comprehension or a list(…), tuple(…),
// range(…) or sorted(…) call.
// Left alone: a sequence held by a name bound any other way (a NumPy array indexed by an array selects elements,
// which must stay), also where one of its bindings is a tuple unpacking, a parameter, a loop's or an `as` target or an
// import; literal and slice indexes, several indexes, and notebooks where no name for numpy is free.
import type { Node } from 'web-tree-sitter';
import type { NotebookBindingSite } from '../../bindings';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';

/** Right sides that certainly build a Python sequence. */
const SEQUENCE_LITERALS = new Set(['list', 'tuple', 'list_comprehension', 'string', 'concatenated_string']);
const SEQUENCE_BUILDERS = new Set(['list', 'tuple', 'range', 'sorted']);

/** Index expressions that may hold an array: a name, an attribute, a call, a subscript. */
const INDEX_TYPES = new Set(['identifier', 'attribute', 'call', 'subscript']);

/** Targets that bind each name they hold (`a, [b, *c] = …`); a subscript or attribute target binds none. */
const PATTERNS = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'tuple',
  'list',
  'parenthesized_expression',
  'list_splat_pattern',
  'list_splat',
]);

/** Does the site bind the name: as its target, inside a target pattern, or among a definition's parameters? */
function bindsName(site: NotebookBindingSite, name: string): boolean {
  if (site.kind === 'with') return false; // its `as` aliases are sites of their own
  if (site.kind === 'parameters')
    return site.target.descendantsOfType('identifier').some((id) => !!id && site.parsed.text(id) === name);
  const bound = (node: Node): boolean =>
    node.type === 'identifier'
      ? site.parsed.text(node) === name
      : PATTERNS.has(node.type) && node.namedChildren.some((child) => !!child && bound(child));
  return bound(site.target);
}

export const sequenceArrayIndex = defineRule({
  id: 'numpy.sequence-array-index',
  title: 'seq[i] with i a one-element NumPy array indexing a Python list → seq[np.asarray(i).item()]',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.12', date: '2017-01-15' },
  deprecatedIn: '1.8',
  explanation:
    'A Python list, tuple or range indexed by a NumPy array asks it for an integer; before NumPy 1.12 a ' +
    'one-element integer array gave its element (deprecated since 1.8), now it raises "only integer scalar arrays ' +
    'can be converted to a scalar index". On the failing line, the index of a name that is certainly a Python ' +
    'sequence becomes np.asarray(i).item(): the element the old conversion gave (an int stays an int).',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /only integer scalar arrays can be converted to a scalar index/ }],
  },
  errorScope: 'line',
  needles: ['['],
  apply(parsed, ctx) {
    if (ctx.errors.length === 0) return [];
    const sites = ctx.bindings();
    const sequence = (name: string): boolean => {
      // an import of the name, or a site binding it among others (`names, counts = …`, a parameter, a loop's
      // or an `as` target), may hold an array: then it is no certain sequence
      if (ctx.imports.bindings.has(name)) return false;
      const own = sites.filter((site) => bindsName(site, name));
      return (
        own.length > 0 &&
        own.every((site) => {
          if (site.target.type !== 'identifier') return false;
          if (site.kind === 'augmented-assignment') return true; // seq += [...] keeps a list a list
          if (site.kind !== 'assignment' || !site.value) return false;
          const value = site.value;
          if (SEQUENCE_LITERALS.has(value.type)) return true;
          const fn = value.type === 'call' ? value.childForFieldName('function') : null;
          if (fn?.type !== 'identifier') return false;
          const builder = site.parsed.text(fn);
          // the builtin, not a function of the notebook's own of that name
          return SEQUENCE_BUILDERS.has(builder) && !sites.some((s) => s.parsed.text(s.target) === builder);
        })
      );
    };
    const edits: SourceEdit[] = [];
    let numpy: { name: string; edits: SourceEdit[] } | null | undefined;
    for (const subscript of ctx.nodes('subscript')) {
      const value = subscript.childForFieldName('value');
      const indexes = subscript.childrenForFieldName('subscript');
      const index = indexes[0];
      if (value?.type !== 'identifier' || indexes.length !== 1 || !index || !INDEX_TYPES.has(index.type)) continue;
      if (!sequence(parsed.text(value))) continue;
      if (numpy === undefined) numpy = ctx.requireImport('numpy', 'np');
      if (!numpy) return [];
      edits.push(replaceNode(index as Node, `${numpy.name}.asarray(${parsed.text(index)}).item()`));
    }
    if (edits.length > 0 && numpy) edits.push(...numpy.edits);
    return edits;
  },
});
