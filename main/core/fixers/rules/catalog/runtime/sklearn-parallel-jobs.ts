// runtime.sklearn-parallel-jobs — n_jobs=-1 for forests, neighbours, searches and cross-validation that did not set it
//
// Why it broke: Nothing broke: a speed-up that applies from scikit-learn 0.0.
// Example:
//     g = GridSearchCV(RandomForestClassifier(), grid)
//   →
//     g = GridSearchCV(RandomForestClassifier(), grid, n_jobs=-1)
// Fix safety: Same result: the independent fits run in parallel (n_jobs=-1); only the wall time changes.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { calleeOf } from '../helpers';
import type { Node } from 'web-tree-sitter';
import { isParameterSet, appendArguments } from '../../syntax';

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

export const sklearnParallelJobs = defineRule({
  id: 'runtime.sklearn-parallel-jobs',
  title: 'n_jobs=-1 for forests, neighbours, searches and cross-validation that did not set it',
  kind: 'runtime-reduction',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.0' },
  explanation:
    'These estimators and helpers run their independent fits in parallel with n_jobs=-1 (all cores); results are ' +
    'identical, only the wall time drops. Only the outermost call of a nest gets it, to avoid oversubscription.',
  trigger: { pattern: true },
  needles: PARALLEL,
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    // the whole cell's parallel calls: the call a scoped one is nested in may start outside the scope
    const parallel = parsed.nodes('call').filter((call) => calleeOf(call, parsed, ctx.imports, 'sklearn', PARALLEL));
    const nested = (call: Node): boolean =>
      parallel.some(
        (outer) =>
          outer !== call &&
          outer.startIndex <= call.startIndex &&
          call.endIndex <= outer.endIndex &&
          !(outer.startIndex === call.startIndex && outer.endIndex === call.endIndex),
      );
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: PARALLEL })) {
      if (isParameterSet(call, 'n_jobs', parsed) || nested(call)) continue;
      const edit = appendArguments(call, ['n_jobs=-1'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
