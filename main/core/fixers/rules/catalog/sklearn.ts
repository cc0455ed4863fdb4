// scikit-learn: modules, classes, arguments and attributes removed between 0.18 and 1.4 (cross_validation /
// grid_search / learning_curve → model_selection with the new splitter API, Imputer, externals.joblib,
// OneHotEncoder(categorical_features), renamed scorers, private modules, removed keyword arguments …).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import {
  callNeedle,
  defineRule,
  packageVersion,
  type CellContext,
  type NotebookView,
  type Rule,
  type RuleRunContext,
} from '../rule';
import { compareVersions } from '../version';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import {
  appendArguments,
  asPrimary,
  callArguments,
  hasSplat,
  keywordArgument,
  keywordName,
  methodName,
  positionalArguments,
  removeArgument,
  renameKeyword,
  replaceStringContent,
  stringContent,
} from '../syntax';
import {
  calleeOf,
  insertAtCellTop,
  keywordRenameEdits,
  moduleMoveEdits,
  moveNeedles,
  positionalToKeywordEdits,
  type ModuleMove,
} from './helpers';
import { eraSignature, SKLEARN_KEYWORD_ONLY, SKLEARN_POSITIONAL_HISTORY } from './signatures';

const SK = 'scikit-learn';
const sk = (version: string, date: string) => ({ package: SK, version, date });

const MODEL_SELECTION_RENAMES = {
  LabelKFold: { name: 'GroupKFold' },
  LeaveOneLabelOut: { name: 'LeaveOneGroupOut' },
  LeavePLabelOut: { name: 'LeavePGroupsOut' },
  LabelShuffleSplit: { name: 'GroupShuffleSplit' },
};

const MODEL_SELECTION_MOVES: ModuleMove[] = [
  { from: 'sklearn.cross_validation', to: 'sklearn.model_selection', names: MODEL_SELECTION_RENAMES },
  { from: 'sklearn.grid_search', to: 'sklearn.model_selection' },
  { from: 'sklearn.learning_curve', to: 'sklearn.model_selection' },
];

