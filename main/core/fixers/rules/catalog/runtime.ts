// Runtime reduction, safe kinds only (results unchanged): parallel jobs where the notebook left them unset,
// and the GPU for XGBoost where the notebook asked for a GPU and the runtime has one.
import type { Node } from 'web-tree-sitter';
import { defineRule, packageVersion, type Rule } from '../rule';
import { appendArguments, isParameterSet, keywordArgument } from '../syntax';
import type { SourceEdit } from '../source-edit';
import { compareVersions } from '../version';
import { calleeOf } from './helpers';

const PARALLEL = [
  'RandomForestClassifier',
  'RandomForestRegressor',
  'ExtraTreesClassifier',
  'ExtraTreesRegressor',
  'KNeighborsClassifier',
  'KNeighborsRegressor',
  'GridSearchCV',
  'RandomizedSearchCV',
  'cross_val_score',
  'cross_val_predict',
  'cross_validate',
  'BaggingClassifier',
  'BaggingRegressor',
  'IsolationForest',
  'learning_curve',
  'validation_curve',
  'permutation_importance',
];

const parallelJobs = defineRule({
  id: 'runtime.sklearn-parallel-jobs',
  title: 'n_jobs=-1 for forests, neighbours, searches and cross-validation that did not set it',
  kind: 'runtime-reduction',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.0' },
  explanation:
    'These estimators and helpers run their independent fits in parallel with n_jobs=-1 (all cores); results are identical, only the wall time drops. Only the outermost call of a nest gets it, to avoid oversubscription.',
  trigger: { pattern: true },
  needles: PARALLEL,
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const parallel = parsed.nodes('call').filter((call) => calleeOf(call, parsed, ctx.imports, 'sklearn', PARALLEL));
    const nested = (call: Node): boolean =>
      parallel.some(
        (outer) =>
          outer !== call &&
          outer.startIndex <= call.startIndex &&
          call.endIndex <= outer.endIndex &&
          !(outer.startIndex === call.startIndex && outer.endIndex === call.endIndex),
      );
    for (const call of parallel) {
      if (!ctx.inScope(call) || isParameterSet(call, 'n_jobs', parsed) || nested(call)) continue;
      const edit = appendArguments(call, ['n_jobs=-1'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

const xgboostGpu = defineRule({
  id: 'runtime.xgboost-gpu',
  title: "XGBoost on the GPU (tree_method='gpu_hist' / device='cuda') where the notebook asked for a GPU",
  kind: 'runtime-reduction',
  library: 'xgboost',
  since: { package: 'xgboost', version: '0.0' },
  explanation:
    "The notebook was written for a GPU machine and this runtime has one; XGBoost's GPU histogram algorithm trains the same kind of model much faster (xgboost ≥ 2.0: device='cuda').",
  trigger: { pattern: true },
  needles: ['XGB'],
  apply(parsed, ctx) {
    if (ctx.env.gpus.length === 0) return [];
    const meta = JSON.stringify(ctx.notebook.notebook.metadata ?? {});
    const askedForGpu =
      /"accelerator"\s*:\s*"(gpu|nvidia)/i.test(meta) ||
      ctx.notebook.codeCells.some((i) => /gpu|cuda/i.test(ctx.notebook.source(i)));
    if (!askedForGpu) return [];
    const version = packageVersion(ctx.env, 'xgboost');
    const modern = version !== null && compareVersions(version, '2.0') >= 0;
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        !calleeOf(call, parsed, ctx.imports, 'xgboost', ['XGBClassifier', 'XGBRegressor', 'XGBRanker'])
      )
        continue;
      if (
        keywordArgument(call, 'tree_method', parsed) ||
        keywordArgument(call, 'device', parsed) ||
        isParameterSet(call, 'gpu_id', parsed)
      )
        continue;
      const edit = appendArguments(call, modern ? ["device='cuda'"] : ["tree_method='gpu_hist'"], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

export const RUNTIME_RULES: Rule[] = [parallelJobs, xgboostGpu];
