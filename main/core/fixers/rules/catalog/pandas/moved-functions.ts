// pandas.moved-functions — pandas.util.testing → pandas.testing, pandas.io.json.json_normalize → pd.json_normalize
// (pandas 2.0)
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.0: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     import pandas.util.testing as tm
//     from pandas.util.testing import assert_frame_equal
//     from pandas.io.json import json_normalize
//   →
//     import pandas._testing as tm
//     from pandas.testing import assert_frame_equal
//     from pandas import json_normalize
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import { pd } from './_shared';

const TESTING_MOVES: ModuleMove[] = [
  {
    from: 'pandas.util.testing',
    to: 'pandas._testing',
    names: Object.fromEntries(
      ['assert_frame_equal', 'assert_series_equal', 'assert_index_equal', 'assert_extension_array_equal'].map((n) => [
        n,
        { module: 'pandas.testing' },
      ]),
    ),
  },
  { from: 'pandas.io.json', names: { json_normalize: { module: 'pandas' } } },
];

export const movedFunctions = defineRule({
  id: 'pandas.moved-functions',
  title: 'pandas.util.testing → pandas.testing, pandas.io.json.json_normalize → pd.json_normalize (pandas 2.0)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.0',
  explanation:
    'pandas 1.0 moved json_normalize to the top level and the assert_* helpers to pandas.testing ' +
    '(the rest of pandas.util.testing lives on as pandas._testing); 2.0 removed the old paths.',
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'pandas\.util\.testing'/ },
      { ename: 'ImportError', evalue: /cannot import name 'json_normalize'/ },
    ],
    pattern: true,
  },
  needles: ['util.testing', 'json_normalize'],
  apply(parsed, ctx) {
    return TESTING_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});
