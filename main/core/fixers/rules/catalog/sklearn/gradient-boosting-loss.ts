// sklearn.gradient-boosting-loss — GradientBoostingRegressor.loss_(y, pred) → mean_squared_error / mean_absolute_error
//
// Why it broke: scikit-learn 1.3 (2023-06-30), deprecated since 1.1: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.1.html
// Example:
//     params = {'n_estimators': 500, 'max_depth': 4, 'learning_rate': 0.01, 'loss': 'ls'}
//     clf = ensemble.GradientBoostingRegressor(**params)
//     for i, y_pred in enumerate(clf.staged_predict(X_test)):
//         test_score[i] = clf.loss_(y_test, y_pred)
//   →
//     from sklearn import metrics
//     params = {'n_estimators': 500, 'max_depth': 4, 'learning_rate': 0.01, 'loss': 'ls'}
//     clf = ensemble.GradientBoostingRegressor(**params)
//     for i, y_pred in enumerate(clf.staged_predict(X_test)):
//         test_score[i] = metrics.mean_squared_error(y_test, y_pred)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.3; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: the huber and quantile losses (no metric computes them), classifiers (their loss_ took raw decision
// values), and a name also bound to anything but such a regressor.
import type { Node } from 'web-tree-sitter';
import { defineRule, type CellContext, type NotebookView, type Rule, type RuleRunContext } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, keywordName, positionalArguments, stringContent } from '../../syntax';
import { calleeOf } from '../helpers';
import { SK, sk } from './_shared';

type ParsedSource = Parameters<Rule['apply']>[0];

/** The old losses whose loss_(y, pred) was exactly a metric of sklearn.metrics (old names and their 1.0 renames). */
const METRIC_OF_LOSS: Record<string, string> = {
  ls: 'mean_squared_error',
  squared_error: 'mean_squared_error',
  lad: 'mean_absolute_error',
  absolute_error: 'mean_absolute_error',
};
/** GradientBoostingRegressor's default loss ('ls', renamed 'squared_error' in 1.0). */
const DEFAULT_METRIC = 'mean_squared_error';

/** A dict literal and the cell it is in. */
interface DictLiteral {
  node: Node;
  parsed: ParsedSource;
}

/** The dict literals the notebook binds to a name once (`params = {…}`); null for a name bound otherwise too. */
function dictLiterals(ctx: Pick<RuleRunContext, 'bindings'>): Map<string, DictLiteral | null> {
  const dicts = new Map<string, DictLiteral | null>();
  for (const { target: left, value: right, parsed } of ctx.bindings({ kinds: ['assignment'] })) {
    if (left.type === 'identifier') {
      const name = parsed.text(left);
      dicts.set(name, dicts.has(name) || right?.type !== 'dictionary' ? null : { node: right, parsed });
    } else if (left.type === 'subscript') {
      // params['loss'] = …: the dict's loss is not the literal's any more
      const value = left.childForFieldName('value');
      if (value?.type === 'identifier') dicts.set(parsed.text(value), null);
    }
  }
  return dicts;
}

/** The metric a regressor constructor's loss maps to, or null (another loss, or one that cannot be read). */
function metricOfConstructor(call: Node, parsed: ParsedSource, dicts: Map<string, DictLiteral | null>): string | null {
  const positional = positionalArguments(call);
  // the era's signature: GradientBoostingRegressor(loss='ls', learning_rate=0.1, …)
  if (positional.length > 1) return null;
  let loss: string | null | undefined = positional[0] ? stringContent(positional[0], parsed) : undefined;
  for (const arg of callArguments(call)) {
    if (arg.type === 'keyword_argument' && keywordName(arg, parsed) === 'loss')
      loss = stringContent(arg.childForFieldName('value'), parsed);
    if (arg.type === 'list_splat') return null;
    if (arg.type === 'dictionary_splat') {
      const target = arg.namedChildren[0];
      const dict = target?.type === 'identifier' ? dicts.get(parsed.text(target)) : null;
      if (!dict) return null;
      for (const pair of dict.node.namedChildren) {
        if (pair.type !== 'pair') return null;
        const key = stringContent(pair.childForFieldName('key'), dict.parsed);
        if (key === null) return null;
        if (key === 'loss') loss = stringContent(pair.childForFieldName('value'), dict.parsed);
      }
    }
  }
  if (loss === undefined) return DEFAULT_METRIC;
  return loss === null ? null : (METRIC_OF_LOSS[loss] ?? null);
}

