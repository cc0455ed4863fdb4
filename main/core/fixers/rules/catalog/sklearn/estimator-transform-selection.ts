// sklearn.estimator-transform-selection — forest.transform(X) → SelectFromModel(forest, prefit=True).transform(X)
//
// Why it broke: scikit-learn 0.19 (2017-08-11), deprecated since 0.17: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.19.html
// Example:
//     from sklearn.ensemble import ExtraTreesClassifier
//     clf = ExtraTreesClassifier()
//     clf = clf.fit(X, y)
//     X_new = clf.transform(X)
//   →
//     from sklearn.feature_selection import SelectFromModel
//     from sklearn.ensemble import ExtraTreesClassifier
//     clf = ExtraTreesClassifier()
//     clf = clf.fit(X, y)
//     X_new = SelectFromModel(clf, prefit=True).transform(X)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.19; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type RuleRunContext, defineRule } from '../../rule';
import { calleeOf, insertAtCellTop } from '../helpers';
import { methodName, methodReceiver, positionalArguments, keywordArgument, callArguments } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { SK } from './_shared';

/**
 * Estimators that had _LearntSelectorMixin.transform (0.17/0.18 docs: "Reduce X to its most important features",
 * threshold default 'mean', 1e-5 for L1-penalized models) — the same default SelectFromModel computes.
 */
const SELECTOR_ESTIMATORS = [
  'RandomForestClassifier',
  'RandomForestRegressor',
  'ExtraTreesClassifier',
  'ExtraTreesRegressor',
  'GradientBoostingClassifier',
  'GradientBoostingRegressor',
  'AdaBoostClassifier',
  'AdaBoostRegressor',
  'DecisionTreeClassifier',
  'DecisionTreeRegressor',
  'ExtraTreeClassifier',
  'ExtraTreeRegressor',
  'LogisticRegression',
  'LinearSVC',
  'SGDClassifier',
  'Perceptron',
];

/** Variables every assignment of which (in the whole notebook) constructs one of the estimators above. */
function selectorVariables(ctx: RuleRunContext): Set<string> {
  const good = new Set<string>();
  const bad = new Set<string>();
  // every cell, whole: a name is a selector only if all its bindings in the notebook make it one
  const sites = ctx.bindings({ kinds: ['assignment', 'for'], cells: (source) => source.includes('=') });
  for (const { kind, target: left, value: right, parsed } of sites) {
    // loop targets and other bindings of the same name make it something else
    if (kind === 'for') {
      for (const id of left.type === 'identifier' ? [left] : left.descendantsOfType('identifier'))
        if (id) bad.add(parsed.text(id));
      continue;
    }
    if (left.type !== 'identifier') continue;
    const name = parsed.text(left);
    // `clf = ExtraTreesClassifier(…)`, or constructed and fitted in one statement: `clf =
    // ExtraTreesClassifier().fit(X, y)`
    const constructed =
      right?.type === 'call' && methodName(right, parsed) === 'fit' && methodReceiver(right)?.type === 'call'
        ? (methodReceiver(right) as Node)
        : right;
    if (constructed?.type === 'call' && calleeOf(constructed, parsed, ctx.imports, 'sklearn', SELECTOR_ESTIMATORS))
      good.add(name);
    // `clf = clf.fit(X, y)`: fit returns the estimator itself
    else if (
      right?.type === 'call' &&
      methodName(right, parsed) === 'fit' &&
      methodReceiver(right)?.type === 'identifier' &&
      parsed.text(methodReceiver(right) as Node) === name
    )
      continue;
    else bad.add(name);
  }
  for (const name of bad) good.delete(name);
  return good;
}

export const estimatorTransformSelection = defineRule({
  id: 'sklearn.estimator-transform-selection',
  title: 'forest.transform(X) → SelectFromModel(forest, prefit=True).transform(X)',
  kind: 'error-repair',
  library: SK,
  since: { package: SK, version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    'Until scikit-learn 0.19, fitted forests, trees, boosting and linear classifiers had .transform(X, ' +
    'threshold=None), which kept the features whose importance (or |coef|) reached the threshold: ' +
    "by default 'mean', 1e-5 for L1-penalized models (0.17 docs, _LearntSelectorMixin). 0.19 " +
    'removed it (deprecated in 0.17) in favour of feature_selection.SelectFromModel, whose prefit=True ' +
    'wraps the already fitted model and whose default threshold is computed the same way. An ' +
    'explicit threshold is passed on. Only for variables that always hold one of those estimators.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /'(\w*(Forest|Trees?|Boost|Boosting)\w*|LogisticRegression|LinearSVC|SGDClassifier|Perceptron)' object has no attribute 'transform'/,
      },
    ],
    pattern: true,
  },
  needles: ['.transform('],
  prepare(_notebook, ctx) {
    return selectorVariables(ctx);
  },
  apply(parsed, ctx) {
    const selectors = ctx.state as Set<string>;
    if (selectors.size === 0) return [];
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const receiver = methodReceiver(call);
      if (
        methodName(call, parsed) !== 'transform' ||
        receiver?.type !== 'identifier' ||
        !selectors.has(parsed.text(receiver))
      )
        continue;
      const positional = positionalArguments(call);
      const threshold = positional[1] ?? keywordArgument(call, 'threshold', parsed)?.childForFieldName('value') ?? null;
      const X = positional[0] ?? keywordArgument(call, 'X', parsed)?.childForFieldName('value');
      if (!X || positional.length > 2 || callArguments(call).length > (threshold ? 2 : 1)) continue;
      const options = [threshold ? `threshold=${parsed.text(threshold)}` : null, 'prefit=True']
        .filter(Boolean)
        .join(', ');
      edits.push(
        replaceNode(call, `SelectFromModel(${parsed.text(receiver)}, ${options}).transform(${parsed.text(X)})`),
      );
    }
    if (edits.length > 0 && !ctx.imports.bindings.has('SelectFromModel'))
      edits.push(insertAtCellTop(parsed, 'from sklearn.feature_selection import SelectFromModel'));
    return edits;
  },
});
