// calibrate.xgboost-depth-and-learning-rate — XGBClassifier/XGBRegressor: pin max_depth=3, learning_rate=0.1 (defaults
// before 1.0)
//
// Why it broke: XGBoost 1.0 (2020-02-20) changed a default, so a notebook written before it computes something
// else today: "[Breaking] Remove Scikit-Learn default parameters" (#5130) set the wrapper's defaults to None, so the
// booster's own defaults apply, max_depth=6 and learning_rate (eta)=0.3 instead of the wrapper's 3 and 0.1.
// Changelog: https://github.com/dmlc/xgboost/blob/master/NEWS.md#v100-20200219
// Changelog: https://github.com/dmlc/xgboost/pull/5130
// Example:
//     model = XGBClassifier()
//     reg = xgb.XGBRegressor(n_estimators=500, max_depth=5)
//   →
//     model = XGBClassifier(max_depth=3, learning_rate=0.1)
//     reg = xgb.XGBRegressor(n_estimators=500, max_depth=5, learning_rate=0.1)
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review.
// Left alone: not for a notebook written after 1.0; parameters the call sets (also through **params or positionally);
// the random-forest wrappers (XGBRF*), whose learning_rate default stayed 1.
import { xgbSubclassCalls } from '../xgboost/_shared';
import { pinDefault } from './_shared';

const ESTIMATORS = ['XGBClassifier', 'XGBRegressor', 'XGBRanker'];

export const xgboostDepthAndLearningRate = pinDefault({
  id: 'calibrate.xgboost-depth-and-learning-rate',
  title: 'XGBClassifier/XGBRegressor: pin max_depth=3, learning_rate=0.1 (defaults before 1.0)',
  since: { package: 'xgboost', version: '1.0', date: '2020-02-20' },
  module: 'xgboost',
  callables: ESTIMATORS,
  moreCalls: xgbSubclassCalls(ESTIMATORS),
  pins: { max_depth: '3', learning_rate: '0.1' },
  // the 0.x signature: XGBClassifier(max_depth=3, learning_rate=0.1, n_estimators=100, …)
  positions: { max_depth: 0, learning_rate: 1 },
  explanation:
    "XGBoost 1.0 set the scikit-learn wrapper's defaults to None (#5130), so the booster's " +
    "defaults apply: trees of depth 6 and a learning rate of 0.3 instead of the wrapper's 3 and " +
    '0.1. A notebook written before 1.0 got its score from the shallower, slower-learning model.',
});
