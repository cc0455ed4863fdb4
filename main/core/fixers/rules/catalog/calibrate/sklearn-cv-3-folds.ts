// calibrate.sklearn-cv-3-folds — cross_val_score/GridSearchCV/…: pin cv=3 (default became 5 in 0.22)
//
// Why it broke: scikit-learn 0.22 (2019-12-03) changed a default, so a notebook written before it computes something
// else today (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.22.html
// Example:
//     s = cross_val_score(m, X, y)
//     g = GridSearchCV(m, grid, cv=None)
//   →
//     s = cross_val_score(m, X, y, cv=3)
//     g = GridSearchCV(m, grid, cv=3)
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review.
import { pinDefault, SK_022 } from './_shared';

export const sklearnCv3Folds = pinDefault({
  id: 'calibrate.sklearn-cv-3-folds',
  title: 'cross_val_score/GridSearchCV/…: pin cv=3 (default became 5 in 0.22)',
  since: SK_022,
  module: 'sklearn',
  callables: [
    'cross_val_score',
    'cross_val_predict',
    'cross_validate',
    'GridSearchCV',
    'RandomizedSearchCV',
    'learning_curve',
    'validation_curve',
    'permutation_test_score',
    'RFECV',
    'CalibratedClassifierCV',
    'LogisticRegressionCV',
    'LassoCV',
    'ElasticNetCV',
    'LarsCV',
    'LassoLarsCV',
    'OrthogonalMatchingPursuitCV',
  ],
  pins: { cv: '3' },
  positions: { cv: 3 },
  explicitOld: { cv: 'None' },
  reducesWork: true,
  explanation:
    'scikit-learn 0.22 changed the default number of cross-validation folds from 3 to 5 (cv=None too); ' +
    'mean CV scores and the models a search selects change with it. Classifiers still get stratified folds.',
});
