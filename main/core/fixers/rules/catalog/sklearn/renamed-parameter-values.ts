// sklearn.renamed-parameter-values — Renamed option values: criterion='mse' → 'squared_error',
// loss='ls'/'lad'/'log'/'deviance' → new names, KMeans algorithm='auto' → 'lloyd'
//
// Why it broke: scikit-learn 1.2 (2022-12-08), deprecated since 1.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Example:
//     t = DecisionTreeRegressor(criterion='mae')
//     r = RANSACRegressor(LinearRegression(), loss='absolute_loss')
//     lr = LogisticRegression(penalty='none')
//   →
//     t = DecisionTreeRegressor(criterion='absolute_error')
//     r = RANSACRegressor(LinearRegression(), loss='absolute_error')
//     lr = LogisticRegression(penalty=None)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.2; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { stringContent, replaceStringContent, keywordArgument } from '../../syntax';
import { calleeOf } from '../helpers';
import { REGRESSION_TREES, SK, sk } from './_shared';

/** String values of a parameter renamed with the same meaning (classes; and param-grid keys ending in the name). */
interface RenamedValues {
  param: string;
  classes: string[];
  values: Record<string, string>;
  since: string;
  /** also rename inside dictionaries (param grids: 'criterion' or 'rf__criterion' keys): the old values are unambiguous */
  inGrids?: boolean;
  /** the new values are Python literals (penalty='none' → None), not strings: the whole literal is replaced */
  literal?: boolean;
}

const RENAMED_VALUES: RenamedValues[] = [
  {
    param: 'criterion',
    classes: REGRESSION_TREES,
    values: { mse: 'squared_error', mae: 'absolute_error' },
    since: '1.2',
    inGrids: true,
  },
  {
    param: 'criterion',
    classes: ['GradientBoostingClassifier', 'GradientBoostingRegressor'],
    values: { mse: 'squared_error' },
    since: '1.2',
    inGrids: true,
  },
  {
    param: 'loss',
    classes: ['GradientBoostingRegressor'],
    values: { ls: 'squared_error', lad: 'absolute_error' },
    since: '1.2',
    inGrids: true,
  },
  {
    param: 'loss',
    classes: ['HistGradientBoostingRegressor'],
    values: { least_squares: 'squared_error', least_absolute_deviation: 'absolute_error' },
    since: '1.2',
    inGrids: true,
  },
  {
    param: 'loss',
    classes: ['SGDRegressor', 'SGDClassifier'],
    values: { squared_loss: 'squared_error' },
    since: '1.2',
    inGrids: true,
  },
  { param: 'loss', classes: ['SGDClassifier'], values: { log: 'log_loss' }, since: '1.3', inGrids: true },
  {
    param: 'loss',
    classes: ['GradientBoostingClassifier'],
    values: { deviance: 'log_loss' },
    since: '1.3',
    inGrids: true,
  },
  {
    param: 'loss',
    classes: ['HistGradientBoostingClassifier'],
    values: { binary_crossentropy: 'log_loss', categorical_crossentropy: 'log_loss' },
    since: '1.3',
    inGrids: true,
  },
  {
    param: 'algorithm',
    classes: ['KMeans', 'MiniBatchKMeans'],
    values: { auto: 'lloyd', full: 'lloyd' },
    since: '1.3',
  },
  // renamed in 1.0, the old spellings removed in 1.2
  {
    param: 'loss',
    classes: ['RANSACRegressor'],
    values: { absolute_loss: 'absolute_error', squared_loss: 'squared_error' },
    since: '1.2',
  },
  // 'auto' picked binary_crossentropy or categorical_crossentropy by the number of classes: both are 'log_loss' now
  { param: 'loss', classes: ['HistGradientBoostingClassifier'], values: { auto: 'log_loss' }, since: '1.3' },
  // the string 'none' deprecated in 1.2 for None, removed in 1.4
  {
    param: 'penalty',
    classes: ['LogisticRegression', 'SGDClassifier', 'SGDRegressor', 'Perceptron'],
    values: { none: 'None' },
    since: '1.4',
    inGrids: true,
    literal: true,
  },
];

