// pandas.groupby-tuple-columns — grouped['a', 'b'] → grouped[['a', 'b']]
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.0: selecting several columns of a groupby with a bare
// tuple raises "Cannot subset columns with a tuple with more than one element. Use a list instead."
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     df.groupby('Pclass')['Survived', 'Fare'].mean()
//   →
//     df.groupby('Pclass')[['Survived', 'Fare']].mean()
// Fix safety: Same result: before 2.0 a tuple of column names selected the same columns as the list does now.
// Left alone: a tuple key on a DataFrame itself (df['a', 'b'] reads one column of a MultiIndex), a subscript of
// the notebook's own object, one-element tuples; on an error line, a line with more than one tuple subscript.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { pd } from './_shared';

/** Methods whose result is a groupby-like object that took a tuple of columns before pandas 2.0. */
const GROUPING_METHODS = new Set(['groupby', 'resample']);

/** The keys of `x[k1, k2, …]` (two or more, none a slice), or null. */
function tupleKeys(subscript: Node): Node[] | null {
  const keys = subscript.childrenForFieldName('subscript');
  if (keys.length < 2 || keys.some((key) => key.type === 'slice')) return null;
  return keys;
}

/** Is the subscripted value a `….groupby(…)` / `….resample(…)` call, written in place? */
function isGroupingCall(value: Node | null, text: (node: Node) => string): boolean {
  if (value?.type !== 'call') return false;
  const fn = value.childForFieldName('function');
  const method = fn?.type === 'attribute' ? fn.childForFieldName('attribute') : null;
  return !!method && GROUPING_METHODS.has(text(method));
}

export const groupbyTupleColumns = defineRule({
  id: 'pandas.groupby-tuple-columns',
  title: "grouped['a', 'b'] → grouped[['a', 'b']]",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.0',
  explanation:
    'pandas 2.0 removed column selection on a groupby with a bare tuple (deprecated in 1.0: "Cannot ' +
    "subset columns with a tuple with more than one element. Use a list instead.\"); grouped[['a', " +
    "'b']] selects the same columns. The keys are wrapped in a list where the subscripted object " +
    'is a groupby/resample call, or, on the line the error points at, the one tuple subscript there.',
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Cannot subset columns with a tuple with more than one element/ }],
    pattern: true,
  },
  errorScope: 'line',
  // a groupby in sight, or a subscript by two or more quoted keys (the grouped object made in an earlier cell)
  needles: ['groupby', 'resample', /\[\s*['"][^'"\n]*['"]\s*,\s*['"]/],
  apply(parsed, ctx) {
    const text = (node: Node): string => parsed.text(node);
    const candidates: Node[][] = [];
    let onErrorLine = 0;
    for (const subscript of ctx.nodes('subscript')) {
      const keys = tupleKeys(subscript);
      if (!keys) continue;
      if (isGroupingCall(subscript.childForFieldName('value'), text)) candidates.push(keys);
      else if (ctx.errors.length > 0) {
        onErrorLine++;
        candidates.push(keys);
      }
    }
    // on an error line, only an unambiguous tuple subscript is rewritten without the groupby in sight
    const chosen =
      onErrorLine > 1
        ? candidates.filter((keys) => isGroupingCall(keys[0]?.parent?.childForFieldName('value') ?? null, text))
        : candidates;
    const edits: SourceEdit[] = [];
    for (const keys of chosen) {
      const first = keys[0] as Node;
      const subscript = first.parent as Node;
      // the list closes just before the subscript's `]`, after a trailing comma: ['a', 'b',] → [['a', 'b',]]
      edits.push(insertAt(first.startIndex, '['), insertAt(subscript.endIndex - 1, ']'));
    }
    return edits;
  },
});
