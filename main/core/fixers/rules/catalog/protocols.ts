// Old call protocols: objects whose use changed, not only their names. A fitted forest's .transform(X) selected
// features until scikit-learn 0.19; estimators accepted 1-D X (one feature) until 0.19 turned the deprecation into
// an error. (Old cross-validation splitters iterated directly are sklearn.splitter-constructors; Series.reshape and
// DataFrame.sort are in pandas.ts.)
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type NotebookView, type Rule, type RuleRunContext } from '../rule';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import { callArguments, keywordArgument, methodName, methodReceiver, positionalArguments } from '../syntax';
import { calleeOf, insertAtCellTop } from './helpers';

const SK = 'scikit-learn';

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
function selectorVariables(notebook: NotebookView, ctx: RuleRunContext): Set<string> {
  const good = new Set<string>();
  const bad = new Set<string>();
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    if (!source.includes('=')) continue;
    const parsed = notebook.parse(index);
    for (const assignment of parsed.nodes('assignment')) {
      const left = assignment.childForFieldName('left');
      if (left?.type !== 'identifier') continue;
      const name = parsed.text(left);
      const right = assignment.childForFieldName('right');
      if (right?.type === 'call' && calleeOf(right, parsed, ctx.imports, 'sklearn', SELECTOR_ESTIMATORS)) good.add(name);
      // `clf = clf.fit(X, y)`: fit returns the estimator itself
      else if (right?.type === 'call' && methodName(right, parsed) === 'fit' && methodReceiver(right)?.type === 'identifier' && parsed.text(methodReceiver(right) as Node) === name) continue;
      else bad.add(name);
    }
    // loop targets and other bindings of the same name make it something else
    for (const loop of parsed.nodes('for_statement')) {
      const left = loop.childForFieldName('left');
      if (left) for (const id of left.type === 'identifier' ? [left] : left.descendantsOfType('identifier')) if (id) bad.add(parsed.text(id));
    }
  }
  for (const name of bad) good.delete(name);
  return good;
}

const forestTransform = defineRule({
  id: 'sklearn.estimator-transform-selection',
  title: 'forest.transform(X) → SelectFromModel(forest, prefit=True).transform(X)',
  kind: 'error-repair',
  library: SK,
  since: { package: SK, version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    "Until scikit-learn 0.19, fitted forests, trees, boosting and linear classifiers had .transform(X, threshold=None), which kept the features whose importance (or |coef|) reached the threshold: by default 'mean', 1e-5 for L1-penalized models (0.17 docs, _LearntSelectorMixin). 0.19 removed it (deprecated in 0.17) in favour of feature_selection.SelectFromModel, whose prefit=True wraps the already fitted model and whose default threshold is computed the same way. An explicit threshold is passed on. Only for variables that always hold one of those estimators.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /'(\w*(Forest|Trees?|Boost|Boosting)\w*|LogisticRegression|LinearSVC|SGDClassifier|Perceptron)' object has no attribute 'transform'/ }], pattern: true },
  needles: ['.transform('],
  prepare(notebook, ctx) {
    return selectorVariables(notebook, ctx);
  },
  apply(parsed, ctx) {
    const selectors = ctx.state as Set<string>;
    if (selectors.size === 0) return [];
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const receiver = methodReceiver(call);
      if (methodName(call, parsed) !== 'transform' || receiver?.type !== 'identifier' || !selectors.has(parsed.text(receiver)) || !ctx.inScope(call)) continue;
      const positional = positionalArguments(call);
      const threshold = positional[1] ?? keywordArgument(call, 'threshold', parsed)?.childForFieldName('value') ?? null;
      const X = positional[0] ?? keywordArgument(call, 'X', parsed)?.childForFieldName('value');
      if (!X || positional.length > 2 || callArguments(call).length > (threshold ? 2 : 1)) continue;
      const options = [threshold ? `threshold=${parsed.text(threshold)}` : null, 'prefit=True'].filter(Boolean).join(', ');
      edits.push(replaceNode(call, `SelectFromModel(${parsed.text(receiver)}, ${options}).transform(${parsed.text(X)})`));
    }
    if (edits.length > 0 && !ctx.imports.bindings.has('SelectFromModel')) edits.push(insertAtCellTop(parsed, 'from sklearn.feature_selection import SelectFromModel'));
    return edits;
  },
});

const FIT_METHODS = new Set(['fit', 'fit_transform', 'fit_predict']);
const USE_METHODS = new Set(['predict', 'predict_proba', 'decision_function', 'transform', 'score']);

/** `df['col']` (one column, selected by a string label): certainly one feature. */
function singleColumn(node: Node, parsed: ParsedSource): Node | null {
  if (node.type !== 'subscript') return null;
  const keys = node.childrenForFieldName('subscript');
  const key = keys[0];
  return keys.length === 1 && key?.type === 'string' && !parsed.text(key).startsWith('f') ? key : null;
}

const oneDimensionalInput = defineRule({
  id: 'sklearn.one-dimensional-x',
  title: "model.fit(df['col'], y) → model.fit(df[['col']], y); fit(x, y) with 1-D x → np.reshape(x, (-1, 1))",
  kind: 'error-repair',
  library: SK,
  since: { package: SK, version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    "scikit-learn 0.17 deprecated passing 1-D X, which it read as one feature, and 0.19 made it the error \"Expected 2D array, got 1D array instead\". Where X is certainly one feature the same data becomes a one-column 2-D input: a column selected by its label, df['col'], becomes df[['col']]; the X of fit(X, y) (it has as many samples as y) becomes np.reshape(X, (-1, 1)). A 1-D X passed to predict alone could be one sample as well as one feature: only the df['col'] form is rewritten there. Applied on the failing line.",
  trigger: { errors: [{ ename: 'ValueError', evalue: /Expected 2D array, got 1D array instead/ }] },
  errorScope: 'line',
  needles: ['fit', 'predict', 'transform', 'score'],
  apply(parsed, ctx: CellContext) {
    const edits: SourceEdit[] = [];
    const np = ctx.imports.aliasFor('numpy');
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (!name || !(FIT_METHODS.has(name) || USE_METHODS.has(name)) || !ctx.inScope(call)) continue;
      const positional = positionalArguments(call);
      const X = positional[0];
      if (!X) continue;
      const column = singleColumn(X, parsed);
      if (column) {
        edits.push(insertAt(column.startIndex, '['), insertAt(column.endIndex, ']'));
        continue;
      }
      // fit(X, y): X has len(y) samples, so a 1-D X is one feature
      if (FIT_METHODS.has(name) && positional.length >= 2 && np && ['identifier', 'attribute', 'subscript'].includes(X.type)) {
        edits.push(replaceNode(X, `${np}.reshape(${parsed.text(X)}, (-1, 1))`));
      }
    }
    return edits;
  },
});

export const PROTOCOL_RULES: Rule[] = [forestTransform, oneDimensionalInput];
