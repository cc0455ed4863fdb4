// statsmodels.pacf-method-names — pacf(x, method='ywunbiased') → method='ywadjusted' (ldunbiased, ols-unbiased too)
//
// Why it broke: statsmodels 0.13, deprecated since 0.12: 0.12 renamed "unbiased" to "adjusted" throughout its
// time-series tools, pacf's method names included ('ywunbiased' → 'ywadjusted', 'ldunbiased' → 'ldadjusted',
// 'ols-unbiased' → 'ols-adjusted'), and 0.13 dropped the old names, so pacf(x, method='ywunbiased') raises
// "ValueError: method must be one of: 'ols', 'ols-inefficient', 'ols-adjusted', 'yw', 'ywa', …". (The keywords
// renamed at the same time, acf(unbiased=…) → adjusted=, kpss(lags=…) → nlags=, seasonal_decompose(freq=…) →
// period=, are answered by api-table.keyword-rename from the deprecation decorators of statsmodels 0.12.)
// Changelog: https://www.statsmodels.org/stable/release/version0.12.html#backwards-incompatible-changes-and-deprecations
// Changelog: https://www.statsmodels.org/stable/release/version0.13.html
// Example:
//     p = pacf(x, nlags=20, method='ywunbiased')
//     fig = plot_pacf(x, lags=20, method="ldunbiased")
//   →
//     p = pacf(x, nlags=20, method='ywadjusted')
//     fig = plot_pacf(x, lags=20, method="ldadjusted")
// Fix safety: Same result: the names were renamed, not the estimators: 'ywunbiased' and 'ywadjusted' are both
// Yule-Walker with the autocovariance at lag k divided by n - k, 'ldunbiased'/'ldadjusted' the Levinson-Durbin
// recursion on that autocovariance, 'ols-unbiased'/'ols-adjusted' the OLS estimate rescaled by n / (n - k).
// Left alone: other method names ('ols', 'ywm', 'ywmle' still exist), a method given as a variable, and pacf
// functions that do not resolve to statsmodels.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit } from '../../source-edit';
import { keywordArgument, replaceStringContent, stringContent } from '../../syntax';

/** pacf's method names with 'unbiased' (statsmodels ≤ 0.11) → the 'adjusted' names of 0.12 */
const PACF_METHODS: Record<string, string> = {
  ywunbiased: 'ywadjusted',
  ldunbiased: 'ldadjusted',
  'ols-unbiased': 'ols-adjusted',
};

export const pacfMethodNames = defineRule({
  id: 'statsmodels.pacf-method-names',
  title: "pacf(x, method='ywunbiased') → method='ywadjusted' (ldunbiased, ols-unbiased too)",
  kind: 'error-repair',
  library: 'statsmodels',
  since: { package: 'statsmodels', version: '0.13' },
  deprecatedIn: '0.12',
  explanation:
    'statsmodels 0.12 renamed pacf\'s method names with "unbiased" (ywunbiased → ywadjusted, ldunbiased → ' +
    'ldadjusted, ols-unbiased → ols-adjusted) and 0.13 removed the old names. The method string of pacf and ' +
    'plot_pacf gets its new name; the estimator is the same.',
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /method must be one of/ }],
    pattern: true,
  },
  needles: ['unbiased'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node } of ctx.calls({ module: 'statsmodels', names: ['pacf', 'plot_pacf'] })) {
      const method = keywordArgument(node, 'method', parsed)?.childForFieldName('value') as Node | undefined;
      const renamed = method ? PACF_METHODS[stringContent(method, parsed) ?? ''] : undefined;
      if (!method || !renamed) continue;
      const edit = replaceStringContent(method, renamed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
