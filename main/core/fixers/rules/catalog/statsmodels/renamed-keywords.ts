// statsmodels.renamed-keywords — acf(x, unbiased=True) → adjusted=True, kpss(x, lags=4) → nlags=4,
// seasonal_decompose(x, freq=12) → period=12, pacf(x, method='ywunbiased') → 'ywadjusted'
//
// Why it broke: statsmodels 0.13, deprecated since 0.12: the keywords statsmodels 0.12 renamed
// (unbiased → adjusted, freq → period, kpss's lags → nlags) lost their deprecated aliases, so
// the old keyword raises "TypeError: acf() got an unexpected keyword argument 'unbiased'" (plot_acf passes it on to
// matplotlib: "Line2D.set() got an unexpected keyword argument 'unbiased'"), and pacf's method names with
// "unbiased" raise "ValueError: method must be one of …".
// Changelog: https://www.statsmodels.org/stable/release/version0.12.html#backwards-incompatible-changes-and-deprecations
// Changelog: https://www.statsmodels.org/stable/release/version0.13.html
// Example:
//     from statsmodels.tsa.stattools import acf, pacf, kpss
//     r = acf(x, unbiased=True, nlags=3)
//     p = pacf(x, nlags=3, method='ywunbiased')
//     stat, pval, lags, crit = kpss(x, regression='c', lags=4)
//     res = sm.tsa.seasonal_decompose(series, freq=12)
//   →
//     from statsmodels.tsa.stattools import acf, pacf, kpss
//     r = acf(x, adjusted=True, nlags=3)
//     p = pacf(x, nlags=3, method='ywadjusted')
//     stat, pval, lags, crit = kpss(x, regression='c', nlags=4)
//     res = sm.tsa.seasonal_decompose(series, period=12)
// Fix safety: Same result: each keyword was renamed without a change of meaning (statsmodels 0.12 accepted both,
// the old name with a FutureWarning): unbiased/adjusted divides the autocovariance at lag k by n - k,
// freq/period is the number of observations in a seasonal cycle, lags/nlags the number of lags of the KPSS test, and
// 'ywunbiased' / 'ldunbiased' / 'ols-unbiased' are the same estimators as 'ywadjusted' / 'ldadjusted' /
// 'ols-adjusted'. Only keywords given by name are renamed; positional arguments keep their positions.
// Left alone: calls that already give the new keyword, functions of the notebook's own (def acf(x, unbiased=False)),
// and calls that do not resolve to statsmodels.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit } from '../../source-edit';
import { keywordArgument, renameKeyword, replaceStringContent, stringContent } from '../../syntax';

/** function → { old keyword: new keyword } (statsmodels 0.12's deprecate_kwarg decorators) */
const RENAMES: Record<string, Record<string, string>> = {
  acf: { unbiased: 'adjusted' },
  acovf: { unbiased: 'adjusted' },
  ccf: { unbiased: 'adjusted' },
  ccovf: { unbiased: 'adjusted' },
  pacf_ols: { unbiased: 'adjusted' },
  plot_acf: { unbiased: 'adjusted' },
  kpss: { lags: 'nlags' },
  seasonal_decompose: { freq: 'period' },
  seasonal_mean: { freq: 'period' },
};

/** pacf's method names with 'unbiased' (0.11) → the 'adjusted' names of 0.12 */
const PACF_METHODS: Record<string, string> = {
  ywunbiased: 'ywadjusted',
  ldunbiased: 'ldadjusted',
  'ols-unbiased': 'ols-adjusted',
};

export const renamedKeywords = defineRule({
  id: 'statsmodels.renamed-keywords',
  title:
    "acf(unbiased=…) → adjusted=, kpss(lags=…) → nlags=, seasonal_decompose(freq=…) → period=, pacf method 'ywunbiased' → 'ywadjusted'",
  kind: 'error-repair',
  library: 'statsmodels',
  since: { package: 'statsmodels', version: '0.13' },
  deprecatedIn: '0.12',
  explanation:
    'statsmodels 0.12 renamed keywords of its time-series functions (acf/acovf/ccf/pacf_ols/plot_acf unbiased → ' +
    'adjusted, kpss lags → nlags, seasonal_decompose freq → period) and pacf\'s method names with "unbiased" ' +
    '(ywunbiased → ywadjusted, ldunbiased → ldadjusted); 0.13 removed the old names. The keyword is renamed, its ' +
    'value kept: the meaning did not change.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument '(unbiased|lags|freq)'/ },
      { ename: 'AttributeError', evalue: /unexpected keyword argument 'unbiased'/ },
      { ename: 'ValueError', evalue: /method must be one of/ },
    ],
    pattern: true,
  },
  needles: ['unbiased', 'lags', 'freq'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const names = [...Object.keys(RENAMES), 'pacf', 'plot_pacf'];
    for (const { node, name } of ctx.calls({ module: 'statsmodels', names })) {
      if (!name) continue;
      for (const [oldName, newName] of Object.entries(RENAMES[name] ?? {})) {
        const kw = keywordArgument(node, oldName, parsed);
        if (!kw || keywordArgument(node, newName, parsed)) continue;
        const edit = renameKeyword(kw, newName);
        if (edit) edits.push(edit);
      }
      if (name === 'pacf' || name === 'plot_pacf') {
        const method = keywordArgument(node, 'method', parsed)?.childForFieldName('value') as Node | undefined;
        const value = method ? stringContent(method, parsed) : null;
        const renamed = value ? PACF_METHODS[value] : undefined;
        if (method && renamed) {
          const edit = replaceStringContent(method, renamed);
          if (edit) edits.push(edit);
        }
      }
    }
    return edits;
  },
});