const modelSelectionModules = defineRule({
  id: 'sklearn.model-selection-modules',
  title: 'sklearn.cross_validation / grid_search / learning_curve → sklearn.model_selection',
  kind: 'error-repair',
  library: SK,
  since: sk('0.20', '2018-09-25'),
  deprecatedIn: '0.18',
  explanation:
    'scikit-learn 0.18 moved cross-validation, grid search and learning curves into sklearn.model_selection and 0.20 removed the old modules. Imports (and dotted uses) are rewritten; Label* splitters became Group*. The splitters changed constructors too (see sklearn.splitter-constructors).',
  trigger: {
    errors: [
      {
        ename: 'ModuleNotFoundError',
        evalue: /No module named 'sklearn\.(cross_validation|grid_search|learning_curve)'/,
      },
    ],
    pattern: true,
  },
  needles: moveNeedles(MODEL_SELECTION_MOVES),
  apply(parsed, ctx) {
    return MODEL_SELECTION_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});

/**
 * Old splitters took the data size (or the labels) in the constructor and were iterable; new ones take
 * n_splits and yield from .split(X, y). For each old-style construction we remember what to split.
 */
interface OldSplitter {
  /** constructor call */
  call: Node;
  cellIndex: number;
  /** the text to pass to .split(...) */
  splitArgs: string;
  /** keyword edits for the constructor */
  newArgs: string[];
}

const SPLITTERS = [
  'KFold',
  'StratifiedKFold',
  'ShuffleSplit',
  'StratifiedShuffleSplit',
  'LeaveOneOut',
  'LeavePOut',
  'GroupKFold',
];

/** `len(X)` / `X.shape[0]` → 'X'; other sizes → `range(n)`. */
function dataFromSize(size: Node, parsed: ParsedSource): string {
  if (size.type === 'call') {
    const fn = size.childForFieldName('function');
    const args = positionalArguments(size);
    if (fn && parsed.text(fn) === 'len' && args.length === 1) return parsed.text(args[0] as Node);
  }
  if (size.type === 'subscript') {
    const value = size.childForFieldName('value');
    const index = size.childForFieldName('subscript');
    if (value?.type === 'attribute' && parsed.text(value).endsWith('.shape') && index && parsed.text(index) === '0') {
      return parsed.text(value.childForFieldName('object') as Node);
    }
  }
  return `range(${parsed.text(size)})`;
}

function oldSplitter(
  call: Node,
  parsed: ParsedSource,
  ctx: RuleRunContext | CellContext,
): Omit<OldSplitter, 'cellIndex'> | null {
  const kind = calleeOf(call, parsed, ctx.imports, 'sklearn', SPLITTERS);
  if (!kind) return null;
  const positional = positionalArguments(call);
  const kw = (name: string): Node | null => keywordArgument(call, name, parsed)?.childForFieldName('value') ?? null;
  const rest = (skipPositional: number, renames: Record<string, string>, positionalNames: string[]): string[] => {
    const args: string[] = [];
    positional.slice(skipPositional).forEach((arg, i) => {
      const name = positionalNames[i];
      if (name) args.push(`${name}=${parsed.text(arg)}`);
    });
    for (const arg of callArguments(call)) {
      if (arg.type !== 'keyword_argument') continue;
      const name = keywordName(arg, parsed);
      if (['n', 'y', 'labels'].includes(name)) continue;
      const value = arg.childForFieldName('value');
      args.push(`${renames[name] ?? name}=${value ? parsed.text(value) : ''}`);
    }
    return args;
  };
  if (kind === 'KFold' || kind === 'LeaveOneOut' || kind === 'LeavePOut' || kind === 'ShuffleSplit') {
    const size = positional[0] ?? kw('n');
    const old =
      kw('n_folds') ||
      kw('n_iter') ||
      kw('n') ||
      (kind === 'KFold' && positional.length >= 2 && !['true', 'false'].includes((positional[1] as Node).type)) ||
      (kind === 'LeaveOneOut' && positional.length === 1) ||
      (kind === 'LeavePOut' && positional.length === 2) ||
      (kind === 'ShuffleSplit' &&
        positional[0] &&
        !['integer', 'float'].includes(positional[0].type) &&
        !keywordArgument(call, 'n_splits', parsed));
    if (!old || !size) return null;
    const skip = positional[0] ? 1 : 0;
    const names =
      kind === 'KFold'
        ? ['n_splits', 'shuffle', 'random_state']
        : kind === 'LeavePOut'
          ? ['p']
          : kind === 'ShuffleSplit'
            ? ['n_splits', 'test_size', 'train_size', 'random_state']
            : [];
    return {
      call,
      splitArgs: dataFromSize(size, parsed),
      newArgs: rest(skip, { n_folds: 'n_splits', n_iter: 'n_splits' }, names),
    };
  }
  if (kind === 'StratifiedKFold' || kind === 'StratifiedShuffleSplit') {
    const labels = positional[0] ?? kw('y');
    if (!labels || ['integer'].includes(labels.type)) return null;
    if (keywordArgument(call, 'n_splits', parsed)) return null;
    const skip = positional[0] ? 1 : 0;
    const names =
      kind === 'StratifiedKFold'
        ? ['n_splits', 'shuffle', 'random_state']
        : ['n_splits', 'test_size', 'train_size', 'random_state'];
    const y = parsed.text(labels);
    // StratifiedKFold.split only uses X for its length: the labels serve as both, as the old API did
    return { call, splitArgs: `${y}, ${y}`, newArgs: rest(skip, { n_folds: 'n_splits', n_iter: 'n_splits' }, names) };
  }
  if (kind === 'GroupKFold') {
    const labels = positional[0] ?? kw('labels');
    if (!labels || labels.type === 'integer') return null;
    const l = parsed.text(labels);
    return { call, splitArgs: `${l}, groups=${l}`, newArgs: rest(1, { n_folds: 'n_splits' }, ['n_splits']) };
  }
  return null;
}

const splitterConstructors = defineRule({
  id: 'sklearn.splitter-constructors',
  title: 'KFold(n, n_folds=k) → KFold(n_splits=k) and `for tr, te in kf` → kf.split(X)',
  kind: 'error-repair',
  library: SK,
  since: sk('0.20', '2018-09-25'),
  deprecatedIn: '0.18',
  explanation:
    "The old splitters took the number of samples (KFold, ShuffleSplit) or the labels (StratifiedKFold) in the constructor and were iterated directly; model_selection's take n_splits and are iterated through .split(X, y). The constructor is rewritten (n_folds/n_iter → n_splits) and loops over the object call .split() with the data the old constructor received (StratifiedKFold gets the labels for both X and y: only their length and classes matter).",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /got an unexpected keyword argument '(n_folds|n_iter)'|object is not iterable|__init__\(\) takes|takes from \d+ to \d+ positional arguments/,
      },
      {
        ename: 'ValueError',
        evalue: /The number of folds must be of Integral type|n_splits must be|Expected n_splits/,
      },
    ],
    pattern: true,
  },
  needles: (source, state) =>
    /Fold|Split|LeaveOneOut|LeavePOut/.test(source) ||
    [...((state as Map<string, OldSplitter> | undefined)?.keys() ?? [])].some((name) => source.includes(name)),
  prepare(notebook: NotebookView, ctx: RuleRunContext) {
    // variable name → the old splitter assigned to it (anywhere in the notebook)
    const byName = new Map<string, OldSplitter>();
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      if (!SPLITTERS.some((s) => source.includes(s))) continue;
      const parsed = notebook.parse(cellIndex);
      for (const assignment of parsed.nodes('assignment')) {
        const left = assignment.childForFieldName('left');
        const right = assignment.childForFieldName('right');
        if (left?.type !== 'identifier' || right?.type !== 'call') continue;
        const old = oldSplitter(right, parsed, ctx);
        if (old) byName.set(parsed.text(left), { ...old, cellIndex });
      }
    }
    return byName;
  },
  apply(parsed, ctx) {
    const byName = ctx.state as Map<string, OldSplitter>;
    const edits: SourceEdit[] = [];
    const rewritten = new Set<number>();
    const constructorEdit = (old: Omit<OldSplitter, 'cellIndex'>): SourceEdit => {
      const args = argumentsNode(old.call);
      return { start: args.startIndex, end: args.endIndex, text: `(${old.newArgs.join(', ')})` };
    };
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const old = oldSplitter(call, parsed, ctx);
      if (!old) continue;
      edits.push(constructorEdit(old));
      rewritten.add(call.startIndex);
      // an inline splitter iterated directly: `for tr, te in KFold(len(X), n_folds=5):`
      if (
        call.parent?.type === 'for_statement' &&
        call.parent.childForFieldName('right')?.startIndex === call.startIndex
      ) {
        edits.push(insertAt(call.endIndex, `.split(${old.splitArgs})`));
      }
    }
    // loops (and list()/enumerate()) over a variable that holds an old splitter
    for (const identifier of parsed.nodes('identifier')) {
      const old = byName.get(parsed.text(identifier));
      if (!old || !ctx.inScope(identifier)) continue;
      const parent = identifier.parent;
      if (!parent) continue;
      const iterated =
        (parent.type === 'for_statement' && parent.childForFieldName('right')?.startIndex === identifier.startIndex) ||
        (parent.type === 'for_in_clause' && parent.childForFieldName('right')?.startIndex === identifier.startIndex) ||
        (parent.type === 'argument_list' &&
          parent.parent &&
          ['enumerate', 'list', 'next', 'iter'].includes(
            parsed.text(parent.parent.childForFieldName('function') as Node),
          ));
      if (iterated) edits.push(insertAt(identifier.endIndex, `.split(${old.splitArgs})`));
      const lenCall =
        parent.type === 'argument_list' &&
        parent.parent &&
        parsed.text(parent.parent.childForFieldName('function') as Node) === 'len'
          ? parent.parent
          : null;
      if (lenCall) edits.push(replaceNode(lenCall, `${parsed.text(identifier)}.get_n_splits()`));
    }
    return edits;
  },
});

