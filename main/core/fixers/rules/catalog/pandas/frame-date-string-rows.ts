// pandas.frame-date-string-rows — df['2017'] (rows of a date index) → df.loc['2017':'2017']
//
// Why it broke: pandas 2.0 (2023-04-03) removed row selection by a single date string in DataFrame[...] (deprecated
// in 1.2: "Indexing a DataFrame with a datetimelike index using a single string to slice the rows, like
// frame[string], is deprecated … Use frame.loc[string] instead"); the string is now only a column name, and the old
// code fails with KeyError: '2017'.
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.2.0.html#deprecations
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     df['2017']
//     dec = df['2016-12'].sum()
//   →
//     df.loc['2017':'2017']
//     dec = df.loc['2016-12':'2016-12'].sum()
// Fix safety: Same result: frame[string] looked the string up as a column first (the KeyError says there is none) and
// then took the rows of the date index the string covers as a slice, a DataFrame even where the string names one
// timestamp: .loc of the slice from the string to itself is that selection. On an index that is not of dates .loc
// fails too, as frame[string] did.
// A day ('2018-09-28') is taken only where the cell's saved outputs show the author ran it without an error: on an
// index of days frame[day] failed (a column lookup), so it ran as the row selection of a finer index (timestamps);
// it becomes .loc['2018-09-28'], which selects those rows as a DataFrame also on an unsorted index (earthquake
// records), where a slice raises KeyError.
// Left alone: strings other than a year, a month or such a day (a day may be the index's own resolution, which
// frame[string] did not slice: it failed then too), a KeyError outside DataFrame.__getitem__ (a dict's, a
// Series'), an assignment to the subscript, an error the notebook's saved outputs show.
import type { Node } from 'web-tree-sitter';
import { type CellContext, defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { stringContent } from '../../syntax';
import { stripAnsi } from '../../../../../../shared/lib/text';
import { pd } from './_shared';

/**
 * KeyError of a year or a month: '2017', '2016-12'. A day or a time may be the index's own resolution, which
 * frame[string] did not slice (a KeyError then, too): those strings are left alone.
 */
const DATE_KEY = /^'(\d{4}(?:[-/]\d{1,2})?)'$/;

/** KeyError of a day: '2018-09-28' */
const DAY_KEY = /^'(\d{4}-\d{1,2}-\d{1,2})'$/;

/**
 * Did the author run this cell without an error (in the notebook as saved: an execution count, outputs, none of
 * them an error)? The author's cell is the one of the same id, or of the same index where neither has an id and the
 * notebook has as many cells; its source must hold `text` (the subscript), so an edited or moved cell is not read.
 */
function authorRanCleanly(ctx: CellContext, text: string): boolean {
  const current = ctx.notebook.notebook.cells[ctx.cellIndex];
  const cells = ctx.original?.cells ?? [];
  const cell = current?.id
    ? cells.find((c) => c.id === current.id)
    : cells.length === ctx.notebook.notebook.cells.length
      ? cells[ctx.cellIndex]
      : undefined;
  const source = Array.isArray(cell?.source) ? cell.source.join('') : (cell?.source ?? '');
  if (!source.includes(text)) return false;
  const outputs = cell?.outputs ?? [];
  return (
    typeof cell?.execution_count === 'number' &&
    outputs.length > 0 &&
    outputs.every((output) => output.output_type !== 'error')
  );
}

export const frameDateStringRows = defineRule({
  id: 'pandas.frame-date-string-rows',
  title: "df['2017'] (rows of a date index) → df.loc['2017':'2017']",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.2',
  explanation:
    "Until pandas 2.0, df['2017'] on a frame with a DatetimeIndex (or PeriodIndex) and no " +
    'column of that name selected the rows the date string covers, as a slice; now the string ' +
    "is only a column name. .loc['2017':'2017'] selects the same rows (always a DataFrame, " +
    'as before). Applied where DataFrame.__getitem__ raised KeyError for a year or month string, and for a day ' +
    "string where the cell's saved outputs show the author ran it without an error (it then sliced an index " +
    'finer than days).',
  trigger: {
    errors: [
      { ename: 'KeyError', evalue: DATE_KEY },
      { ename: 'KeyError', evalue: DAY_KEY },
    ],
  },
  errorScope: 'line',
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const keys = new Set<string>();
    const days = new Set<string>();
    for (const error of ctx.errors) {
      const day = DAY_KEY.exec(error.evalue)?.[1];
      const key = DATE_KEY.exec(error.evalue)?.[1] ?? (day && authorRanCleanly(ctx, `['${day}']`) ? day : undefined);
      if (key !== undefined && key === day) days.add(key);
      // DataFrame.__getitem__ raised it (frame.py in the traceback), not a dict or another object
      const frames = error.traceback.flatMap((frame) => stripAnsi(frame).split('\n'));
      if (
        key &&
        !error.preExisting &&
        frames.some((line) => /core[\\/]frame\.py/.test(line) && line.includes('__getitem__'))
      )
        keys.add(key);
    }
    if (keys.size === 0) return edits;
    for (const subscript of ctx.nodes('subscript')) {
      const indices = subscript.childrenForFieldName('subscript');
      const value = subscript.childForFieldName('value');
      if (indices.length !== 1 || !value) continue;
      const key = stringContent(indices[0] as Node, parsed);
      if (key === null || !keys.has(key)) continue;
      const parent = subscript.parent;
      if (
        parent &&
        ['assignment', 'augmented_assignment', 'delete_statement'].includes(parent.type) &&
        (parent.type === 'delete_statement' || parent.childForFieldName('left')?.startIndex === subscript.startIndex)
      )
        continue;
      const text = parsed.text(indices[0] as Node);
      const rows = days.has(key) ? text : `${text}:${text}`;
      edits.push(replaceNode(subscript, `${parsed.text(value)}.loc[${rows}]`));
    }
    return edits;
  },
});
