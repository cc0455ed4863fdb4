// sklearn.ransac-residual-metric — RANSACRegressor(residual_metric=lambda x: np.sum(np.abs(x), axis=1)) → loss (the
// same residuals)
//
// Why it broke: scikit-learn 0.20 (2018-09-25), deprecated since 0.18: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.20.html
// Example:
//     max_trials=100,
//     residual_metric=lambda x: np.sum(np.abs(x), axis=1),
//   →
//     max_trials=100,
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.20; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: another metric, a loss given too, a user's own RANSACRegressor: left alone; a user's own
// RANSACRegressor class.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { type CellContext, defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, removeArgument } from '../../syntax';

/**
 * The loss a RANSAC residual_metric lambda computed on the (n, 1) residuals: np.sum(np.abs(d), axis=1) is the
 * absolute error, np.sum(d ** 2, axis=1) (or np.square / np.power(d, 2)) the squared error; null for anything else.
 */
function residualMetricLoss(
  lambda: Node,
  parsed: ParsedSource,
  ctx: CellContext,
): 'absolute_error' | 'squared_error' | null {
  const params = lambda.childForFieldName('parameters')?.namedChildren ?? [];
  const body = lambda.childForFieldName('body');
  if (params.length !== 1 || params[0]?.type !== 'identifier' || body?.type !== 'call') return null;
  const np = ctx.imports.aliasFor('numpy');
  if (!np) return null;
  const p = parsed.text(params[0] as Node);
  const text = parsed.text(body).replace(/\s+/g, '');
  const sum = (inner: string): string => `${np}.sum(${inner},axis=1)`;
  if (text === sum(`${np}.abs(${p})`) || text === sum(`${np}.absolute(${p})`)) return 'absolute_error';
  if ([sum(`${p}**2`), sum(`${np}.square(${p})`), sum(`${np}.power(${p},2)`)].includes(text)) return 'squared_error';
  return null;
}

export const ransacResidualMetric = defineRule({
  id: 'sklearn.ransac-residual-metric',
  title: 'RANSACRegressor(residual_metric=lambda x: np.sum(np.abs(x), axis=1)) → loss (the same residuals)',
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.20', date: '2018-09-25' },
  deprecatedIn: '0.18',
  explanation:
    'RANSACRegressor\'s residual_metric was deprecated in 0.18 ("Use loss instead") and removed ' +
    'in 0.20. It was called on the residuals y_pred - y reshaped to (n, 1), so the metric of ' +
    "the era's examples, lambda x: np.sum(np.abs(x), axis=1), is the absolute error, which " +
    "is loss='absolute_error', today's default (the argument is dropped), and np.sum(x ** 2, " +
    "axis=1) is loss='squared_error'. Other metrics, or a loss given as well, are left alone.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /RANSACRegressor.*unexpected keyword argument 'residual_metric'/ }],
    pattern: true,
  },
  needles: ['residual_metric'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: ['RANSACRegressor'] })) {
      if (keywordArgument(call, 'loss', parsed)) continue;
      const kw = keywordArgument(call, 'residual_metric', parsed);
      const value = kw?.childForFieldName('value');
      const loss = kw && value?.type === 'lambda' ? residualMetricLoss(value, parsed, ctx) : null;
      if (!kw || !loss) continue;
      edits.push(loss === 'absolute_error' ? removeArgument(kw, call) : replaceNode(kw, "loss='squared_error'"));
    }
    return edits;
  },
});
