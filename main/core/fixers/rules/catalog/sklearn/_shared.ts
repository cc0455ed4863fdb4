// Helpers shared by several sklearn rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).

export const SK = 'scikit-learn';

export const sk = (version: string, date: string) => ({ package: SK, version, date });

export const REGRESSION_TREES = [
  'DecisionTreeRegressor',
  'ExtraTreeRegressor',
  'RandomForestRegressor',
  'ExtraTreesRegressor',
];