/**
 * scikit-learn 0.24: "Setting a random_state has no effect since shuffle is False. You should leave random_state
 * to its default (None), or set shuffle=True." Before, such a random_state was silently unused (the folds are the
 * data's order), so dropping it keeps the folds exactly. Splitters written the old way get here after
 * sklearn.splitter-constructors, which keeps their arguments.
 */
const UNSHUFFLED_SPLITTERS = ['KFold', 'StratifiedKFold', 'GroupKFold', 'StratifiedGroupKFold'];

const splitterRandomState = defineRule({
  id: 'sklearn.splitter-random-state-without-shuffle',
  title: 'KFold/StratifiedKFold(random_state=r) without shuffle=True → random_state dropped',
  kind: 'error-repair',
  library: SK,
  since: sk('0.24', '2020-12-22'),
  explanation:
    'scikit-learn 0.24 made KFold/StratifiedKFold with a random_state but shuffle=False raise "Setting a random_state has no effect since shuffle is False". Until then that random_state was ignored (unshuffled folds follow the data\'s order), so removing it gives the same folds. Left alone when shuffle is set to anything but the literal False.',
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Setting a random_state has no effect since shuffle is False/ }],
    pattern: true,
  },
  needles: ['random_state'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || !calleeOf(call, parsed, ctx.imports, 'sklearn', UNSHUFFLED_SPLITTERS) || hasSplat(call))
        continue;
      const randomState = keywordArgument(call, 'random_state', parsed);
      if (!randomState || parsed.text(randomState.childForFieldName('value') as Node) === 'None') continue;
      const shuffle = keywordArgument(call, 'shuffle', parsed);
      // a positional shuffle (KFold(5, False, 1)) is named first by sklearn.keyword-only-arguments
      if (positionalArguments(call).length > 1) continue;
      if (shuffle && parsed.text(shuffle.childForFieldName('value') as Node) !== 'False') continue;
      edits.push(removeArgument(randomState, call));
    }
    return edits;
  },
});

function argumentsNode(call: Node): Node {
  return call.childForFieldName('arguments') as Node;
}

const gridScores = defineRule({
  id: 'sklearn.grid-scores',
  title: "search.grid_scores_ → search.cv_results_ (and RFECV.grid_scores_ → cv_results_['mean_test_score'])",
  kind: 'error-repair',
  library: SK,
  since: sk('0.20', '2018-09-25'),
  deprecatedIn: '0.18',
  explanation:
    "GridSearchCV/RandomizedSearchCV.grid_scores_ (a list of (parameters, mean_validation_score, cv_validation_scores)) was removed in 0.20. The rule rebuilds the same list from cv_results_: params, mean_test_score, and each candidate's per-split test scores. RFECV.grid_scores_ (removed in 1.2), the mean CV score per number of features, is cv_results_['mean_test_score'].",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'grid_scores_'/ }], pattern: true },
  needles: ['grid_scores_'],
  prepare(notebook, ctx) {
    // RFECV also had grid_scores_ (removed in 1.2): its mean CV score per number of features
    const rfecv = new Set<string>();
    for (const cellIndex of notebook.codeCells) {
      if (!notebook.source(cellIndex).includes('RFECV')) continue;
      const parsed = notebook.parse(cellIndex);
      for (const assignment of parsed.nodes('assignment')) {
        const left = assignment.childForFieldName('left');
        const right = assignment.childForFieldName('right');
        if (
          left?.type === 'identifier' &&
          right?.type === 'call' &&
          calleeOf(right, parsed, ctx.imports, 'sklearn', ['RFECV'])
        )
          rfecv.add(parsed.text(left));
      }
    }
    return rfecv;
  },
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const rfecv = ctx.state as Set<string>;
    const np = ctx.imports.aliasFor('numpy');
    const installed = packageVersion(ctx.env, SK);
    for (const attr of parsed.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const object = attr.childForFieldName('object');
      if (!name || !object || parsed.text(name) !== 'grid_scores_' || !ctx.inScope(attr)) continue;
      if (object.type === 'identifier' && rfecv.has(parsed.text(object))) {
        if (!installed || compareVersions(installed, '1.2') >= 0)
          edits.push(replaceNode(attr, `${parsed.text(object)}.cv_results_['mean_test_score']`));
        continue;
      }
      const g = asPrimary(object, parsed);
      const splits = `[${g}.cv_results_['split%d_test_score' % i] for i in range(${g}.n_splits_)]`;
      const perCandidate = np ? `${np}.transpose(${splits})` : `zip(*${splits})`;
      const tupleType = `__import__('collections').namedtuple('CVScoreTuple', 'parameters mean_validation_score cv_validation_scores')`;
      edits.push(
        replaceNode(
          attr,
          `[${tupleType}(*t) for t in zip(${g}.cv_results_['params'], ${g}.cv_results_['mean_test_score'], ${perCandidate})]`,
        ),
      );
    }
    return edits;
  },
});

const SCORER_RENAMES: Record<string, string> = {
  mean_squared_error: 'neg_mean_squared_error',
  mean_absolute_error: 'neg_mean_absolute_error',
  median_absolute_error: 'neg_median_absolute_error',
  log_loss: 'neg_log_loss',
  mean_squared_log_error: 'neg_mean_squared_log_error',
};

