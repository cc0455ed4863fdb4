// sklearn.model-selection-modules — sklearn.cross_validation / grid_search / learning_curve → sklearn.model_selection
//
// Why it broke: scikit-learn 0.20 (2018-09-25), deprecated since 0.18: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v0.18.rst#L723
// Example:
//     from sklearn.cross_validation import train_test_split, cross_val_score
//     from sklearn.grid_search import GridSearchCV
//     from sklearn.learning_curve import learning_curve
//     from sklearn import cross_validation
//     import sklearn.cross_validation
//     X1 = sklearn.cross_validation.train_test_split(X)
//   →
//     from sklearn.model_selection import train_test_split, cross_val_score
//     from sklearn.model_selection import GridSearchCV
//     from sklearn.model_selection import learning_curve
//     from sklearn import model_selection as cross_validation
//     import sklearn.model_selection
//     X1 = sklearn.model_selection.train_test_split(X)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.20; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under scikit-learn 0.19.
import { type ModuleMove, moveNeedles, moduleMoveEdits } from '../module-moves';
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
    'scikit-learn 0.18 moved cross-validation, grid search and learning curves into sklearn.model_selection ' +
    'and 0.20 removed the old modules. Imports (and dotted uses) are rewritten; Label* splitters ' +
    'became Group*. The splitters changed constructors too (see sklearn.splitter-constructors).',
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
