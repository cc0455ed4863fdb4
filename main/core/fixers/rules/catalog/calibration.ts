// Score calibration: defaults that changed after the notebook was written. When the score drifted, the old
// default is pinned explicitly, only for parameters the notebook did not set, and only when the notebook's
// date predates the release that changed it (engine: predatesChange) and the environment has that release.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type Rule, type VersionPin } from '../rule';
import { replaceNode, type SourceEdit } from '../source-edit';
import { appendArguments, isParameterSet, keywordArgument, stringContent } from '../syntax';
import { calleeOf } from './helpers';

interface PinnedDefault {
  id: string;
  title: string;
  since: VersionPin;
  until?: string;
  /** package prefix and class/function names */
  module: string;
  callables: readonly string[];
  /** parameter → old default (as Python source); all are pinned together when unset */
  pins: Record<string, string>;
  /** index among positional parameters (when it can be passed positionally) */
  positions?: Record<string, number>;
  /** per-callable old defaults that differ from `pins` */
  overrides?: Record<string, Record<string, string>>;
  /** an explicit value that meant the old default (e.g. cv=None) and is replaced too */
  explicitOld?: Record<string, string>;
  /** skip calls where this returns false (e.g. SVC with kernel='linear': gamma unused) */
  relevant?: (call: Node, parsed: ParsedSource, ctx: CellContext) => boolean;
  explanation: string;
  flags?: string[];
}

function pinDefault(spec: PinnedDefault): Rule {
  return defineRule({
    id: spec.id,
    title: spec.title,
    kind: 'score-calibration',
    library: spec.since.package,
    since: spec.since,
    ...(spec.until ? { until: spec.until } : {}),
    explanation: spec.explanation,
    trigger: { pattern: true },
    needles: spec.callables,
    flags: spec.flags ?? ['defaults-pinned'],
    apply(parsed, ctx) {
      const edits: SourceEdit[] = [];
      for (const call of parsed.nodes('call')) {
        if (!ctx.inScope(call)) continue;
        const callable = calleeOf(call, parsed, ctx.imports, spec.module, spec.callables);
        if (!callable || (spec.relevant && !spec.relevant(call, parsed, ctx))) continue;
        const pins = { ...spec.pins, ...(spec.overrides?.[callable] ?? {}) };
        const missing: string[] = [];
        for (const [param, value] of Object.entries(pins)) {
          const explicit = spec.explicitOld?.[param];
          const kwValue = keywordArgument(call, param, parsed)?.childForFieldName('value');
          if (explicit && kwValue && parsed.text(kwValue) === explicit) {
            edits.push(replaceNode(kwValue, value));
            continue;
          }
          if (!isParameterSet(call, param, parsed, spec.positions?.[param])) missing.push(`${param}=${value}`);
        }
        const edit = appendArguments(call, missing, parsed);
        if (edit) edits.push(edit);
      }
      return edits;
    },
  });
}

const SK_022 = { package: 'scikit-learn', version: '0.22', date: '2019-12-03' };