const scorerNames = defineRule({
  id: 'sklearn.scorer-names',
  title: "scoring='mean_squared_error' → 'neg_mean_squared_error' (and the other loss scorers)",
  kind: 'error-repair',
  library: SK,
  since: sk('0.20', '2018-09-25'),
  deprecatedIn: '0.18',
  explanation:
    "The loss scorers were renamed with a neg_ prefix in 0.18 and the old names removed in 0.20. The old 'mean_squared_error' scorer already returned the negated MSE (scorers are 'greater is better'), so the renamed scorer returns exactly the same numbers: code that takes -scores or sqrt(-scores) stays correct, and no sign change is needed.",
  trigger: {
    errors: [
      {
        ename: 'ValueError',
        evalue:
          /'(mean_squared_error|mean_absolute_error|median_absolute_error|log_loss|mean_squared_log_error)' is not a valid scoring value/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(SCORER_RENAMES),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const rename = (node: Node | null | undefined): void => {
      const content = stringContent(node ?? null, parsed);
      if (node && content && content in SCORER_RENAMES) {
        const edit = replaceStringContent(node, SCORER_RENAMES[content] as string);
        if (edit) edits.push(edit);
      }
    };
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const scoring = keywordArgument(call, 'scoring', parsed)?.childForFieldName('value');
      if (scoring?.type === 'string') rename(scoring);
      if (scoring?.type === 'list' || scoring?.type === 'tuple') scoring.namedChildren.forEach(rename);
      if (calleeOf(call, parsed, ctx.imports, 'sklearn', ['get_scorer'])) rename(positionalArguments(call)[0]);
    }
    return edits;
  },
});

const JOBLIB_MOVES: ModuleMove[] = [{ from: 'sklearn.externals.joblib', to: 'joblib' }];

const externalsJoblib = defineRule({
  id: 'sklearn.externals-joblib',
  title: 'sklearn.externals.joblib → joblib',
  kind: 'error-repair',
  library: SK,
  since: sk('0.23', '2020-05-12'),
  deprecatedIn: '0.21',
  explanation:
    'scikit-learn stopped vendoring joblib (deprecated 0.21, removed 0.23); the standalone joblib package, a scikit-learn dependency, has the same API.',
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'sklearn\.externals\.joblib'/ },
      { ename: 'ImportError', evalue: /cannot import name 'joblib' from 'sklearn\.externals'/ },
    ],
    pattern: true,
  },
  needles: ['joblib'],
  apply(parsed, ctx) {
    return JOBLIB_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});

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

const privateModules = defineRule({
  id: 'sklearn.private-modules',
  title: 'Private submodules (sklearn.ensemble.forest, sklearn.tree.tree, …) → public modules',
  kind: 'error-repair',
  library: SK,
  since: sk('0.24', '2020-12-22'),
  deprecatedIn: '0.22',
  explanation:
    'scikit-learn 0.22 made its implementation modules private (renamed with a leading underscore) and 0.24 removed the old paths; every public name is importable from the package itself (sklearn.ensemble, sklearn.tree, …).',
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: /No module named 'sklearn\.[\w.]+'/ }], pattern: true },
  needles: moveNeedles(PRIVATE_MODULE_MOVES),
  apply(parsed, ctx) {
    return PRIVATE_MODULE_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});

const RENAMED_CLASS_MOVES: ModuleMove[] = [
  { from: 'sklearn.preprocessing', names: { Imputer: { module: 'sklearn.impute', name: 'SimpleImputer' } } },
  { from: 'sklearn.lda', to: 'sklearn.discriminant_analysis', names: { LDA: { name: 'LinearDiscriminantAnalysis' } } },
  {
    from: 'sklearn.qda',
    to: 'sklearn.discriminant_analysis',
    names: { QDA: { name: 'QuadraticDiscriminantAnalysis' } },
  },
  { from: 'sklearn.decomposition', names: { RandomizedPCA: { name: 'PCA' } } },
  { from: 'sklearn.mixture', names: { GMM: { name: 'GaussianMixture' } } },
];

const renamedClasses = defineRule({
  id: 'sklearn.renamed-classes',
  title: 'Imputer → SimpleImputer, LDA/QDA → discriminant_analysis, RandomizedPCA → PCA, GMM → GaussianMixture',
  kind: 'error-repair',
  library: SK,
  since: sk('0.22', '2019-12-03'),
  deprecatedIn: '0.20',
  explanation:
    "Classes removed in 0.19–0.22 with a replacement: preprocessing.Imputer → impute.SimpleImputer (the axis argument is gone: it always imputes columns; missing_values='NaN' becomes np.nan), lda.LDA/qda.QDA → discriminant_analysis, RandomizedPCA → PCA(svd_solver='randomized'), GMM → GaussianMixture (n_iter → max_iter). The import keeps the old local name, so the rest of the notebook is unchanged.",
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name '(Imputer|RandomizedPCA|GMM)'/ },
      { ename: 'ModuleNotFoundError', evalue: /No module named 'sklearn\.(lda|qda)'/ },
      { ename: 'AttributeError', evalue: /has no attribute '(Imputer|RandomizedPCA|GMM)'/ },
    ],
    pattern: true,
  },
  needles: ['Imputer', 'sklearn.lda', 'sklearn.qda', 'RandomizedPCA', 'GMM'],
  apply(parsed, ctx) {
    const edits = RENAMED_CLASS_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    const np = ctx.imports.aliasFor('numpy');
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const old = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      const fnText = parsed.text(call.childForFieldName('function') as Node);
      const isOld = (name: string, module: string): boolean =>
        old === `${module}.${name}` || (old === null && fnText === name) || old?.endsWith(`.${name}`) === true;
      if (isOld('Imputer', 'sklearn.preprocessing') || old === 'sklearn.impute.SimpleImputer') {
        const axis = keywordArgument(call, 'axis', parsed);
        if (axis && parsed.text(axis.childForFieldName('value') as Node) === '0')
          edits.push(removeArgument(axis, call));
        const missing = keywordArgument(call, 'missing_values', parsed)?.childForFieldName('value');
        const content = stringContent(missing ?? null, parsed);
        if (missing && content?.toLowerCase() === 'nan')
          edits.push(replaceNode(missing, np ? `${np}.nan` : "float('nan')"));
      } else if (isOld('RandomizedPCA', 'sklearn.decomposition') && !keywordArgument(call, 'svd_solver', parsed)) {
        const edit = appendArguments(call, ["svd_solver='randomized'"], parsed);
        if (edit) edits.push(edit);
      } else if (isOld('GMM', 'sklearn.mixture')) {
        edits.push(...keywordRenameEdits(parsed, ctx, (c) => c.startIndex === call.startIndex, { n_iter: 'max_iter' }));
      }
    }
    return edits;
  },
});

