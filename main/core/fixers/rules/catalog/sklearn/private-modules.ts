// sklearn.private-modules — Private submodules (sklearn.ensemble.forest, sklearn.tree.tree, …) → public modules
//
// Why it broke: scikit-learn 0.24 (2020-12-22), deprecated since 0.22: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.24.html
// Example:
//     from sklearn.ensemble.forest import RandomForestClassifier
//     from sklearn.datasets.samples_generator import make_blobs
//   →
//     from sklearn.ensemble import RandomForestClassifier
//     from sklearn.datasets import make_blobs
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.24; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type ModuleMove, moveNeedles, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import { SK, sk } from './_shared';

const PRIVATE_MODULE_MOVES: ModuleMove[] = [
  ['sklearn.ensemble.forest', 'sklearn.ensemble'],
  ['sklearn.ensemble.gradient_boosting', 'sklearn.ensemble'],
  ['sklearn.ensemble.bagging', 'sklearn.ensemble'],
  ['sklearn.ensemble.weight_boosting', 'sklearn.ensemble'],
  ['sklearn.ensemble.voting', 'sklearn.ensemble'],
  ['sklearn.tree.tree', 'sklearn.tree'],
  ['sklearn.tree.export', 'sklearn.tree'],
  ['sklearn.linear_model.logistic', 'sklearn.linear_model'],
  ['sklearn.linear_model.base', 'sklearn.linear_model'],
  ['sklearn.linear_model.ridge', 'sklearn.linear_model'],
  ['sklearn.linear_model.coordinate_descent', 'sklearn.linear_model'],
  ['sklearn.linear_model.stochastic_gradient', 'sklearn.linear_model'],
  ['sklearn.svm.classes', 'sklearn.svm'],
  ['sklearn.neighbors.classification', 'sklearn.neighbors'],
  ['sklearn.neighbors.regression', 'sklearn.neighbors'],
  ['sklearn.neighbors.unsupervised', 'sklearn.neighbors'],
  ['sklearn.neighbors.kde', 'sklearn.neighbors'],
  ['sklearn.metrics.scorer', 'sklearn.metrics'],
  ['sklearn.metrics.classification', 'sklearn.metrics'],
  ['sklearn.metrics.regression', 'sklearn.metrics'],
  ['sklearn.metrics.ranking', 'sklearn.metrics'],
  ['sklearn.preprocessing.data', 'sklearn.preprocessing'],
  ['sklearn.preprocessing.label', 'sklearn.preprocessing'],
  ['sklearn.datasets.samples_generator', 'sklearn.datasets'],
  ['sklearn.datasets.base', 'sklearn.datasets'],
  ['sklearn.decomposition.pca', 'sklearn.decomposition'],
  ['sklearn.cluster.k_means_', 'sklearn.cluster'],
  ['sklearn.feature_selection.univariate_selection', 'sklearn.feature_selection'],
  ['sklearn.naive_bayes', 'sklearn.naive_bayes'],
]
  .filter(([from, to]) => from !== to)
  .map(([from, to]) => ({ from: from as string, to: to as string }));

export const privateModules = defineRule({
  id: 'sklearn.private-modules',
  title: 'Private submodules (sklearn.ensemble.forest, sklearn.tree.tree, …) → public modules',
  kind: 'error-repair',
  library: SK,
  since: sk('0.24', '2020-12-22'),
  deprecatedIn: '0.22',
  explanation:
    'scikit-learn 0.22 made its implementation modules private (renamed with a leading underscore) and 0.24 removed ' +
    'the old paths; every public name is importable from the package itself (sklearn.ensemble, sklearn.tree, …).',
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: /No module named 'sklearn\.[\w.]+'/ }], pattern: true },
  needles: moveNeedles(PRIVATE_MODULE_MOVES),
  apply(parsed, ctx) {
    return PRIVATE_MODULE_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});