/** Names bound, everywhere in the notebook, only to GradientBoostingRegressor(…) of one exact-metric loss. */
function regressorMetrics(
  notebook: NotebookView,
  ctx: Pick<RuleRunContext, 'imports' | 'bindings'>,
): Map<string, string> {
  let dicts: Map<string, DictLiteral | null> | undefined;
  const metrics = new Map<string, string | null>();
  const regressors = (source: string): boolean => source.includes('GradientBoostingRegressor');
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    if (regressors(source)) continue;
    // a rebinding of a name elsewhere (`clf = something_else`) disqualifies it
    for (const match of source.matchAll(/^[ \t]*(\w+)[ \t]*=[^=]/gm)) metrics.set(match[1] as string, null);
  }
  for (const { target: left, value: right, parsed } of ctx.bindings({ kinds: ['assignment'], cells: regressors })) {
    if (left.type !== 'identifier') continue;
    const name = parsed.text(left);
    dicts ??= dictLiterals(ctx);
    const metric =
      right?.type === 'call' && calleeOf(right, parsed, ctx.imports, 'sklearn', ['GradientBoostingRegressor'])
        ? metricOfConstructor(right, parsed, dicts)
        : null;
    const known = metrics.get(name);
    metrics.set(name, metric !== null && (known === undefined || known === metric) ? metric : null);
  }
  const out = new Map<string, string>();
  for (const [name, metric] of metrics) if (metric) out.set(name, metric);
  return out;
}

export const gradientBoostingLoss = defineRule({
  id: 'sklearn.gradient-boosting-loss',
  title: 'GradientBoostingRegressor.loss_(y, pred) → mean_squared_error / mean_absolute_error',
  kind: 'error-repair',
  library: SK,
  since: sk('1.3', '2023-06-30'),
  deprecatedIn: '1.1',
  explanation:
    "Gradient boosting's loss_ attribute, the loss object a fitted model kept, was deprecated in scikit-learn 1.1 and removed in 1.3 (\"'GradientBoostingRegressor' object has no attribute 'loss_'\"). The user guide's regression example called it on staged predictions, clf.loss_(y_test, y_pred), to plot the test deviance, and notebooks copied that. For the least-squares loss (loss='ls', the default, renamed 'squared_error') it returned the mean of the squared errors, mean_squared_error(y, pred); for least absolute deviation ('lad', 'absolute_error') the mean absolute error, mean_absolute_error(y, pred); a sample weight averaged them the same way. The call becomes that metric of sklearn.metrics, for a variable the notebook binds only to such a regressor (its loss read from the constructor, a dict literal passed as **params, or the default). The huber and quantile losses, which no metric computes, and classifiers, whose loss_ took raw decision values, are left alone.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'GradientBoostingRegressor' object has no attribute 'loss_'/ }],
    pattern: true,
  },
  needles: ['.loss_('],
  prepare(notebook, ctx) {
    return regressorMetrics(notebook, ctx);
  },
  apply(parsed, ctx) {
    const metrics = ctx.state as Map<string, string>;
    if (metrics.size === 0) return [];
    const edits: SourceEdit[] = [];
    let module: ReturnType<CellContext['requireImport']> | undefined;
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'attribute' || parsed.text(fn.childForFieldName('attribute') as Node) !== 'loss_') continue;
      const object = fn.childForFieldName('object');
      const metric = object?.type === 'identifier' ? metrics.get(parsed.text(object)) : undefined;
      if (!metric) continue;
      // loss_(y, pred), loss_(y, pred, w) or loss_(y, pred, sample_weight=w): the metric takes the weight by keyword
      const args = callArguments(call);
      const positional = positionalArguments(call);
      const starts = new Set(positional.map((a) => a.startIndex));
      const keywords = args.filter((a) => !starts.has(a.startIndex));
      if (positional.length < 2 || positional.length > 3) continue;
      if (keywords.some((a) => a.type !== 'keyword_argument' || keywordName(a, parsed) !== 'sample_weight')) continue;
      if (keywords.length + positional.length > 3) continue;
      if (module === undefined) module = ctx.requireImport('sklearn.metrics', 'metrics');
      if (!module) return [];
      const [y, pred, weight] = positional.map((a) => parsed.text(a));
      const rest = weight ? [`sample_weight=${weight}`] : keywords.map((a) => parsed.text(a));
      const text = `${module.name}.${metric}(${[y, pred, ...rest].join(', ')})`;
      edits.push(replaceNode(call, text));
    }
    if (edits.length > 0 && module) edits.push(...module.edits);
    return edits;
  },
});
