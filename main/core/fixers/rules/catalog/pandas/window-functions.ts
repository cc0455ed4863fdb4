// pandas.window-functions — pd.rolling_mean(x, w) → x.rolling(w).mean() (rolling_*, expanding_*, ewma …)
//
// Why it broke: pandas 0.23 (2018-05-15), deprecated since 0.18: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.23.0.html
// Example:
//     m = pd.rolling_mean(ts, 12)
//     s = pd.rolling_std(ts, window=12, min_periods=1)
//     e = pd.ewma(ts, span=20)
//     q = pd.rolling_quantile(a + b, 5, 0.9)
//   →
//     m = ts.rolling(12).mean()
//     s = ts.rolling(12, min_periods=1).std()
//     e = ts.ewm(span=20).mean()
//     q = (a + b).rolling(5).quantile(0.9)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 0.23; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { positionalArguments, callArguments, keywordArgument, keywordName, asPrimary } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { pd } from './_shared';

interface WindowFunction {
  window: 'rolling' | 'expanding' | 'ewm';
  agg: string;
  /** positional parameters after the data (and the window, for rolling) that go to the aggregation */
  aggPositional?: string[];
}

const WINDOW_FUNCTIONS: Record<string, WindowFunction> = {};
for (const agg of ['mean', 'sum', 'std', 'var', 'min', 'max', 'median', 'count', 'skew', 'kurt']) {
  WINDOW_FUNCTIONS[`rolling_${agg}`] = { window: 'rolling', agg };
  WINDOW_FUNCTIONS[`expanding_${agg}`] = { window: 'expanding', agg };
}
WINDOW_FUNCTIONS.rolling_apply = { window: 'rolling', agg: 'apply', aggPositional: ['func'] };
WINDOW_FUNCTIONS.rolling_quantile = { window: 'rolling', agg: 'quantile', aggPositional: ['quantile'] };
WINDOW_FUNCTIONS.expanding_apply = { window: 'expanding', agg: 'apply', aggPositional: ['func'] };
WINDOW_FUNCTIONS.ewma = { window: 'ewm', agg: 'mean' };
WINDOW_FUNCTIONS.ewmstd = { window: 'ewm', agg: 'std' };
WINDOW_FUNCTIONS.ewmvar = { window: 'ewm', agg: 'var' };

const WINDOW_KEYWORDS: Record<WindowFunction['window'], string[]> = {
  rolling: ['window', 'min_periods', 'center', 'win_type'],
  expanding: ['min_periods', 'center'],
  ewm: ['com', 'span', 'halflife', 'alpha', 'min_periods', 'adjust', 'ignore_na'],
};

export const windowFunctions = defineRule({
  id: 'pandas.window-functions',
  title: 'pd.rolling_mean(x, w) → x.rolling(w).mean() (rolling_*, expanding_*, ewma …)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.23', '2018-05-15'),
  deprecatedIn: '0.18',
  explanation:
    'The module-level moving-window functions were deprecated in pandas 0.18 and removed ' +
    'in 0.23; the .rolling(), .expanding() and .ewm() methods compute the same statistics.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'pandas' has no attribute '(rolling_|expanding_|ewm)\w*'/ }],
    pattern: true,
  },
  needles: ['rolling_', 'expanding_', 'ewma', 'ewmstd', 'ewmvar'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (!q?.startsWith('pandas.')) continue;
      const spec = WINDOW_FUNCTIONS[q.slice('pandas.'.length)];
      if (!spec) continue;
      const positional = positionalArguments(call);
      const data = positional[0];
      if (!data || callArguments(call).some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) continue;
      const windowArgs: string[] = [];
      const aggArgs: string[] = [];
      let rest = positional.slice(1);
      if (spec.window === 'rolling') {
        const window = rest[0] ?? keywordArgument(call, 'window', parsed)?.childForFieldName('value');
        if (!window) continue;
        windowArgs.push(parsed.text(window));
        rest = rest.slice(1);
      }
      (spec.aggPositional ?? []).forEach((_, i) => {
        const arg = rest[i];
        if (arg) aggArgs.push(parsed.text(arg));
      });
      if (rest.length > (spec.aggPositional ?? []).length) continue;
      let unknown = false;
      for (const kw of callArguments(call).filter((a) => a.type === 'keyword_argument')) {
        const name = keywordName(kw, parsed);
        const value = parsed.text(kw.childForFieldName('value') as Node);
        if (name === 'window' && spec.window === 'rolling') continue;
        if (WINDOW_KEYWORDS[spec.window].includes(name)) windowArgs.push(`${name}=${value}`);
        else if ((spec.aggPositional ?? []).includes(name)) aggArgs.push(value);
        else if (['ddof', 'args', 'kwargs', 'raw'].includes(name)) aggArgs.push(`${name}=${value}`);
        else if (name === 'freq' || name === 'how') unknown = true;
        else unknown = true;
      }
      if (unknown) continue;
      edits.push(
        replaceNode(
          call,
          `${asPrimary(data, parsed)}.${spec.window}(${windowArgs.join(', ')}).${spec.agg}(${aggArgs.join(', ')})`,
        ),
      );
    }
    return edits;
  },
});
