// sklearn.model-selection-modules: sklearn.cross_validation / grid_search / learning_curve → sklearn.model_selection
import { type ModuleMove, moveNeedles, moduleMoveEdits } from '../helpers';
import { defineRule } from '../../rule';
import { SK, sk } from './_shared';

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

export const modelSelectionModules = defineRule({
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