const forestEstimators = pinDefault({
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

const logisticSolver = pinDefault({
  id: 'calibrate.sklearn-logistic-solver',
  title: "LogisticRegression: pin solver='liblinear' (default became 'lbfgs' in 0.22)",
  since: SK_022,
  module: 'sklearn',
  callables: ['LogisticRegression'],
  pins: { solver: "'liblinear'" },
  positions: { solver: 8 },
  relevant: (call, parsed) => {
    const penalty = stringContent(keywordArgument(call, 'penalty', parsed)?.childForFieldName('value') ?? null, parsed);
    return penalty === null || penalty === 'l1' || penalty === 'l2';
  },
  explanation:
    "scikit-learn 0.22 changed LogisticRegression's default solver from liblinear to lbfgs (and multi_class from 'ovr' to 'auto'); liblinear fits one-vs-rest and penalizes the intercept, so scores differ. Pinning liblinear restores both old defaults.",
});

const logisticMultiClass = pinDefault({
  id: 'calibrate.sklearn-logistic-multi-class',
  title: "LogisticRegression with a non-liblinear solver: pin multi_class='ovr' (default became 'auto' in 0.22)",
  since: SK_022,
  until: '1.7',
  module: 'sklearn',
  callables: ['LogisticRegression'],
  pins: { multi_class: "'ovr'" },
  relevant: (call, parsed) => {
    const solver = stringContent(keywordArgument(call, 'solver', parsed)?.childForFieldName('value') ?? null, parsed);
    return solver !== null && solver !== 'liblinear';
  },
  explanation:
    "Before 0.22, LogisticRegression fitted multi-class problems one-vs-rest whatever the solver; 'auto' now picks multinomial for lbfgs/newton-cg/sag/saga. For binary targets nothing changes.",
});

const svmGamma = pinDefault({
  id: 'calibrate.sklearn-svm-gamma',
  title: "SVC/SVR: pin gamma='auto' (default became 'scale' in 0.22)",
  since: SK_022,
  module: 'sklearn',
  callables: ['SVC', 'SVR', 'NuSVC', 'NuSVR', 'OneClassSVM'],
  pins: { gamma: "'auto'" },
  positions: { gamma: 3 },
  relevant: (call, parsed) => {
    const kernel = stringContent(keywordArgument(call, 'kernel', parsed)?.childForFieldName('value') ?? null, parsed);
    return kernel !== 'linear' && kernel !== 'precomputed';
  },
  explanation:
    "scikit-learn 0.22 changed the SVM kernel coefficient's default from 'auto' (1/n_features) to 'scale' (1/(n_features·X.var())); for rbf/poly/sigmoid kernels on unscaled data the scores differ.",
});

const cvFolds = pinDefault({
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
  explanation:
    'scikit-learn 0.22 changed the default number of cross-validation folds from 3 to 5 (cv=None too); mean CV scores and the models a search selects change with it. Classifiers still get stratified folds.',
});

const kmeansNInit = pinDefault({
  id: 'calibrate.sklearn-kmeans-n-init',
  title: 'KMeans: pin n_init=10 (default became "auto", one run with k-means++, in 1.4)',
  since: { package: 'scikit-learn', version: '1.4', date: '2024-01-18' },
  module: 'sklearn',
  callables: ['KMeans', 'MiniBatchKMeans'],
  pins: { n_init: '10' },
  overrides: { MiniBatchKMeans: { n_init: '3' } },
  positions: { n_init: 2 },
  explanation:
    "scikit-learn 1.4 changed KMeans' n_init default from 10 runs to 'auto' (a single k-means++ run; MiniBatchKMeans: from 3); clusterings and inertia can differ.",
});

const tsneDefaults = pinDefault({
  id: 'calibrate.sklearn-tsne-defaults',
  title: "TSNE: pin learning_rate=200.0 and init='random' (defaults changed in 1.2)",
  since: { package: 'scikit-learn', version: '1.2', date: '2022-12-08' },
  module: 'sklearn',
  callables: ['TSNE'],
  pins: { learning_rate: '200.0', init: "'random'" },
  explanation:
    "scikit-learn 1.2 changed TSNE's defaults to learning_rate='auto' and init='pca'; embeddings (and anything computed from them) differ.",
});

const isolationForest = pinDefault({
  id: 'calibrate.sklearn-isolation-forest-contamination',
  title: 'IsolationForest: pin contamination=0.1 (default became "auto" in 0.22)',
  since: SK_022,
  module: 'sklearn',
  callables: ['IsolationForest'],
  pins: { contamination: '0.1' },
  positions: { contamination: 2 },
  explanation:
    "Before 0.22 IsolationForest flagged 10% of the samples as outliers by default ('legacy' contamination 0.1); 'auto' now uses the paper's threshold, so predictions change.",
});

export const CALIBRATION_RULES: Rule[] = [
  forestEstimators,
  logisticSolver,
  logisticMultiClass,
  svmGamma,
  cvFolds,
  kmeansNInit,
  tsneDefaults,
  isolationForest,
];