const oneHotCategoricalFeatures = defineRule({
  id: 'sklearn.onehot-categorical-features',
  title: 'OneHotEncoder(categorical_features=cols) → ColumnTransformer',
  kind: 'error-repair',
  library: SK,
  since: sk('0.22', '2019-12-03'),
  deprecatedIn: '0.20',
  explanation:
    "OneHotEncoder's categorical_features was removed in 0.22. A ColumnTransformer that one-hot encodes those columns and passes the others through gives the old output: encoded columns first, the rest appended on the right, as a sparse matrix unless sparse=False.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'categorical_features'/ }],
    pattern: true,
  },
  needles: ['categorical_features'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || !calleeOf(call, parsed, ctx.imports, 'sklearn', ['OneHotEncoder'])) continue;
      const kw = keywordArgument(call, 'categorical_features', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value) continue;
      const columns = parsed.text(value);
      const others = callArguments(call)
        .filter((a) => a !== kw && !(a.startIndex === kw.startIndex))
        .map((a) => parsed.text(a));
      const encoder = `${parsed.text(call.childForFieldName('function') as Node)}(${others.join(', ')})`;
      if (stringContent(value, parsed) === 'all') {
        edits.push(removeArgument(kw, call));
        continue;
      }
      const sparse = keywordArgument(call, 'sparse', parsed)?.childForFieldName('value');
      const dense = sparse && parsed.text(sparse) === 'False';
      edits.push(
        replaceNode(
          call,
          `ColumnTransformer([('onehot', ${encoder}, ${columns})], remainder='passthrough'${dense ? '' : ', sparse_threshold=1.0'})`,
        ),
      );
    }
    if (edits.length > 0 && !ctx.imports.bindings.has('ColumnTransformer'))
      edits.push(insertAtCellTop(parsed, 'from sklearn.compose import ColumnTransformer'));
    return edits;
  },
});

const getFeatureNames = defineRule({
  id: 'sklearn.get-feature-names',
  title: '.get_feature_names() → list(.get_feature_names_out())',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    'get_feature_names() was removed in 1.2; get_feature_names_out() returns the same names as an array, wrapped in list() to keep the old list type.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'get_feature_names'/ }],
    pattern: false,
  },
  needles: ['get_feature_names('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'get_feature_names') continue;
      const name = call.childForFieldName('function')?.childForFieldName('attribute');
      if (!name) continue;
      edits.push(
        insertAt(call.startIndex, 'list('),
        replaceNode(name, 'get_feature_names_out'),
        insertAt(call.endIndex, ')'),
      );
    }
    return edits;
  },
});

const PLOT_FUNCTIONS: Record<string, string> = {
  plot_confusion_matrix: 'ConfusionMatrixDisplay',
  plot_roc_curve: 'RocCurveDisplay',
  plot_precision_recall_curve: 'PrecisionRecallDisplay',
};

const plotFunctions = defineRule({
  id: 'sklearn.plot-functions',
  title: 'plot_confusion_matrix / plot_roc_curve / plot_precision_recall_curve → *Display.from_estimator',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    'The sklearn.metrics.plot_* functions were removed in 1.2; ConfusionMatrixDisplay/RocCurveDisplay/PrecisionRecallDisplay.from_estimator take the same arguments.',
  trigger: {
    errors: [
      {
        ename: 'ImportError',
        evalue: /cannot import name '(plot_confusion_matrix|plot_roc_curve|plot_precision_recall_curve)'/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(PLOT_FUNCTIONS),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const statement of parsed.nodes('import_from_statement')) {
      if (parsed.text(statement.childForFieldName('module_name') as Node) !== 'sklearn.metrics') continue;
      for (const item of statement.childrenForFieldName('name')) {
        const name = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
        const display = name ? PLOT_FUNCTIONS[parsed.text(name)] : undefined;
        if (name && display) edits.push(replaceNode(item, display));
      }
    }
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!fn || !ctx.inScope(call)) continue;
      const q = ctx.imports.resolve(fn, parsed) ?? parsed.text(fn);
      const name = q.slice(q.lastIndexOf('.') + 1);
      const display = PLOT_FUNCTIONS[name];
      if (!display || !(q.startsWith('sklearn.') || q === name)) continue;
      const prefix = fn.type === 'attribute' ? parsed.text(fn.childForFieldName('object') as Node) + '.' : '';
      edits.push(replaceNode(fn, `${prefix}${display}.from_estimator`));
    }
    return edits;
  },
});

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
  return true;
}

const removedKeywords = defineRule({
  id: 'sklearn.removed-keywords',
  title:
    'Keyword arguments scikit-learn removed (KMeans n_jobs, GridSearchCV iid, presort, normalize, min_impurity_split, behaviour)',
  kind: 'error-repair',
  library: SK,
  since: sk('0.24', '2020-12-22'),
  explanation:
    "Arguments removed without a replacement: KMeans(n_jobs, precompute_distances) (1.0; it always uses all cores through OpenMP), GridSearchCV/RandomizedSearchCV(iid) (0.24), trees' presort (0.24, no effect), the linear models' normalize (1.2) when it was False (the default) or on LinearRegression (least squares does not depend on feature scale), trees' min_impurity_split (1.0) when None or its old default 1e-7, and IsolationForest(behaviour='new') (0.24, now the only behaviour). normalize=True on penalized models is left for review: dropping it changes Ridge/Lasso results.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /got an unexpected keyword argument '(n_jobs|precompute_distances|iid|presort|normalize|min_impurity_split|behaviour)'/,
      },
    ],
    pattern: true,
  },
  needles: ['n_jobs', 'precompute_distances', 'iid', 'presort', 'normalize', 'min_impurity_split', 'behaviour'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const installed = packageVersion(ctx.env, SK);
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
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

const sgdNIter = defineRule({
  id: 'sklearn.sgd-n-iter',
  title: 'SGDClassifier/SGDRegressor/Perceptron(n_iter=k) → max_iter=k, tol=None',
  kind: 'error-repair',
  library: SK,
  since: sk('0.21', '2019-05-09'),
  deprecatedIn: '0.19',
  explanation: 'n_iter was removed in 0.21; max_iter=k with tol=None runs exactly k epochs, as n_iter did.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'n_iter'/ }], pattern: true },
  needles: ['n_iter'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        !calleeOf(call, parsed, ctx.imports, 'sklearn', [
          'SGDClassifier',
          'SGDRegressor',
          'Perceptron',
          'PassiveAggressiveClassifier',
          'PassiveAggressiveRegressor',
        ])
      )
        continue;
      const kw = keywordArgument(call, 'n_iter', parsed);
      if (!kw || keywordArgument(call, 'max_iter', parsed)) continue;
      const rename = renameKeyword(kw, 'max_iter');
      if (rename) edits.push(rename);
      if (!keywordArgument(call, 'tol', parsed)) edits.push(insertAt(kw.endIndex, ', tol=None'));
    }
    return edits;
  },
});

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
  { classes: ['TSNE'], renames: { n_iter: 'max_iter' }, since: '1.7' },
];