export const renamedParameterValues = defineRule({
  id: 'sklearn.renamed-parameter-values',
  title:
    "Renamed option values: criterion='mse' → 'squared_error', " +
    "loss='ls'/'lad'/'log'/'deviance' → new names, KMeans algorithm='auto' → 'lloyd'",
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    "scikit-learn renamed option strings without changing what they do and removed the old spellings: trees/forests criterion 'mse' → 'squared_error' and 'mae' → 'absolute_error', GradientBoostingRegressor loss 'ls' → 'squared_error' and 'lad' → 'absolute_error', SGD 'squared_loss' → 'squared_error' (1.2); SGDClassifier loss 'log' and GradientBoostingClassifier loss 'deviance' → 'log_loss', KMeans algorithm 'auto'/'full' → 'lloyd' (1.3); RANSACRegressor loss 'absolute_loss'/'squared_loss' → 'absolute_error'/'squared_error' (renamed 1.0, removed 1.2); HistGradientBoostingClassifier loss 'auto' → 'log_loss' (removed 1.3; 'auto' meant the binary or categorical cross-entropy, both 'log_loss' now); penalty='none' → None for LogisticRegression and the SGD models (deprecated 1.2, removed 1.4: \"The 'penalty' parameter … must be a str among {'l1', 'elasticnet', 'l2'} or None. Got 'none' instead\"). Constructor arguments and parameter-grid entries (for criterion, loss and penalty) are renamed.",
  trigger: {
    errors: [
      { ename: 'InvalidParameterError', evalue: /'(criterion|loss|algorithm|penalty)' parameter/ },
      { ename: 'ValueError', evalue: /(criterion|loss|algorithm|penalty)/ },
      { ename: 'KeyError', evalue: /'(mse|mae|ls|lad|least_squares|squared_loss|absolute_loss)'/ },
    ],
    pattern: true,
  },
  needles: [
    /['"](mse|mae|ls|lad|least_squares|least_absolute_deviation|squared_loss|absolute_loss|log|deviance|binary_crossentropy|categorical_crossentropy|auto|full|none)['"]/,
  ],
  apply(parsed, ctx) {
    const installed = packageVersion(ctx.env, SK);
    const active = RENAMED_VALUES.filter((entry) => !installed || compareVersions(installed, entry.since) >= 0);
    const edits: SourceEdit[] = [];
    const rename = (node: Node | null | undefined, values: Record<string, string>, literals: Set<string>): void => {
      if (!node) return;
      if (node.type === 'list' || node.type === 'tuple') {
        for (const item of node.namedChildren) rename(item, values, literals);
        return;
      }
      const content = stringContent(node, parsed);
      const renamed = content !== null ? values[content] : undefined;
      if (!renamed) return;
      const edit = literals.has(content as string) ? replaceNode(node, renamed) : replaceStringContent(node, renamed);
      if (edit) edits.push(edit);
    };
    const literalsOf = (entry: RenamedValues): string[] => (entry.literal ? Object.keys(entry.values) : []);
    for (const call of ctx.nodes('call')) {
      for (const entry of active) {
        if (!calleeOf(call, parsed, ctx.imports, 'sklearn', entry.classes)) continue;
        const value = keywordArgument(call, entry.param, parsed)?.childForFieldName('value');
        rename(value, entry.values, new Set(literalsOf(entry)));
      }
    }
    // param grids: {'criterion': ['mse', 'mae']}, {'rf__loss': 'ls'}
    const gridValues = new Map<string, Record<string, string>>();
    const gridLiterals = new Set<string>();
    for (const entry of active.filter((e) => e.inGrids)) {
      gridValues.set(entry.param, { ...(gridValues.get(entry.param) ?? {}), ...entry.values });
      for (const value of literalsOf(entry)) gridLiterals.add(value);
    }
    if (gridValues.size === 0) return edits;
    for (const pair of parsed.nodes('pair')) {
      const key = stringContent(pair.childForFieldName('key'), parsed);
      if (!key || !ctx.inScope(pair)) continue;
      const param = key.slice(key.lastIndexOf('__') === -1 ? 0 : key.lastIndexOf('__') + 2);
      const values = gridValues.get(param);
      if (values) rename(pair.childForFieldName('value'), values, gridLiterals);
    }
    return edits;
  },
});
