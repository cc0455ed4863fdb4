// python2.mixed-type-ordering — sorted(values) of mixed types (NaN among strings) → sorted(values, key=<Python 2's
// order>)
//
// Why it broke: Python 3.0 (2008-12-03) made ordering comparisons between unrelated types raise TypeError ("'<' not
// supported between instances of 'float' and 'str'"). Python 2 ordered them: None below everything, numbers below
// every other type, other types by their type's name. So sorted(df['Embarked'].unique()) of a column with missing
// values gave [nan, 'C', 'Q', 'S'] in Python 2 and raises today.
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#ordering-comparisons
// Changelog: https://docs.python.org/2/library/stdtypes.html#comparisons ("objects of different types … are ordered
// consistently but arbitrarily"; CPython 2's default_3way_compare: None smallest, numbers next, then by type name)
// Example:
//     embarked_locs = sorted(df_train['Embarked'].unique())
//   →
//     embarked_locs = sorted(df_train['Embarked'].unique(), key=lambda v: (0,) if v is None else (1, v) if isinstance(v, __import__('numbers').Number) else (2, type(v).__name__, v))
// Fix safety: Same result: the key orders values of one type as they order themselves (a tuple compares its next
// item only when the ones before are equal), and values of different types as CPython 2 did: None first, numbers
// (bool, int, float, NumPy scalars) next, the rest grouped by type name. Where all values have one type the order is
// the one Python 3 gives. Only on the line the error points at, only in a Python 2 notebook, only sorted/min/max
// with one positional argument and no key.
// Left alone: calls with a key or cmp, a bare generator argument, min/max of several arguments, list.sort() (an array's sort takes no key), the
// notebook's own sorted/min/max, Python 3 notebooks (their author's run raised the same error), other lines; bytes
// against str (Python 2's str and unicode, which it compared as text: the key would put all bytes first).
import { defineRule } from '../../rule';
import { insertAt, type SourceEdit } from '../../source-edit';
import { callArguments, positionalArguments } from '../../syntax';
import { PY3, notebookDefines, python2Notebook } from './_shared';

/** CPython 2's order of mixed types as a sort key: None, then numbers, then other types by name */
export const PYTHON2_ORDER =
  "lambda v: (0,) if v is None else (1, v) if isinstance(v, __import__('numbers').Number) else (2, type(v).__name__, v)";

const BUILTINS = ['sorted', 'min', 'max'];

/** "'<' not supported between instances of 'float' and 'str'": two different types */
const MESSAGE = /'[<>]=?' not supported between instances of '([\w.]+)' and '([\w.]+)'/;

export const mixedTypeOrdering = defineRule({
  id: 'python2.mixed-type-ordering',
  title: "sorted(values) of mixed types (NaN among strings) → sorted(values, key=<Python 2's order>)",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 refuses to order values of unrelated types (\"'<' not supported between instances of 'float' " +
    "and 'str'\"); Python 2 ordered None first, numbers next and other types by type name, so sorted() of a " +
    "column's unique values with NaN among strings put NaN first. On the failing line of a Python 2 notebook, " +
    'sorted(x), min(x) and max(x) without a key get a key that reproduces that order; values of one type keep ' +
    'their own order.',
  trigger: { errors: [{ ename: 'TypeError', evalue: MESSAGE }] },
  errorScope: 'line',
  needles: BUILTINS.map((name) => `${name}(`),
  prepare(notebook) {
    return notebookDefines(notebook, BUILTINS);
  },
  apply(parsed, ctx) {
    const mixed = ctx.errors.some((e) => {
      const m = MESSAGE.exec(e.evalue);
      // bytes against str was Python 2's str against unicode, which it compared as text (not by type name)
      return !!m && m[1] !== m[2] && [m[1], m[2]].sort().join(' ') !== 'bytes str';
    });
    if (!mixed || !python2Notebook(ctx)) return [];
    const own = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = fn?.type === 'identifier' ? parsed.text(fn) : null;
      if (!name || !BUILTINS.includes(name) || own.has(name)) continue;
      // sorted(v for v in xs): the generator is the whole argument list, a key cannot follow it unparenthesized
      if (call.childForFieldName('arguments')?.type !== 'argument_list') continue;
      const args = callArguments(call);
      const positional = positionalArguments(call);
      // one iterable and nothing else (sorted's reverse= may stay); no key, no cmp, no *args/**kwargs
      const others = args.filter((a) => !positional.includes(a));
      const reverseOnly =
        name === 'sorted' &&
        others.every((a) => a.type === 'keyword_argument' && parsed.text(a.childForFieldName('name')!) === 'reverse');
      if (positional.length !== 1 || (others.length > 0 && !reverseOnly)) continue;
      const iterable = positional[0]!;
      if (iterable.type === 'list_splat' || iterable.type === 'dictionary_splat') continue;
      edits.push(insertAt(iterable.endIndex, `, key=${PYTHON2_ORDER}`));
    }
    return edits;
  },
});
