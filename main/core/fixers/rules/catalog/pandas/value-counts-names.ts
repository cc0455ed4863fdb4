// pandas.value-counts-names — s.value_counts().reset_index() → the columns pandas 1 named: 'index' and s's name
//
// Why it broke: pandas 2.0 (2023-04-03): value_counts' result is named 'count' (or 'proportion') and its index
// takes the counted Series' name, so `.reset_index()` gives the columns [name, 'count'] where it gave
// ['index', name]. Code that reads the 'index' column fails (KeyError: 'index'); code that reads the name column
// now gets the labels where it got the counts.
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html#value-counts-sets-the-resulting-name-to-count
// Example:
//     counts = df['city'].value_counts().reset_index()
//     sns.barplot(x='index', y='city', data=counts)
//     freq = df['city'].value_counts().to_frame(name='n').reset_index()
//   →
//     counts = df['city'].value_counts().rename_axis('index').reset_index(name='city')
//     sns.barplot(x='index', y='city', data=counts)
//     freq = df['city'].value_counts().rename_axis(None).to_frame(name='n').reset_index()
// Fix safety: Same result: the frame has pandas 1's column names, in the same order, with the same values; applied
// to every such chain in the notebook once a run shows the old names missing.
// Left alone: a Series whose name cannot be read from the code (s.value_counts() of a computed Series), a
// reset_index with other arguments than name=, and value_counts results reset in a later statement (a to_frame in
// between is rewritten).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { callArguments, keywordName, methodName, methodReceiver } from '../../syntax';
import { pd } from './_shared';

/** The expression that names the Series `df['col']`, `df[col]` or `df.col` (its column label); else null. */
function seriesName(series: Node, parsed: ParsedSource): string | null {
  if (series.type === 'attribute') {
    const attr = series.childForFieldName('attribute');
    return attr ? `'${parsed.text(attr)}'` : null;
  }
  if (series.type !== 'subscript') return null;
  const keys = series.childrenForFieldName('subscript');
  const key = keys.length === 1 ? keys[0] : null;
  return key && (key.type === 'string' || key.type === 'identifier') ? parsed.text(key) : null;
}

export const valueCountsNames = defineRule({
  id: 'pandas.value-counts-names',
  title: "s.value_counts().reset_index() → the columns pandas 1 named: 'index' and s's name",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  explanation:
    "pandas 2.0 names value_counts' result 'count' (or 'proportion') and its index after the counted Series, " +
    "so reset_index() gives the columns [name, 'count'] where pandas 1 gave ['index', name] (whatsnew 2.0, " +
    "\"value_counts sets the resulting name to count\"). `.rename_axis('index').reset_index(name=<the Series' " +
    "name>)` gives back pandas 1's frame; every such chain in the notebook is rewritten once a run reads " +
    "the old 'index' column. A count turned into a frame, s.value_counts().to_frame(name='n'), had an unnamed " +
    "index in pandas 1 (a later reset_index() made it the 'index' column): `.rename_axis(None)` before " +
    "to_frame gives that frame back, and to_frame() without a name gets the Series' name, its pandas 1 column.",
  trigger: {
    errors: [
      { ename: 'KeyError', evalue: /^'index'$/ },
      { ename: 'ValueError', evalue: /Could not interpret (?:value|input) `?'?index'?`?/ },
    ],
    anywhere: true,
  },
  needles: ['value_counts(', 'reset_index('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const reset of ctx.nodes('call')) {
      if (methodName(reset, parsed) !== 'reset_index') continue;
      const counts = methodReceiver(reset);
      if (counts?.type !== 'call' || methodName(counts, parsed) !== 'value_counts') continue;
      const series = methodReceiver(counts);
      const name = series ? seriesName(series, parsed) : null;
      const args = callArguments(reset);
      const named =
        args.length === 1 && args[0]?.type === 'keyword_argument' && keywordName(args[0], parsed) === 'name';
      if (!name || (args.length > 0 && !named)) continue;
      const open = reset.childForFieldName('function')?.childForFieldName('attribute');
      const list = reset.childForFieldName('arguments');
      if (!open || !list) continue;
      edits.push(insertAt(open.startIndex, "rename_axis('index')."));
      if (!named) edits.push(insertAt(list.startIndex + 1, `name=${name}`));
    }
    // s.value_counts().to_frame(…): pandas 2 names the index after s (a later reset_index() gives no 'index' column)
    for (const frame of ctx.nodes('call')) {
      if (methodName(frame, parsed) !== 'to_frame') continue;
      const counts = methodReceiver(frame);
      if (counts?.type !== 'call' || methodName(counts, parsed) !== 'value_counts') continue;
      const args = callArguments(frame);
      const named =
        args.length === 1 &&
        (args[0]?.type !== 'keyword_argument' || keywordName(args[0] as Node, parsed) === 'name') &&
        args[0]?.type !== 'dictionary_splat' &&
        args[0]?.type !== 'list_splat';
      const series = methodReceiver(counts);
      const name = named ? null : series ? seriesName(series, parsed) : null;
      if (args.length > 1 || (args.length === 1 && !named) || (!named && !name)) continue;
      const open = frame.childForFieldName('function')?.childForFieldName('attribute');
      const list = frame.childForFieldName('arguments');
      if (!open || !list) continue;
      edits.push(insertAt(open.startIndex, 'rename_axis(None).'));
      if (!named) edits.push(insertAt(list.startIndex + 1, `name=${name}`));
    }
    return edits;
  },
});
