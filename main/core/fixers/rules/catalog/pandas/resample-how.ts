// pandas.resample-how — x.resample('M', how='mean') → x.resample('M').mean()
//
// Why it broke: pandas 1.0 (2020-01-29), deprecated since 0.18: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     m = ts.resample('M', how='mean')
//     d = ts.resample('D', fill_method='ffill')
//     r = ts.resample('M', how=['min', 'max'])
//   →
//     m = ts.resample('M').mean()
//     d = ts.resample('D').ffill()
//     r = ts.resample('M').agg(['min', 'max'])
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; a how= that is not a
// string (a list, dict, function or lambda) went to the resampler's aggregate(how) in pandas 0.18–0.25. Where that
// cannot be settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
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
    'resample() became a deferred, groupby-like operation in pandas 0.18 and its how=/fill_method= ' +
    'arguments were later removed: the aggregation (or fill) is now a method call on the ' +
    'resampler, which computes the same result; a how= list, dict or function becomes .agg(how), ' +
    "which pandas 0.18–0.25 called for it (resample's deprecation shim: r.aggregate(how)).",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /resample\(\) got an unexpected keyword argument '(how|fill_method)'/ }],
    pattern: true,
  },
  needles: ['how=', 'fill_method='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'resample') continue;
      const how = keywordArgument(call, 'how', parsed);
      const fill = keywordArgument(call, 'fill_method', parsed);
      const kw = how ?? fill;
      if (!kw || (how && fill)) continue;
      const value = kw.childForFieldName('value');
      const method = stringContent(value, parsed);
      if (
        method &&
        /^(mean|sum|median|min|max|first|last|count|std|var|ohlc|prod|nunique|ffill|bfill|pad|backfill)$/.test(method)
      ) {
        edits.push(removeArgument(kw, call), insertAt(call.endIndex, `.${method}()`));
        continue;
      }
      // how=[...], {...}, np.mean, a lambda: pandas 0.18–0.25 ran r.aggregate(how) for anything but a string
      if (how && value && ['list', 'dictionary', 'identifier', 'attribute', 'lambda'].includes(value.type))
        edits.push(removeArgument(kw, call), insertAt(call.endIndex, `.agg(${parsed.text(value)})`));
    }
    return edits;
  },
});