const renamedKeywords = defineRule({
  id: 'sklearn.renamed-keywords',
  title:
    'Renamed arguments: LDA n_topics → n_components, OneHotEncoder sparse → sparse_output, base_estimator → estimator, TSNE n_iter → max_iter',
  kind: 'error-repair',
  library: SK,
  since: sk('0.21', '2019-05-09'),
  explanation:
    'Arguments renamed with the same meaning, each applied where the installed scikit-learn no longer accepts the old name: LatentDirichletAllocation(n_topics) → n_components (removed 0.21), OneHotEncoder(sparse) → sparse_output and BaggingClassifier/AdaBoostClassifier(base_estimator) → estimator (removed 1.4), TSNE(n_iter) → max_iter (removed 1.7).',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument '(n_topics|sparse|base_estimator|n_iter)'/ }],
    pattern: true,
  },
  needles: ['n_topics', 'sparse=', 'base_estimator', 'n_iter'],
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

/** String values of a parameter renamed with the same meaning (classes; and param-grid keys ending in the name). */
interface RenamedValues {
  param: string;
  classes: string[];
  values: Record<string, string>;
  since: string;
  /** also rename inside dictionaries (param grids: 'criterion' or 'rf__criterion' keys): the old values are unambiguous */
  inGrids?: boolean;
}

const REGRESSION_TREES = [
  'DecisionTreeRegressor',
  'ExtraTreeRegressor',
  'RandomForestRegressor',
  'ExtraTreesRegressor',
];

const RENAMED_VALUES: RenamedValues[] = [
  {
    param: 'criterion',
    classes: REGRESSION_TREES,
    values: { mse: 'squared_error', mae: 'absolute_error' },
    since: '1.2',
    inGrids: true,
  },
  {
    param: 'criterion',
    classes: ['GradientBoostingClassifier', 'GradientBoostingRegressor'],
    values: { mse: 'squared_error' },
    since: '1.2',
    inGrids: true,
  },
  {
    param: 'loss',
    classes: ['GradientBoostingRegressor'],
    values: { ls: 'squared_error', lad: 'absolute_error' },
    since: '1.2',
    inGrids: true,
  },
  {
    param: 'loss',
    classes: ['HistGradientBoostingRegressor'],
    values: { least_squares: 'squared_error', least_absolute_deviation: 'absolute_error' },
    since: '1.2',
    inGrids: true,
  },
  {
    param: 'loss',
    classes: ['SGDRegressor', 'SGDClassifier'],
    values: { squared_loss: 'squared_error' },
    since: '1.2',
    inGrids: true,
  },
  { param: 'loss', classes: ['SGDClassifier'], values: { log: 'log_loss' }, since: '1.3', inGrids: true },
  {
    param: 'loss',
    classes: ['GradientBoostingClassifier'],
    values: { deviance: 'log_loss' },
    since: '1.3',
    inGrids: true,
  },
  {
    param: 'loss',
    classes: ['HistGradientBoostingClassifier'],
    values: { binary_crossentropy: 'log_loss', categorical_crossentropy: 'log_loss' },
    since: '1.3',
    inGrids: true,
  },
  {
    param: 'algorithm',
    classes: ['KMeans', 'MiniBatchKMeans'],
    values: { auto: 'lloyd', full: 'lloyd' },
    since: '1.3',
  },
];

const renamedValues = defineRule({
  id: 'sklearn.renamed-parameter-values',
  title:
    "Renamed option values: criterion='mse' → 'squared_error', loss='ls'/'lad'/'log'/'deviance' → new names, KMeans algorithm='auto' → 'lloyd'",
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    "scikit-learn renamed option strings without changing what they do and removed the old spellings: trees/forests criterion 'mse' → 'squared_error' and 'mae' → 'absolute_error', GradientBoostingRegressor loss 'ls' → 'squared_error' and 'lad' → 'absolute_error', SGD 'squared_loss' → 'squared_error' (1.2); SGDClassifier loss 'log' and GradientBoostingClassifier loss 'deviance' → 'log_loss', KMeans algorithm 'auto'/'full' → 'lloyd' (1.3). Constructor arguments and parameter-grid entries (for criterion and loss) are renamed.",
  trigger: {
    errors: [
      { ename: 'InvalidParameterError', evalue: /'(criterion|loss|algorithm)' parameter/ },
      { ename: 'ValueError', evalue: /(criterion|loss|algorithm)/ },
      { ename: 'KeyError', evalue: /'(mse|mae|ls|lad|least_squares|squared_loss)'/ },
    ],
    pattern: true,
  },
  needles: [
    /['"](mse|mae|ls|lad|least_squares|least_absolute_deviation|squared_loss|log|deviance|binary_crossentropy|categorical_crossentropy|auto|full)['"]/,
  ],
  apply(parsed, ctx) {
    const installed = packageVersion(ctx.env, SK);
    const active = RENAMED_VALUES.filter((entry) => !installed || compareVersions(installed, entry.since) >= 0);
    const edits: SourceEdit[] = [];
    const rename = (node: Node | null | undefined, values: Record<string, string>): void => {
      if (!node) return;
      if (node.type === 'list' || node.type === 'tuple') {
        for (const item of node.namedChildren) rename(item, values);
        return;
      }
      const content = stringContent(node, parsed);
      const renamed = content !== null ? values[content] : undefined;
      const edit = renamed ? replaceStringContent(node, renamed) : null;
      if (edit) edits.push(edit);
    };
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      for (const entry of active) {
        if (!calleeOf(call, parsed, ctx.imports, 'sklearn', entry.classes)) continue;
        rename(keywordArgument(call, entry.param, parsed)?.childForFieldName('value'), entry.values);
      }
    }
    // param grids: {'criterion': ['mse', 'mae']}, {'rf__loss': 'ls'}
    const gridValues = new Map<string, Record<string, string>>();
    for (const entry of active.filter((e) => e.inGrids))
      gridValues.set(entry.param, { ...(gridValues.get(entry.param) ?? {}), ...entry.values });
    if (gridValues.size === 0) return edits;
    for (const pair of parsed.nodes('pair')) {
      const key = stringContent(pair.childForFieldName('key'), parsed);
      if (!key || !ctx.inScope(pair)) continue;
      const param = key.slice(key.lastIndexOf('__') === -1 ? 0 : key.lastIndexOf('__') + 2);
      const values = gridValues.get(param);
      if (values) rename(pair.childForFieldName('value'), values);
    }
    return edits;
  },
});

