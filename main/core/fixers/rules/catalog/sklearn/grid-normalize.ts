// sklearn.grid-normalize — param_grid {'linearregression__normalize': [True, False]} → the entry removed
//
// Why it broke: scikit-learn 1.2 (2022-12-08), deprecated since 1.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Example:
//     'linearregression__fit_intercept': [True, False],
//     'linearregression__normalize': [True, False]}
//   →
//     'linearregression__fit_intercept': [True, False]}
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.2; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone. A step name
// of the notebook's own Pipeline([('lr', LinearRegression())]) counts only where every step of that name, in every
// cell, is scikit-learn's LinearRegression.
// Left alone: penalized models' grids, values that are not True/False, a user's own LinearRegression and a plain
// dict: left alone; a user's own LinearRegression class; not before scikit-learn 1.2; a Pipeline step name that
// is a penalized model somewhere in the notebook.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { type SourceEdit, deleteRange } from '../../source-edit';
import { type CellContext, defineRule } from '../../rule';
import { calleeOf } from '../helpers';
import { positionalArguments, keywordValue, stringContent } from '../../syntax';

/** A grid's values for a removed parameter that all meant what the library does now: a list, tuple or set of True/False literals. */
function booleanValues(node: Node, parsed: ParsedSource): string[] | null {
  if (node.type === 'true' || node.type === 'false') return [parsed.text(node)];
  if (!['list', 'tuple', 'set'].includes(node.type) || node.namedChildren.length === 0) return null;
  const values = node.namedChildren.map((child) =>
    child.type === 'true' || child.type === 'false' ? parsed.text(child) : null,
  );
  return values.every((v): v is string => v !== null) ? values : null;
}

/** Removes one `key: value` pair of a dict literal with the comma that separates it from a neighbour. */
function removePair(pair: Node, dict: Node): SourceEdit {
  const pairs = dict.namedChildren.filter((c) => c.type !== 'comment');
  const index = pairs.findIndex((p) => p.startIndex === pair.startIndex);
  const next = pairs[index + 1];
  if (next) return deleteRange(pair.startIndex, next.startIndex);
  const previous = pairs[index - 1];
  if (previous) return deleteRange(previous.endIndex, pair.endIndex);
  return deleteRange(dict.startIndex + 1, dict.endIndex - 1);
}

/** The estimator a search is built on, when it is a direct call `GridSearchCV(LinearRegression(), grid)`. */
function searchEstimatorOf(dict: Node, parsed: ParsedSource, ctx: CellContext): string | null {
  let node: Node | null = dict.parent;
  if (node?.type === 'keyword_argument') node = node.parent;
  if (node?.type === 'list') node = node.parent;
  const call = node?.type === 'argument_list' ? node.parent : null;
  if (
    !call ||
    call.type !== 'call' ||
    !calleeOf(call, parsed, ctx.imports, 'sklearn', ['GridSearchCV', 'RandomizedSearchCV'])
  )
    return null;
  const estimator = positionalArguments(call)[0] ?? keywordValue(call, 'estimator', parsed);
  if (estimator?.type !== 'call') return null;
  return calleeOf(estimator, parsed, ctx.imports, 'sklearn', ['LinearRegression']) ? 'LinearRegression' : null;
}

/**
 * The steps of the notebook's Pipeline([(name, estimator), …]) calls: each step name with whether every step of that
 * name, in every cell, is a LinearRegression(…) of scikit-learn (true) or some step of that name is another estimator
 * or cannot be read (false).
 */
function linearRegressionSteps(ctx: CellContext): Map<string, boolean> {
  const steps = new Map<string, boolean>();
  for (const cellIndex of ctx.notebook.codeCells) {
    if (!ctx.notebook.source(cellIndex).includes('Pipeline')) continue;
    const parsed = ctx.notebook.parse(cellIndex);
    for (const call of parsed.nodes('call')) {
      if (!calleeOf(call, parsed, ctx.imports, 'sklearn', ['Pipeline'])) continue;
      const list = positionalArguments(call)[0] ?? keywordValue(call, 'steps', parsed);
      if (list?.type !== 'list') continue;
      for (const step of list.namedChildren) {
        const [nameNode, estimator] = step.type === 'tuple' ? step.namedChildren : [];
        const name = stringContent(nameNode ?? null, parsed);
        if (name === null) continue;
        const linear =
          step.namedChildren.length === 2 &&
          estimator?.type === 'call' &&
          calleeOf(estimator, parsed, ctx.imports, 'sklearn', ['LinearRegression']) !== null;
        steps.set(name, (steps.get(name) ?? true) && linear);
      }
    }
  }
  return steps;
}

export const gridNormalize = defineRule({
  id: 'sklearn.grid-normalize',
  title: "param_grid {'linearregression__normalize': [True, False]} → the entry removed",
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '1.2', date: '2022-12-08' },
  deprecatedIn: '1.0',
  explanation:
    "scikit-learn 1.0 deprecated the linear models' normalize parameter and 1.2 removed it, so a parameter grid that searches it fails (\"Invalid parameter 'normalize' for estimator LinearRegression()\"). For LinearRegression, ordinary least squares, rescaling the features changes neither the predictions nor the coefficients reported in the original scale, so every value of normalize scored the same: the grid entry is removed and the search finds the same best score (best_params_ no longer lists normalize). The entry is recognised by make_pipeline's step name 'linearregression__normalize', by the name of a Pipeline([(name, LinearRegression()), …]) step of the notebook ('lr__normalize'; only where every step of that name is a LinearRegression), or as 'normalize' in a grid passed straight to GridSearchCV(LinearRegression(), …); only True/False values. Grids of penalized models (Ridge, Lasso), where normalize=True changed the fit, are left alone.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Invalid parameter '(linearregression__)?normalize' for estimator/ }],
    pattern: true,
  },
  needles: ['normalize'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let steps: Map<string, boolean> | null = null;
    for (const dict of ctx.nodes('dictionary')) {
      for (const pair of dict.namedChildren) {
        if (pair.type !== 'pair') continue;
        const key = stringContent(pair.childForFieldName('key'), parsed);
        const value = pair.childForFieldName('value');
        if (!value || !booleanValues(value, parsed)) continue;
        const step = key === null ? undefined : /^(\w+)__normalize$/.exec(key)?.[1];
        if (
          key === 'linearregression__normalize' ||
          (key === 'normalize' && searchEstimatorOf(dict, parsed, ctx) === 'LinearRegression') ||
          (step !== undefined && (steps ??= linearRegressionSteps(ctx)).get(step) === true)
        )
          edits.push(removePair(pair, dict));
      }
    }
    return edits;
  },
});
