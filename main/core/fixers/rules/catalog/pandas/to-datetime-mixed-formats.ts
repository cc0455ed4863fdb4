// pandas.to-datetime-mixed-formats — pd.to_datetime(strings of several formats) → pd.to_datetime(…, format='mixed')
//
// Why it broke: pandas 2.0 (2023-04-03) parses date strings with one format, guessed from the first one ("Datetimes
// are now parsed with a consistent format"); before, each string was parsed on its own. Strings written in several
// formats now fail with "time data "Aug 29, 2014" doesn't match format "%d %B %Y"".
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html#datetimes-are-now-parsed-with-a-consistent-format
// Example:
//     ts3.index = pd.to_datetime(ts3.index)
//   →
//     ts3.index = pd.to_datetime(ts3.index, format='mixed')
// Fix safety: Same result: format='mixed' infers the format of each element on its own, which is what to_datetime
// did without a format before pandas 2.0 (the release notes name it for that); dayfirst and the other arguments stay.
// Left alone: calls that give a format (it was strict before too) or infer_datetime_format, and calls with **kwargs.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { appendArguments, hasSplat, keywordArgument } from '../../syntax';
import { pd } from './_shared';

export const toDatetimeMixedFormats = defineRule({
  id: 'pandas.to-datetime-mixed-formats',
  title: "pd.to_datetime(strings of several formats) → pd.to_datetime(…, format='mixed')",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  explanation:
    'pandas 2.0 parses all the strings of a to_datetime call with the format guessed from the ' +
    'first one; before, each was parsed on its own. Where strings of other formats make the ' +
    "call fail, format='mixed' parses each on its own again. Applied on the failing line only.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /^time data .* (?:doesn't|does not) match format/s }],
  },
  errorScope: 'line',
  needles: ['to_datetime('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node } of ctx.calls({ module: 'pandas', names: ['to_datetime'] })) {
      if (hasSplat(node) || ['format', 'infer_datetime_format'].some((k) => keywordArgument(node, k, parsed))) continue;
      const edit = appendArguments(node, ["format='mixed'"], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
