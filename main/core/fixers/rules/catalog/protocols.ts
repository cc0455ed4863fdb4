// Old call protocols: objects whose use changed, not only their names. A fitted forest's .transform(X) selected
// features until scikit-learn 0.19; estimators accepted 1-D X (one feature) until 0.19 turned the deprecation into
// an error. (Old cross-validation splitters iterated directly are sklearn.splitter-constructors; Series.reshape and
// DataFrame.sort are in pandas.ts.)
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type NotebookView, type Rule, type RuleRunContext } from '../rule';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import { callArguments, keywordArgument, methodName, methodReceiver, positionalArguments } from '../syntax';
import { calleeOf, insertAtCellTop, moduleReference } from './helpers';

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
      if (right?.type === 'call' && calleeOf(right, parsed, ctx.imports, 'sklearn', SELECTOR_ESTIMATORS))
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
    // loop targets and other bindings of the same name make it something else
    for (const loop of parsed.nodes('for_statement')) {
      const left = loop.childForFieldName('left');
      if (left)
        for (const id of left.type === 'identifier' ? [left] : left.descendantsOfType('identifier'))
          if (id) bad.add(parsed.text(id));
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
  prepare(notebook, ctx) {
    return selectorVariables(notebook, ctx);
  },
  apply(parsed, ctx) {
    const selectors = ctx.state as Set<string>;
    if (selectors.size === 0) return [];
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const receiver = methodReceiver(call);
      if (
        methodName(call, parsed) !== 'transform' ||
        receiver?.type !== 'identifier' ||
        !selectors.has(parsed.text(receiver)) ||
        !ctx.inScope(call)
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

const FIT_METHODS = new Set(['fit', 'fit_transform', 'fit_predict']);
const USE_METHODS = new Set([
  'predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'transform',
  'score',
  'score_samples',
  'inverse_transform',
]);
/** Methods that take X alone: a 1-D X given to them was one sample before 0.19 (np.atleast_2d). */
const ONE_SAMPLE_METHODS = new Set([
  'predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'transform',
  'score_samples',
  'inverse_transform',
]);

/** `df['col']` (one column, selected by a string label): certainly one feature. */
function singleColumn(node: Node, parsed: ParsedSource): Node | null {
  if (node.type !== 'subscript') return null;
  const keys = node.childrenForFieldName('subscript');
  const key = keys[0];
  return keys.length === 1 && key?.type === 'string' && !parsed.text(key).startsWith('f') ? key : null;
}

/** Calls whose first positional argument is the data X (one positional argument: no y to count samples by). */
function sampleCandidate(call: Node, parsed: ParsedSource): Node | null {
  const name = methodName(call, parsed);
  if (!name || !ONE_SAMPLE_METHODS.has(name)) return null;
  const args = callArguments(call);
  const positional = positionalArguments(call);
  if (positional.length !== 1 || args.length !== 1) return null;
  return positional[0] as Node;
}

/** A list literal of plain numbers (`[3, 5, 4, 2]`, `[-1.5, 2e3]`): certainly one 1-D sample. */
function isNumberList(node: Node): boolean {
  if (node.type !== 'list' || node.namedChildCount === 0) return false;
  return node.namedChildren.every(
    (c) =>
      c.type === 'integer' ||
      c.type === 'float' ||
      (c.type === 'unary_operator' && ['integer', 'float'].includes(c.namedChildren[0]?.type ?? '')),
  );
}

const oneDimensionalInput = defineRule({
  id: 'sklearn.one-dimensional-x',
  title:
    "fit(df['col'], y) → fit(df[['col']], y); fit(x, y) with 1-D x → np.reshape(x, (-1, 1)); predict(x) with 1-D x → one sample",
  kind: 'error-repair',
  library: SK,
  since: { package: SK, version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    'scikit-learn 0.17 deprecated 1-D X and 0.19 made it the error "Expected 2D array, got 1D array instead" ("Reshape your data either using array.reshape(-1, 1) if your data has a single feature or array.reshape(1, -1) if it contains a single sample"). Which of the two the old code meant follows from the call: a column selected by its label, df[\'col\'], is one feature and becomes df[[\'col\']]; the X of fit(X, y) has as many samples as y, so it is one feature: np.reshape(X, (-1, 1)). predict/predict_proba/decision_function/transform/score_samples given a 1-D X alone ran it through np.atleast_2d until 0.19, i.e. as ONE sample: a list of numbers [3, 5, 4, 2] becomes [[3, 5, 4, 2]] and a variable np.reshape(x, (1, -1)). Applied on the failing line, and only where that line has one such call.',
  trigger: { errors: [{ ename: 'ValueError', evalue: /Expected 2D array, got 1D array instead/ }] },
  errorScope: 'line',
  needles: ['fit', 'predict', 'transform', 'score', 'decision_function'],
  apply(parsed, ctx: CellContext) {
    const edits: SourceEdit[] = [];
    let numpy: ReturnType<typeof moduleReference> | undefined;
    const np = (): ReturnType<typeof moduleReference> =>
      numpy === undefined ? (numpy = moduleReference(parsed, ctx, 'numpy', 'np')) : numpy;
    const samples: { call: Node; X: Node }[] = [];
    let ambiguous = false;
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (!name || !(FIT_METHODS.has(name) || USE_METHODS.has(name)) || !ctx.inScope(call)) continue;
      const positional = positionalArguments(call);
      const X = positional[0];
      if (!X) continue;
      const column = singleColumn(X, parsed);
      if (column) {
        edits.push(insertAt(column.startIndex, '['), insertAt(column.endIndex, ']'));
        ambiguous = true;
        continue;
      }
      // fit(X, y): X has len(y) samples, so a 1-D X is one feature
      if (
        FIT_METHODS.has(name) &&
        positional.length >= 2 &&
        ['identifier', 'attribute', 'subscript'].includes(X.type)
      ) {
        const ref = np();
        if (ref) edits.push(replaceNode(X, `${ref.name}.reshape(${parsed.text(X)}, (-1, 1))`));
        ambiguous = true;
        continue;
      }
      if (FIT_METHODS.has(name) || (USE_METHODS.has(name) && positional.length >= 2)) {
        ambiguous = true;
        continue;
      }
      const sample = sampleCandidate(call, parsed);
      if (sample) samples.push({ call, X: sample });
    }
    // predict(x) with a 1-D x: one sample, as np.atleast_2d read it; only when the line leaves no doubt which call failed
    if (samples.length === 1 && !ambiguous) {
      const { X } = samples[0] as { call: Node; X: Node };
      if (isNumberList(X)) edits.push(insertAt(X.startIndex, '['), insertAt(X.endIndex, ']'));
      else if (['identifier', 'attribute', 'subscript', 'call'].includes(X.type) && X.type !== 'list') {
        const ref = np();
        if (ref) edits.push(replaceNode(X, `${ref.name}.reshape(${parsed.text(X)}, (1, -1))`));
      }
    }
    if (edits.some((e) => e.text.includes('.reshape(')) && numpy) edits.push(...numpy.edits);
    return edits;
  },
});

export const PROTOCOL_RULES: Rule[] = [forestTransform, oneDimensionalInput];
