// calibrate.sklearn-forest-n-estimators: RandomForest/ExtraTrees: pin n_estimators=10 (default became 100 in 0.22)
import { pinDefault, SK_022 } from './_shared';

export const sklearnForestNEstimators = pinDefault({
  id: 'calibrate.sklearn-forest-n-estimators',
  title: 'RandomForest/ExtraTrees: pin n_estimators=10 (default became 100 in 0.22)',
  since: SK_022,
  module: 'sklearn',
  callables: ['RandomForestClassifier', 'RandomForestRegressor', 'ExtraTreesClassifier', 'ExtraTreesRegressor'],
  pins: { n_estimators: '10' },
  positions: { n_estimators: 0 },
  explanation:
    'scikit-learn 0.22 raised the default number of trees of random forests and extra-trees from 10 to 100; the notebook was written with 10 trees, and its score came from them.',
  flags: ['defaults-pinned', 'estimators'],
});
