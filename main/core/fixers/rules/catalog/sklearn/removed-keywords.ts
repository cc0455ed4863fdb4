// sklearn.removed-keywords — Keyword arguments scikit-learn removed (KMeans n_jobs, GridSearchCV iid, presort,
// normalize, min_impurity_split, behaviour, TSNE square_distances)
//
// Why it broke: scikit-learn 0.24 (2020-12-22): from this release on the old code fails or computes something else
// (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.24.html
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.2.rst
// Example:
//     km = KMeans(n_clusters=3, n_jobs=-1)
//     g = GridSearchCV(m, grid, iid=False, cv=5)
//     r = Ridge(alpha=1.0, normalize=False)
//   →
//     km = KMeans(n_clusters=3)
//     g = GridSearchCV(m, grid, cv=5)
//     r = Ridge(alpha=1.0)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.24; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { type CellContext, defineRule, packageVersion } from '../../rule';
import { calleeOf } from '../helpers';
import type { SourceEdit } from '../../source-edit';
import { compareVersions } from '../../version';
import { keywordArgument, removeArgument } from '../../syntax';
import { SK, sk } from './_shared';

/** Keyword arguments that were removed without replacement (they had no effect, or their effect is now always on). */
const TREE_MODELS = [
  'DecisionTreeClassifier',
  'DecisionTreeRegressor',
  'ExtraTreeClassifier',
  'ExtraTreeRegressor',
  'RandomForestClassifier',
  'RandomForestRegressor',
  'ExtraTreesClassifier',
  'ExtraTreesRegressor',
  'GradientBoostingClassifier',
  'GradientBoostingRegressor',
];

const REMOVED_KEYWORDS: { classes: string[]; names: string[]; since: string }[] = [
  { classes: ['KMeans', 'MiniBatchKMeans'], names: ['n_jobs', 'precompute_distances'], since: '1.0' },
  { classes: ['GridSearchCV', 'RandomizedSearchCV'], names: ['iid'], since: '0.24' },
  {
    classes: [
      'DecisionTreeClassifier',
      'DecisionTreeRegressor',
      'ExtraTreeClassifier',
      'ExtraTreeRegressor',
      'GradientBoostingClassifier',
      'GradientBoostingRegressor',
    ],
    names: ['presort'],
    since: '0.24',
  },
  {
    classes: [
      'LinearRegression',
      'Ridge',
      'RidgeCV',
      'Lasso',
      'LassoCV',
      'ElasticNet',
      'ElasticNetCV',
      'Lars',
      'LassoLars',
      'OrthogonalMatchingPursuit',
      'BayesianRidge',
      'ARDRegression',
    ],
    names: ['normalize'],
    since: '1.2',
  },
  { classes: TREE_MODELS, names: ['min_impurity_split'], since: '1.0' },
  { classes: ['IsolationForest'], names: ['behaviour'], since: '0.24' },
  { classes: ['TSNE'], names: ['square_distances'], since: '1.4' },
];

/** Values of removed keywords that meant what the library does now (dropping the keyword keeps the result). */
function removableValue(call: Node, name: string, value: string, parsed: ParsedSource, ctx: CellContext): boolean {
  if (name === 'normalize') {
    // ordinary least squares does not depend on the scale of the features: normalize=True changed nothing
    return (
      value === 'False' ||
      (value === 'True' && calleeOf(call, parsed, ctx.imports, 'sklearn', ['LinearRegression']) !== null)
    );
  }
  if (name === 'min_impurity_split') return value === 'None' || /^1e-0?7$/.test(value);
  if (name === 'behaviour') return /^['"]new['"]$/.test(value);
  // True squared the distances, which TSNE has always done since 1.2; 'legacy' did not for other metrics
  if (name === 'square_distances') return value === 'True';
  return true;
}

export const removedKeywords = defineRule({
  id: 'sklearn.removed-keywords',
  title:
    'Keyword arguments scikit-learn removed (KMeans n_jobs, GridSearchCV iid, ' +
    'presort, normalize, min_impurity_split, behaviour, TSNE square_distances)',
  kind: 'error-repair',
  library: SK,
  since: sk('0.24', '2020-12-22'),
  explanation:
    'Arguments removed without a replacement: KMeans(n_jobs, precompute_distances) (1.0; it always ' +
    "uses all cores through OpenMP), GridSearchCV/RandomizedSearchCV(iid) (0.24), trees' presort " +
    "(0.24, no effect), the linear models' normalize (1.2) when it was False (the default) or " +
    "on LinearRegression (least squares does not depend on feature scale), trees' min_impurity_split " +
    "(1.0) when None or its old default 1e-7, IsolationForest(behaviour='new') (0.24, now the " +
    'only behaviour) and TSNE(square_distances=True) (1.4; what TSNE does since 1.2). ' +
    'normalize=True on penalized models is left for review: dropping it changes Ridge/Lasso results.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /got an unexpected keyword argument '(n_jobs|precompute_distances|iid|presort|normalize|min_impurity_split|behaviour|square_distances)'/,
      },
    ],
    pattern: true,
  },
  needles: [
    'n_jobs',
    'precompute_distances',
    'iid',
    'presort',
    'normalize',
    'min_impurity_split',
    'behaviour',
    'square_distances',
  ],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const installed = packageVersion(ctx.env, SK);
    for (const call of ctx.nodes('call')) {
      for (const entry of REMOVED_KEYWORDS) {
        if (installed && compareVersions(installed, entry.since) < 0) continue;
        if (!calleeOf(call, parsed, ctx.imports, 'sklearn', entry.classes)) continue;
        for (const name of entry.names) {
          const kw = keywordArgument(call, name, parsed);
          if (!kw) continue;
          if (!removableValue(call, name, parsed.text(kw.childForFieldName('value') as Node), parsed, ctx)) continue;
          edits.push(removeArgument(kw, call));
        }
      }
    }
    return edits;
  },
});
