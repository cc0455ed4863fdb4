// pandas.keyword-only-arguments — pd.concat([a, b], 1) → axis=1, read_csv(path, ';') → sep=';', df.dropna(1) → axis=1
// … (pandas 2.0)
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.1: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     df = pd.concat([a, b], 1)
//     t = pd.read_csv('t.tsv', '\t', header=None)
//     d = df.dropna(1)
//     k = df.set_index('id', False)
//     w = df.Name.str.split(', ', 1, True)
//   →
//     df = pd.concat([a, b], axis=1)
//     t = pd.read_csv('t.tsv', sep='\t', header=None)
//     d = df.dropna(axis=1)
//     k = df.set_index('id', drop=False)
//     w = df.Name.str.split(', ', n=1, expand=True)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under pandas 1.5.
import { type KeywordOnlySignature, PANDAS_KEYWORD_ONLY, PANDAS_POSITIONAL_HISTORY, eraSignature } from '../signatures';
import { defineRule, callNeedle } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { positionalArguments, methodName, methodReceiver } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { positionalToKeywordEdits } from '../helpers';
import { pd, surelyNotPandas } from './_shared';

/** Methods whose extra positional arguments are ambiguous with other libraries' methods of the same name. */
const KEYWORD_ONLY_SKIP = new Set([
  'drop',
  'replace',
  'clip',
  'where',
  'mask',
  'query',
  'eval',
  'join',
  'to_stata',
  'set_names',
]);

/** The 2.0 signature of a DataFrame/Series method when both owners agree on the names `positional` arguments get. */
function methodSignature(name: string, positional: number): KeywordOnlySignature | null {
  const owners = PANDAS_KEYWORD_ONLY[name];
  if (!owners || KEYWORD_ONLY_SKIP.has(name)) return null;
  const candidates = [owners.DataFrame, owners.Series].filter((s): s is KeywordOnlySignature => !!s);
  const first = candidates[0];
  if (!first) return null;
  const count = positional - first[0];
  const agree = candidates.every(
    (c) => c[0] === first[0] && c.slice(1, 1 + count).join() === first.slice(1, 1 + count).join(),
  );
  return agree ? first : null;
}

export const keywordOnlyArguments = defineRule({
  id: 'pandas.keyword-only-arguments',
  title: "pd.concat([a, b], 1) → axis=1, read_csv(path, ';') → sep=';', df.dropna(1) → axis=1 … (pandas 2.0)",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.1',
  explanation:
    'pandas 2.0 made the arguments after the first one(s) keyword-only for concat, the readers ' +
    '(read_csv, read_table, read_excel, read_json …), pivot, and DataFrame/Series methods such as ' +
    'dropna, fillna, sort_index, set_index, reset_index, drop_duplicates, interpolate, and .str.split. ' +
    'The positional arguments get the names they had in the old order. Methods whose name other ' +
    'libraries share with a different signature (replace, clip, where, join …) are left alone.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given/ }],
    pattern: true,
  },
  needles: [callNeedle(Object.keys(PANDAS_KEYWORD_ONLY))],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const positional = positionalArguments(call).length;
      if (positional < 1) continue;
      const fn = call.childForFieldName('function');
      const qualified = ctx.imports.resolve(fn, parsed);
      let signature: KeywordOnlySignature | null | undefined = null;
      if (qualified?.startsWith('pandas.')) {
        signature = PANDAS_KEYWORD_ONLY[qualified.slice(qualified.lastIndexOf('.') + 1)]?.pd;
      } else if (!qualified && fn?.type === 'attribute') {
        const name = methodName(call, parsed) as string;
        const receiver = methodReceiver(call);
        const isStr =
          receiver?.type === 'attribute' && parsed.text(receiver.childForFieldName('attribute') as Node) === 'str';
        if (name === 'split' || name === 'rsplit') signature = isStr ? PANDAS_KEYWORD_ONLY[name]?.str : null;
        else if (!surelyNotPandas(receiver, parsed, ctx)) signature = methodSignature(name, positional);
      }
      if (!signature) continue;
      // the order of the notebook's era (read_excel's third argument was skiprows before 0.24, not names)
      const name = qualified?.startsWith('pandas.')
        ? qualified.slice(qualified.lastIndexOf('.') + 1)
        : (methodName(call, parsed) as string);
      const histories = PANDAS_POSITIONAL_HISTORY[name];
      const history = histories
        ? qualified?.startsWith('pandas.')
          ? histories.pd
          : (histories.DataFrame ?? histories.Series ?? histories.str)
        : undefined;
      const choice = eraSignature(signature, history, ctx.created, null, positional);
      if ('signature' in choice) edits.push(...positionalToKeywordEdits(call, choice.signature, parsed, 2));
    }
    return edits;
  },
});
