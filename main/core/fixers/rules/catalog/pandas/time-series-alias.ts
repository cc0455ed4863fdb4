// pandas.time-series-alias — pd.TimeSeries → pd.Series
//
// Why it broke: pandas 0.20 (2017-05-05) removed pd.TimeSeries, an alias of Series since 0.13 (deprecated in 0.17);
// the old code fails with "module 'pandas' has no attribute 'TimeSeries'".
// Changelog: https://github.com/pandas-dev/pandas/blob/v2.3.3/doc/source/whatsnew/v0.20.0.rst#L538
// Example:
//     import pandas as pd
//     ts = pd.TimeSeries(np.random.randn(100), index=dates)
//   →
//     import pandas as pd
//     ts = pd.Series(np.random.randn(100), index=dates)
// Fix safety: Same result: TimeSeries was Series under another name (pandas 0.13–0.19): the same class, the same
// arguments.
// Left alone: a TimeSeries of the notebook's own or of another module.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { moduleMoveEdits } from '../module-moves';
import { pd } from './_shared';

export const timeSeriesAlias = defineRule({
  id: 'pandas.time-series-alias',
  title: 'pd.TimeSeries → pd.Series',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.20', '2017-05-05'),
  deprecatedIn: '0.17',
  explanation:
    'pandas 0.20 removed pd.TimeSeries, which had been another name of ' +
    'Series since 0.13 (deprecated in 0.17): pd.Series is the same class.',
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /module 'pandas' has no attribute 'TimeSeries'/ },
      { ename: 'ImportError', evalue: /cannot import name 'TimeSeries' from 'pandas'/ },
    ],
    pattern: true,
  },
  needles: ['TimeSeries'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = moduleMoveEdits(parsed, ctx, {
      from: 'pandas',
      names: { TimeSeries: { module: 'pandas', name: 'Series' } },
    });
    for (const attr of ctx.nodes('attribute')) {
      if (ctx.imports.resolve(attr, parsed) !== 'pandas.TimeSeries') continue;
      const name = attr.childForFieldName('attribute');
      if (name && !edits.some((e) => e.start <= name.startIndex && name.endIndex <= e.end))
        edits.push(replaceNode(name, 'Series'));
    }
    return edits;
  },
});
