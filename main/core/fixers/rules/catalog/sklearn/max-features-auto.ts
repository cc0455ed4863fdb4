// sklearn.max-features-auto — max_features='auto' → 'sqrt' (classifiers) / 1.0 (regressors)
//
// Why it broke: scikit-learn 1.3 (2023-06-30), deprecated since 1.1: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.3.html
// Example:
//     rf = RandomForestClassifier(max_features='auto')
//     grid = {'max_features': ['auto', 'log2'], 'n_estimators': [100]}
//   →
//     rf = RandomForestClassifier(max_features='sqrt')
//     grid = {'max_features': ['sqrt', 'log2'], 'n_estimators': [100]}
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.3; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under scikit-learn 1.2.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { stringContent, keywordArgument } from '../../syntax';
import { calleeOf } from '../helpers';
import { REGRESSION_TREES, SK, sk } from './_shared';

const CLASSIFIER_TREES = [
  'DecisionTreeClassifier',
  'ExtraTreeClassifier',
  'RandomForestClassifier',
  'ExtraTreesClassifier',
  'GradientBoostingClassifier',
];

const REGRESSOR_TREES = [...REGRESSION_TREES, 'GradientBoostingRegressor'];

export const maxFeaturesAuto = defineRule({
  id: 'sklearn.max-features-auto',
  title: "max_features='auto' → 'sqrt' (classifiers) / 1.0 (regressors)",
  kind: 'error-repair',
  library: SK,
  since: sk('1.3', '2023-06-30'),
  deprecatedIn: '1.1',
  explanation:
    "Trees, forests and gradient boosting no longer accept max_features='auto' (removed in 1.3). " +
    "It meant sqrt(n_features) for classifiers and all features for regressors, so it becomes 'sqrt' " +
    'or 1.0 — the same model. In a parameter grid the estimator is taken from the error message, ' +
    'or from the tree models the notebook uses when they are all classifiers or all regressors.',
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
    for (const call of ctx.nodes('call')) {
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
    for (const pair of ctx.nodes('pair')) {
      const key = stringContent(pair.childForFieldName('key'), parsed);
      if (!key || !(key === 'max_features' || key.endsWith('__max_features'))) continue;
      replaceAuto(pair.childForFieldName('value'), kind === 'classifier' ? "'sqrt'" : '1.0');
    }
    return edits;
  },
});
