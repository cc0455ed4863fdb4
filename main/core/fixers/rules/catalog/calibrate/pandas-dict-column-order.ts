// calibrate.pandas-dict-column-order — DataFrame/Series from a dict literal: pin the sorted key order of pandas < 0.23
//
// Why it broke: pandas 0.23 (2018-05-15) builds a DataFrame's columns (a Series' index) from a plain dict in the
// dict's insertion order on Python 3.6+; before, pandas sorted the keys. A notebook written before 0.23 that builds
// a frame from a dict literal gets its columns in another order today: the printed table, `.values`, `iloc[:, 0]`,
// plots and legends follow the new order.
// Changelog: https://pandas.pydata.org/pandas-docs/stable/whatsnew/v0.23.0.html#instantiation-from-dicts-preserves-dict-insertion-order-for-python-3-6
// Example:
//     acc = pd.DataFrame({'score': scores, 'Model': names})
//   →
//     acc = pd.DataFrame({'score': scores, 'Model': names}, columns=['Model', 'score'])
// Fix safety: Restores the old result: the columns (the index) are the dict's own keys, listed in the order
// pandas < 0.23 gave them (Python's sorted() of the string keys), so the frame holds the same data in its era's
// column order. Only in a notebook dated before 0.23. The fix is flagged 'defaults-pinned' for review.
// Left alone: a notebook without a date or dated after 0.23 (it meant insertion order); keys already sorted; keys
// that are not all plain string literals (numbers, names, f-strings, `**` unpacking, comprehensions); calls that
// pass columns= / index= (or them positionally); OrderedDict and variables holding a dict (their order cannot be
// read from the call); a notebook's own DataFrame or Series.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import {
  appendArguments,
  hasSplat,
  isParameterSet,
  keywordValue,
  positionalArguments,
  stringContent,
} from '../../syntax';
import { isBeforeDate } from '../../version';

const INSERTION_ORDER = { package: 'pandas', version: '0.23', date: '2018-05-15' };

/** the parameter that takes the keys, by constructor: its name and positional index */
const KEYS_PARAMETER: Record<string, { name: string; position: number }> = {
  DataFrame: { name: 'columns', position: 2 },
  Series: { name: 'index', position: 1 },
};

/** Python's sorted() order of str: by code point (JavaScript's default compares UTF-16 units, wrong past U+FFFF) */
function byCodePoint(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) as number);
  const y = [...b].map((c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

/** The key literals of a dict display whose keys are all distinct plain strings without escapes, else null. */
function stringKeys(dict: Node, parsed: ParsedSource): { text: string; value: string }[] | null {
  const keys: { text: string; value: string }[] = [];
  for (const item of dict.namedChildren) {
    if (item.type === 'comment') continue;
    if (item.type !== 'pair') return null;
    const key = item.childForFieldName('key');
    const value = stringContent(key, parsed);
    if (!key || value === null || value.includes('\\') || /^[rRuU]/.test(parsed.text(key))) return null;
    keys.push({ text: parsed.text(key), value });
  }
  if (new Set(keys.map((k) => k.value)).size !== keys.length) return null;
  return keys;
}

export const pandasDictColumnOrder = defineRule({
  id: 'calibrate.pandas-dict-column-order',
  title: 'DataFrame/Series from a dict literal: pin the sorted key order of pandas < 0.23',
  kind: 'score-calibration',
  library: 'pandas',
  since: INSERTION_ORDER,
  explanation:
    'pandas 0.23 ("Instantiation from dicts preserves dict insertion order for python 3.6+") builds the columns of a DataFrame (the index of a Series) from a plain dict in insertion order; before, it sorted the keys. For a notebook written before 0.23 the keys of the dict literal are passed as columns= (index=) in the sorted order its author saw: the same data, in the old column order, so printed tables, .values and positional access read as they did.',
  trigger: { pattern: true },
  needles: ['DataFrame(', 'Series('],
  flags: ['defaults-pinned'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    // the key order is the author's only when the notebook is known to predate 0.23
    if (ctx.created === null || !isBeforeDate(ctx.created, INSERTION_ORDER.date)) return edits;
    for (const { node: call, name } of ctx.calls({ module: 'pandas', names: Object.keys(KEYS_PARAMETER) })) {
      const param = KEYS_PARAMETER[name as string];
      if (!param || hasSplat(call) || isParameterSet(call, param.name, parsed, param.position)) continue;
      const data = keywordValue(call, 'data', parsed) ?? positionalArguments(call)[0] ?? null;
      if (data?.type !== 'dictionary') continue;
      const keys = stringKeys(data, parsed);
      if (!keys || keys.length < 2) continue;
      const sorted = [...keys].sort((a, b) => byCodePoint(a.value, b.value));
      if (sorted.every((k, i) => k === keys[i])) continue;
      const edit = appendArguments(call, [`${param.name}=[${sorted.map((k) => k.text).join(', ')}]`], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
