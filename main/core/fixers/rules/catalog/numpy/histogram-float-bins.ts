// numpy.histogram-float-bins — hist(ages, bins=max_age / bin_size) → bins=int(max_age / bin_size): a float count
// of bins, which NumPy up to 1.9 truncated
//
// Why it broke: NumPy 1.10 (2015-10-05) stopped casting a float `bins` to an int in np.histogram (numpy issue #6469:
// "In numpy 1.9.x and previous … bins=2.1 and bins=2.9 both give 2 bins"); 1.10–1.13 failed with unrelated errors
// and since 1.14 (2018-01-06, numpy issue #8072) the message is "TypeError: `bins` must be an integer, a string, or
// an array". matplotlib's hist, pandas' Series.hist/DataFrame.hist and seaborn pass `bins` on to np.histogram, so
// `plt.hist(x, bins=max_age / bin_size)` (a float in Python 3, and in Python 2 whenever max_age was a float) fails.
// Changelog: https://github.com/numpy/numpy/issues/6469
// Changelog: https://github.com/numpy/numpy/issues/8072
// Example:
//     axes[0].hist([df1, df2], bins=max_age / bin_size, range=(1, max_age), stacked=True)
//   →
//     axes[0].hist([df1, df2], bins=int(max_age / bin_size), range=(1, max_age), stacked=True)
// Fix safety: Same result: int() truncates as NumPy 1.9 did (a float bins b gave int(b) equal-width bins), and the
// error says the value is a single number that is not an int (an array, a string or an int would have been
// accepted). Only the one bins= keyword on the line the error points at, only in notebooks dated before NumPy 1.10
// (or undated): from 1.10 on the author's own run failed there.
// Left alone: a line with several bins= keywords (which one failed is unknown), a literal list, tuple, string or int,
// range/arange/linspace calls, bins passed by position, notebooks dated from October 2015 on, other lines.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { isBeforeDate } from '../../version';
import { errorLines } from '../python2/_shared';

const NUMPY_1_10 = '2015-10-05';

/** values that are certainly not a single float: np.histogram accepted them, so they are not what failed */
const ACCEPTED = new Set(['list', 'tuple', 'string', 'concatenated_string', 'integer', 'list_comprehension', 'none']);

export const histogramFloatBins = defineRule({
  id: 'numpy.histogram-float-bins',
  title:
    'hist(x, bins=max_age / bin_size) → bins=int(max_age / bin_size): a float count of bins, which NumPy ≤ 1.9 truncated',
  kind: 'error-repair',
  library: 'numpy',
  since: { package: 'numpy', version: '1.10', date: NUMPY_1_10 },
  explanation:
    'NumPy up to 1.9 cast a float number of bins to an int (bins=2.1 and 2.9 both gave 2 bins, numpy issue ' +
    '#6469); later releases fail, since 1.14 with "TypeError: `bins` must be an integer, a string, or an array", ' +
    "also through matplotlib's and pandas' hist. On the failing line, the one bins= keyword gets int(…), the " +
    'truncation NumPy 1.9 made, in notebooks dated before NumPy 1.10.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /`bins` must be an integer, a string, or an array/ }] },
  // the error points at the first line of the statement (`axes[0].hist([df1, df2],`), and bins= often stands on a
  // later line of the same call: the rule takes the cell and finds the statements the error lines begin
  errorScope: 'cell',
  needles: ['bins='],
  apply(parsed, ctx) {
    if (ctx.created && !isBeforeDate(ctx.created, NUMPY_1_10)) return [];
    const failing = errorLines(ctx, parsed.source);
    const lineOf = (offset: number): string => {
      const start = parsed.source.lastIndexOf('\n', offset - 1) + 1;
      const end = parsed.source.indexOf('\n', offset);
      return parsed.source.slice(start, end === -1 ? undefined : end).trim();
    };
    const values: Node[] = [];
    for (const keyword of ctx.nodes('keyword_argument')) {
      const name = keyword.childForFieldName('name');
      const value = keyword.childForFieldName('value');
      if (!name || !value || parsed.text(name) !== 'bins') continue;
      let statement: Node | null = keyword;
      while (statement && !statement.type.endsWith('_statement')) statement = statement.parent;
      if (failing.has(lineOf(keyword.startIndex)) || (statement && failing.has(lineOf(statement.startIndex))))
        values.push(value);
    }
    if (values.length !== 1) return [];
    const value = values[0] as Node;
    if (ACCEPTED.has(value.type)) return [];
    if (value.type === 'call') {
      const fn = value.childForFieldName('function');
      const callee = fn ? parsed.text(fn) : '';
      if (/(^|\.)(range|arange|linspace|logspace|int|histogram_bin_edges)$/.test(callee)) return [];
    }
    const edits: SourceEdit[] = [replaceNode(value, `int(${parsed.text(value)})`)];
    return edits;
  },
});