const CLASSIFIER_TREES = [
  'DecisionTreeClassifier',
  'ExtraTreeClassifier',
  'RandomForestClassifier',
  'ExtraTreesClassifier',
  'GradientBoostingClassifier',
];
const REGRESSOR_TREES = [...REGRESSION_TREES, 'GradientBoostingRegressor'];

const maxFeaturesAuto = defineRule({
  id: 'sklearn.max-features-auto',
  title: "max_features='auto' → 'sqrt' (classifiers) / 1.0 (regressors)",
  kind: 'error-repair',
  library: SK,
  since: sk('1.3', '2023-06-30'),
  deprecatedIn: '1.1',
  explanation:
    "Trees, forests and gradient boosting no longer accept max_features='auto' (removed in 1.3). It meant sqrt(n_features) for classifiers and all features for regressors, so it becomes 'sqrt' or 1.0 — the same model. In a parameter grid the estimator is taken from the error message, or from the tree models the notebook uses when they are all classifiers or all regressors.",
  trigger: {
    errors: [
      { ename: 'InvalidParameterError', evalue: /'max_features' parameter of \w+/ },
      { ename: 'ValueError', evalue: /max_features/ },
    ],
    pattern: true,
  },
  needles: ['max_features'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const replaceAuto = (node: Node | null | undefined, value: string): void => {
      if (!node) return;
      if (node.type === 'list' || node.type === 'tuple') {
        for (const item of node.namedChildren) replaceAuto(item, value);
        return;
      }
      if (stringContent(node, parsed) === 'auto') edits.push(replaceNode(node, value));
    };
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const kind = calleeOf(call, parsed, ctx.imports, 'sklearn', CLASSIFIER_TREES)
        ? 'classifier'
        : calleeOf(call, parsed, ctx.imports, 'sklearn', REGRESSOR_TREES)
          ? 'regressor'
          : null;
      if (kind)
        replaceAuto(
          keywordArgument(call, 'max_features', parsed)?.childForFieldName('value'),
          kind === 'classifier' ? "'sqrt'" : '1.0',
        );
    }
    // grids: which kind of tree model? the error names it; else the notebook's tree imports decide
    const named = ctx.errors
      .map((e) => /'max_features' parameter of (\w+)/.exec(e.evalue)?.[1])
      .find((n): n is string => !!n);
    let kind: 'classifier' | 'regressor' | null = named
      ? CLASSIFIER_TREES.includes(named)
        ? 'classifier'
        : REGRESSOR_TREES.includes(named)
          ? 'regressor'
          : null
      : null;
    if (!named) {
      const imported = [...ctx.imports.bindings.values()].map((q) => q.slice(q.lastIndexOf('.') + 1));
      const classifiers = imported.some((n) => CLASSIFIER_TREES.includes(n));
      const regressors = imported.some((n) => REGRESSOR_TREES.includes(n));
      kind = classifiers !== regressors ? (classifiers ? 'classifier' : 'regressor') : null;
    }
    if (!kind) return edits;
    for (const pair of parsed.nodes('pair')) {
      const key = stringContent(pair.childForFieldName('key'), parsed);
      if (!key || !ctx.inScope(pair) || !(key === 'max_features' || key.endsWith('__max_features'))) continue;
      replaceAuto(pair.childForFieldName('value'), kind === 'classifier' ? "'sqrt'" : '1.0');
    }
    return edits;
  },
});

const KEYWORD_ONLY_NEEDLE = callNeedle(Object.keys(SKLEARN_KEYWORD_ONLY));

