// pandas.parse-dates-scalar — read_csv(parse_dates='Month', index_col='Month') → parse_dates=True
//
// Why it broke: pandas 0.18.1 (2016-05-03): read_csv validates parse_dates and raises "Only booleans, lists, and
// dictionaries are accepted for the 'parse_dates' parameter" for a scalar. Before, a non-empty string was truthy
// and meant what True means: parse the index (pandas-dev/pandas#5636, #12915).
// Changelog: https://github.com/pandas-dev/pandas/blob/v2.3.3/doc/source/whatsnew/v0.18.1.rst
// Example:
//     air = pd.read_csv('AirPassengers.csv', parse_dates='Month', index_col='Month')
//   →
//     air = pd.read_csv('AirPassengers.csv', parse_dates=True, index_col='Month')
// Fix safety: Same result: only where the string names the index column itself, so True (what the old code did)
// and ['Month'] (what the author meant) parse the same column.
// Left alone: a string naming another column than index_col, or no index_col (what the old code did there is not
// what the author meant, and either rewrite would change the frame); a variable; lists, dicts and booleans.
import { defineRule } from '../../rule';
import { keywordArgument, stringContent } from '../../syntax';
import { replaceNode } from '../../source-edit';
import { pd } from './_shared';

export const parseDatesScalar = defineRule({
  id: 'pandas.parse-dates-scalar',
  title: "read_csv(parse_dates='col', index_col='col') → parse_dates=True",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.18.1', '2016-05-03'),
  explanation:
    "pandas 0.18.1 accepts only booleans, lists and dicts for read_csv's parse_dates; " +
    'a string used to count as True (parse the index). Where the string names the index ' +
    "column (index_col='Month'), parse_dates=True parses that same column, as before.",
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /Only booleans, lists, and dictionaries are accepted for the 'parse_dates'/ },
    ],
    pattern: true,
  },
  needles: ['parse_dates'],
  apply(parsed, ctx) {
    const edits = [];
    for (const { node: call } of ctx.calls({ module: 'pandas', names: ['read_csv', 'read_table', 'read_fwf'] })) {
      const value = keywordArgument(call, 'parse_dates', parsed)?.childForFieldName('value') ?? null;
      const column = stringContent(value, parsed);
      const index = stringContent(
        keywordArgument(call, 'index_col', parsed)?.childForFieldName('value') ?? null,
        parsed,
      );
      if (value && column && column === index) edits.push(replaceNode(value, 'True'));
    }
    return edits;
  },
});
