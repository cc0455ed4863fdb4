// pandas.resample-how: x.resample('M', how='mean') → x.resample('M').mean()
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { methodName, keywordArgument, stringContent, removeArgument } from '../../syntax';
import { pd } from './_shared';

export const resampleHow = defineRule({
  id: 'pandas.resample-how',
  title: "x.resample('M', how='mean') → x.resample('M').mean()",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.18',
  explanation:
    'resample() became a deferred, groupby-like operation in pandas 0.18 and its how=/fill_method= arguments were later removed: the aggregation (or fill) is now a method call on the resampler, which computes the same result.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /resample\(\) got an unexpected keyword argument '(how|fill_method)'/ }],
    pattern: true,
  },
  needles: ['how=', 'fill_method='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'resample' || !ctx.inScope(call)) continue;
      const how = keywordArgument(call, 'how', parsed);
      const fill = keywordArgument(call, 'fill_method', parsed);
      const kw = how ?? fill;
      if (!kw || (how && fill)) continue;
      const method = stringContent(kw.childForFieldName('value'), parsed);
      if (
        !method ||
        !/^(mean|sum|median|min|max|first|last|count|std|var|ohlc|prod|nunique|ffill|bfill|pad|backfill)$/.test(method)
      )
        continue;
      edits.push(removeArgument(kw, call), insertAt(call.endIndex, `.${method}()`));
    }
    return edits;
  },
});