const keywordOnlyArguments = defineRule({
  id: 'sklearn.keyword-only-arguments',
  title: 'SelectKBest(chi2, 10) → SelectKBest(chi2, k=10): positional arguments scikit-learn made keyword-only',
  kind: 'error-repair',
  library: SK,
  since: sk('1.0', '2021-09-24'),
  deprecatedIn: '0.23',
  explanation:
    "scikit-learn 1.0 made most constructor and function parameters keyword-only (only the leading ones, like n_estimators or y_true/y_pred, stay positional). Extra positional arguments get the names they had in the old positional order: SelectKBest(chi2, 10) → k=10, RFE(model, 5) → n_features_to_select=5, KFold(5, True, 1) → shuffle=True, random_state=1, SVC(1.0) → C=1.0, confusion_matrix(y, p, labels) → labels=labels. The names follow the order of the notebook's era, not today's (0.18 inserted groups after y in cross_val_score and learning_curve, 0.20 min_features_to_select in RFECV, 1.2 removed normalize from the linear models …): the era comes from the notebook's date and the module it imported from, and a call whose era does not settle the names is left alone.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given/ }],
    pattern: true,
  },
  needles: [KEYWORD_ONLY_NEEDLE],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      // the callee's last name first (a text lookup), then the import resolution and the arguments
      const fn = call.childForFieldName('function');
      if (!fn) continue;
      const text = parsed.text(fn);
      const last = text.slice(text.lastIndexOf('.') + 1);
      if (!(last in SKLEARN_KEYWORD_ONLY) || !ctx.inScope(call)) continue;
      const qualified = ctx.imports.resolve(fn, parsed);
      const known = qualified
        ? qualified.startsWith('sklearn.')
        : fn.type === 'identifier' && ctx.imports.starModules.some((m) => m.startsWith('sklearn'));
      const today = SKLEARN_KEYWORD_ONLY[last];
      const positional = positionalArguments(call).length;
      if (!known || !today || positional <= today[0]) continue;
      // the order of the notebook's era, not today's: a 2015 learning_curve(est, X, y, sizes) meant train_sizes
      const module = qualified && qualified.includes('.') ? qualified.slice(0, qualified.lastIndexOf('.')) : null;
      const choice = eraSignature(today, SKLEARN_POSITIONAL_HISTORY[last], ctx.created, module, positional);
      if ('signature' in choice) edits.push(...positionalToKeywordEdits(call, choice.signature, parsed, 2));
    }
    return edits;
  },
});

const METRIC_MOVES: ModuleMove[] = [
  {
    from: 'sklearn.metrics',
    names: {
      calinski_harabaz_score: { name: 'calinski_harabasz_score' },
      jaccard_similarity_score: { name: 'accuracy_score' },
    },
  },
  { from: 'sklearn.externals.six', to: 'six' },
  { from: 'sklearn.utils.testing', to: 'sklearn.utils._testing' },
];

const renamedFunctions = defineRule({
  id: 'sklearn.renamed-functions',
  title:
    'calinski_harabaz_score → calinski_harabasz_score, jaccard_similarity_score → accuracy_score, sklearn.externals.six → six',
  kind: 'error-repair',
  library: SK,
  since: sk('0.23', '2020-05-12'),
  deprecatedIn: '0.21',
  explanation:
    'Removed in 0.23/0.24 with a replacement: calinski_harabaz_score (misspelt) → calinski_harabasz_score; jaccard_similarity_score → accuracy_score, which is what it computed for ordinary (single-label) targets — jaccard_score is a different metric; sklearn.externals.six → the six package; sklearn.utils.testing → sklearn.utils._testing. Imports keep the old local name.',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name '(calinski_harabaz_score|jaccard_similarity_score|six)'/ },
      { ename: 'ModuleNotFoundError', evalue: /No module named 'sklearn\.(externals\.six|utils\.testing)'/ },
      { ename: 'AttributeError', evalue: /has no attribute '(calinski_harabaz_score|jaccard_similarity_score)'/ },
    ],
    pattern: true,
  },
  needles: ['calinski_harabaz_score', 'jaccard_similarity_score', 'externals', 'utils.testing'],
  apply(parsed, ctx) {
    const edits = METRIC_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    // `from sklearn.externals import six`
    for (const statement of parsed.nodes('import_from_statement')) {
      if (
        !ctx.inScope(statement) ||
        parsed.text(statement.childForFieldName('module_name') as Node) !== 'sklearn.externals'
      )
        continue;
      const items = statement.childrenForFieldName('name');
      if (items.length !== 1 || parsed.text(items[0] as Node).split(/\s+as\s+/)[0] !== 'six') continue;
      const alias =
        (items[0] as Node).type === 'aliased_import'
          ? parsed.text((items[0] as Node).childForFieldName('alias') as Node)
          : null;
      edits.push(replaceNode(statement, alias && alias !== 'six' ? `import six as ${alias}` : 'import six'));
    }
    return edits;
  },
});

const rootMeanSquaredError = defineRule({
  id: 'sklearn.mse-squared-false',
  title: 'mean_squared_error(y, p, squared=False) → root_mean_squared_error(y, p)',
  kind: 'error-repair',
  library: SK,
  since: sk('1.6', '2024-12-09'),
  deprecatedIn: '1.4',
  explanation:
    "mean_squared_error's squared argument was removed in 1.6; root_mean_squared_error computes the RMSE that squared=False returned (squared=True was the default and is dropped).",
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'squared'/ }], pattern: true },
  needles: ['squared='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const imports = new Set<string>();
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const name = calleeOf(call, parsed, ctx.imports, 'sklearn', ['mean_squared_error', 'mean_squared_log_error']);
      const kw = name ? keywordArgument(call, 'squared', parsed) : null;
      const value = kw?.childForFieldName('value');
      if (!kw || !value || !name) continue;
      if (parsed.text(value) === 'True') edits.push(removeArgument(kw, call));
      else if (parsed.text(value) === 'False') {
        const fn = call.childForFieldName('function') as Node;
        const target = `root_${name}`;
        edits.push(
          removeArgument(kw, call),
          fn.type === 'attribute'
            ? replaceNode(fn.childForFieldName('attribute') as Node, target)
            : replaceNode(fn, target),
        );
        if (fn.type !== 'attribute' && !ctx.imports.bindings.has(target)) imports.add(target);
      }
    }
    if (imports.size > 0)
      edits.push(insertAtCellTop(parsed, `from sklearn.metrics import ${[...imports].sort().join(', ')}`));
    return edits;
  },
});

export const SKLEARN_RULES: Rule[] = [
  modelSelectionModules,
  splitterConstructors,
  splitterRandomState,
  gridScores,
  scorerNames,
  externalsJoblib,
  privateModules,
  renamedClasses,
  oneHotCategoricalFeatures,
  getFeatureNames,
  plotFunctions,
  removedKeywords,
  sgdNIter,
  renamedKeywords,
  renamedValues,
  maxFeaturesAuto,
  keywordOnlyArguments,
  renamedFunctions,
  rootMeanSquaredError,
];
