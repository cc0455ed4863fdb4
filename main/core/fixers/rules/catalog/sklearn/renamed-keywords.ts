// sklearn.renamed-keywords — Renamed arguments: LDA n_topics → n_components, OneHotEncoder sparse → sparse_output,
// base_estimator → estimator, TSNE n_iter → max_iter, AgglomerativeClustering affinity → metric, LassoCV n_alphas →
// alphas, cross_val_score fit_params → params
//
// Why it broke: scikit-learn 0.21 (2019-05-09): from this release on the old code fails or computes something else
// (the explanation below cites the release notes).
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v0.19.rst#L865
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.2.rst#L946
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.7.rst
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.4.rst
// Example:
//     enc = OneHotEncoder(sparse=False)
//   →
//     enc = OneHotEncoder(sparse_output=False)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.21; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under scikit-learn 1.2.
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { keywordRenameEdits, calleeOf } from '../helpers';
import { SK, sk } from './_shared';

const RENAMED_KEYWORDS: { classes: string[]; renames: Record<string, string>; since: string }[] = [
  { classes: ['LatentDirichletAllocation'], renames: { n_topics: 'n_components' }, since: '0.21' },
  { classes: ['OneHotEncoder'], renames: { sparse: 'sparse_output' }, since: '1.4' },
  {
    classes: [
      'BaggingClassifier',
      'BaggingRegressor',
      'AdaBoostClassifier',
      'AdaBoostRegressor',
      'CalibratedClassifierCV',
    ],
    renames: { base_estimator: 'estimator' },
    since: '1.4',
  },
  { classes: ['RANSACRegressor'], renames: { base_estimator: 'estimator' }, since: '1.3' },
  { classes: ['TSNE'], renames: { n_iter: 'max_iter' }, since: '1.7' },
  { classes: ['AgglomerativeClustering', 'FeatureAgglomeration'], renames: { affinity: 'metric' }, since: '1.4' },
  // fit_params went to the estimator's fit; with metadata routing off (the default) params does the same
  {
    classes: ['cross_val_score', 'cross_validate', 'cross_val_predict'],
    renames: { fit_params: 'params' },
    since: '1.6',
  },
  {
    classes: ['learning_curve', 'validation_curve', 'permutation_test_score'],
    renames: { fit_params: 'params' },
    since: '1.8',
  },
  // 1.7 made `alphas` take the number of alphas; 1.9 removed `n_alphas` (with `alphas` given, `n_alphas` was ignored)
  {
    classes: ['LassoCV', 'ElasticNetCV', 'MultiTaskLassoCV', 'MultiTaskElasticNetCV'],
    renames: { n_alphas: 'alphas' },
    since: '1.9',
  },
];

export const renamedKeywords = defineRule({
  id: 'sklearn.renamed-keywords',
  title:
    'Renamed arguments: LDA n_topics → n_components, OneHotEncoder sparse → sparse_output, ' +
    'base_estimator → estimator, TSNE n_iter → max_iter, AgglomerativeClustering ' +
    'affinity → metric, LassoCV n_alphas → alphas, cross_val_score fit_params → params',
  kind: 'error-repair',
  library: SK,
  since: sk('0.21', '2019-05-09'),
  explanation:
    'Arguments renamed with the same meaning, each applied where the installed scikit-learn no longer accepts the old name: LatentDirichletAllocation(n_topics) → n_components (removed 0.21), OneHotEncoder(sparse) → sparse_output and BaggingClassifier/AdaBoostClassifier(base_estimator) → estimator (removed 1.4; RANSACRegressor(base_estimator) removed 1.3), TSNE(n_iter) → max_iter (removed 1.7), AgglomerativeClustering/FeatureAgglomeration(affinity) → metric (renamed 1.2, removed 1.4), LassoCV/ElasticNetCV/MultiTaskLassoCV/MultiTaskElasticNetCV(n_alphas=N) → alphas=N (an int for alphas means the number of alphas since 1.7; n_alphas removed 1.9; left alone where alphas is also given), cross_val_score/cross_validate/cross_val_predict(fit_params) → params (removed 1.6; learning_curve, validation_curve and permutation_test_score later: params go to the fit of the estimator as fit_params did, with metadata routing off).',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /unexpected keyword argument '(n_topics|sparse|base_estimator|n_iter|affinity|n_alphas|fit_params)'/,
      },
    ],
    pattern: true,
  },
  needles: ['n_topics', 'sparse=', 'base_estimator', 'n_iter', 'affinity', 'n_alphas', 'fit_params'],
  apply(parsed, ctx) {
    const installed = packageVersion(ctx.env, SK);
    return RENAMED_KEYWORDS.filter((entry) => !installed || compareVersions(installed, entry.since) >= 0).flatMap(
      (entry) =>
        keywordRenameEdits(
          parsed,
          ctx,
          (call) => !!calleeOf(call, parsed, ctx.imports, 'sklearn', entry.classes),
          entry.renames,
        ),
    );
  },
});
