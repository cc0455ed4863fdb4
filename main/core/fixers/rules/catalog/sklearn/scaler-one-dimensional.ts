// sklearn.scaler-one-dimensional — sc.fit_transform(y) with 1-D y → sc.fit_transform(np.reshape(y, (-1, 1))).ravel()
//
// Why it broke: scikit-learn 0.19 (2017-08-11), deprecated since 0.17: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.19.html
// Example:
//     y_std = sc_y.fit_transform(y)
//   →
//     y_std = sc_y.fit_transform(np.reshape(y, (-1, 1))).ravel()
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.19; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a name also bound to something else, a non-scaler estimator, and without the error: left alone; a
// user's own StandardScaler class.
import { type CellContext, type Rule, defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import { methodName, methodReceiver, positionalArguments, callArguments as callArgumentsOf } from '../../syntax';
import { moduleReference } from '../helpers';
import { type SourceEdit, replaceNode, insertAt } from '../../source-edit';

const SCALERS = ['StandardScaler', 'MinMaxScaler', 'MaxAbsScaler', 'RobustScaler'];

/**
 * Is `name` bound to a scaler throughout the notebook: every assignment to it, in any code cell, is a call to a
 * scikit-learn scaler class (`sc_y = StandardScaler()`)? No assignment, or another one, is not certain.
 */
function boundToScaler(name: string, ctx: CellContext): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const assignment = new RegExp(`(^|[\\s;(,])${escaped}\\s*=(?!=)\\s*([^\\n]*)`, 'gm');
  let scaler = 0;
  for (const index of ctx.notebook.codeCells) {
    for (const match of ctx.notebook.source(index).matchAll(assignment)) {
      // `StandardScaler(…)` imported from sklearn, or `preprocessing.StandardScaler(…)` through an sklearn module
      const call = /^(?:([\w.]+)\.)?(\w+)\s*\(/.exec(match[2] ?? '');
      const [, prefix, called] = call ?? [];
      if (!called || !SCALERS.includes(called)) return false;
      const bound = prefix
        ? ctx.imports.bindings.get(prefix.split('.')[0] as string)
        : ctx.imports.bindings.get(called);
      if (!bound?.startsWith('sklearn')) return false;
      scaler++;
    }
  }
  return scaler > 0;
}

/** `np.reshape(v, (-1, 1))`, `v.reshape(-1, 1)`, `df[['col']]`, `df[['col']].values`: certainly one feature. */
const ONE_FEATURE = [
  /^[\w.]+\.reshape\(.*,\s*\(\s*-1\s*,\s*1\s*\)\s*\)$/s,
  /\.reshape\(\s*-1\s*,\s*1\s*\)$/,
  /\[\s*\[\s*(['"])[^'"]*\1\s*\]\s*\](\.values)?$/,
];

/**
 * Was the scaler `name` fitted on one feature: every fit/fit_transform of it in the notebook (at least one) is given
 * one column (as the rewrite above, or the author's reshape(-1, 1), writes it)? Then its transform and
 * inverse_transform of a 1-D array meant that column too, as they did before 0.19.
 */
export function fittedOnOneFeature(name: string, ctx: Pick<CellContext, 'notebook'>): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const fit = new RegExp(`(^|[^\\w.])${escaped}\\.fit(_transform)?\\s*\\(`);
  let fits = 0;
  for (const index of ctx.notebook.codeCells) {
    if (!fit.test(ctx.notebook.source(index))) continue;
    const parsed = ctx.notebook.parse(index);
    // every cell, whole: every fit of the scaler in the notebook counts
    for (const call of parsed.nodes('call')) {
      const method = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if ((method !== 'fit' && method !== 'fit_transform') || receiver?.type !== 'identifier') continue;
      if (parsed.text(receiver) !== name) continue;
      const x = positionalArguments(call)[0];
      if (!x || !ONE_FEATURE.some((pattern) => pattern.test(parsed.text(x)))) return false;
      fits++;
    }
  }
  return fits > 0;
}

/** `sc.transform(x)` / `sc.inverse_transform(x)` of a scaler fitted on one feature: the call, its receiver's name. */
export function oneFeatureScalerUse(call: Node, parsed: Parameters<Rule['apply']>[0], ctx: CellContext): boolean {
  const method = methodName(call, parsed);
  const receiver = methodReceiver(call);
  if ((method !== 'transform' && method !== 'inverse_transform') || receiver?.type !== 'identifier') return false;
  const positional = positionalArguments(call);
  if (positional.length !== 1 || callArgumentsOf(call).length !== 1) return false;
  const name = parsed.text(receiver);
  return boundToScaler(name, ctx) && fittedOnOneFeature(name, ctx);
}

export const scalerOneDimensional = defineRule({
  id: 'sklearn.scaler-one-dimensional',
  title: 'sc.fit_transform(y) with 1-D y → sc.fit_transform(np.reshape(y, (-1, 1))).ravel()',
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    'Until 0.19 the scalers (StandardScaler, MinMaxScaler, MaxAbsScaler, RobustScaler) read a 1-D array as one feature and returned a 1-D array (0.17 deprecated it: DEPRECATION_MSG_1D); 0.19 made it the error "Expected 2D array, got 1D array instead". Scaling a target vector, sc_y.fit_transform(y), is the common case: the column is reshaped to one feature and the result raveled back to 1-D, so the values and the shape are what the old code got (a 2-D (n, 1) result would broadcast against 1-D predictions later). Applied on the failing line, to fit and fit_transform of a name every assignment of which is a scaler. A scaler every fit of which was given one column (np.reshape(y, (-1, 1)), y.reshape(-1, 1), df[["col"]]) read a 1-D array given to transform or inverse_transform as that column too (sc_y.inverse_transform(lr.predict(X)) turned predictions back into prices): it is reshaped to one feature and the result raveled back to 1-D; other transform calls are left to sklearn.one-dimensional-x.',
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Expected 2D array, got 1D array instead/ },
      // scikit-learn 1.6+ says so for a pandas Series
      {
        ename: 'ValueError',
        evalue: /Expected a 2-dimensional container but got <class 'pandas\.core\.series\.Series'>/,
      },
    ],
  },
  errorScope: 'line',
  needles: ['fit', 'transform'],
  apply(parsed, ctx) {
    const candidates: { call: Node; x: Node; name: string }[] = [];
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if (name !== 'fit' && name !== 'fit_transform') continue;
      const receiver = methodReceiver(call);
      const positional = positionalArguments(call);
      const x = positional[0];
      if (
        receiver?.type !== 'identifier' ||
        positional.length !== 1 ||
        positional.length !== callArgumentsOf(call).length ||
        !x
      )
        continue;
      if (!['identifier', 'attribute', 'subscript'].includes(x.type) || !boundToScaler(parsed.text(receiver), ctx))
        continue;
      candidates.push({ call, x, name });
    }
    // transform / inverse_transform of a scaler fitted on one feature: a 1-D array is that feature, 1-D out
    for (const call of ctx.nodes('call')) {
      if (!oneFeatureScalerUse(call, parsed, ctx)) continue;
      const x = positionalArguments(call)[0] as Node;
      if (
        ['identifier', 'attribute', 'subscript', 'call', 'list'].includes(x.type) &&
        !/reshape\(/.test(parsed.text(x))
      )
        candidates.push({ call, x, name: methodName(call, parsed) as string });
    }
    // one scaler call on the line: that is the one the error is about
    if (candidates.length !== 1) return [];
    const { call, x, name } = candidates[0] as { call: Node; x: Node; name: string };
    const np = moduleReference(parsed, ctx, 'numpy', 'np');
    if (!np) return [];
    const edits: SourceEdit[] = [replaceNode(x, `${np.name}.reshape(${parsed.text(x)}, (-1, 1))`)];
    // fit returns the scaler; fit_transform's, transform's and inverse_transform's (n, 1) result becomes the 1-D
    // array the old scaler returned
    if (name !== 'fit') edits.push(insertAt(call.endIndex, '.ravel()'));
    return [...edits, ...np.edits];
  },
});
