// pandas.numeric-only — reductions over mixed columns → .mean(numeric_only=True)
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.5: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     med = df.groupby("Pclass").median()
//     means = data.groupby('Sex').agg('mean')
//   →
//     med = df.groupby("Pclass").median(numeric_only=True)
//     means = data.groupby('Sex').agg('mean', numeric_only=True)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a numpy reduction on the line is left alone; .agg() of a list, a dict or a function (several
// reductions, or one of the notebook's own).
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import {
  methodName,
  keywordArgument,
  methodReceiver,
  appendArguments,
  positionalArguments,
  stringContent,
} from '../../syntax';
import { pd } from './_shared';

const NUMERIC_REDUCTIONS = [
  'mean',
  'median',
  'sum',
  'std',
  'var',
  'corr',
  'cov',
  'prod',
  'sem',
  'skew',
  'kurt',
  'quantile',
];

/** `.agg('mean')` / `.aggregate('sum')`: one reduction named by a string, which pandas calls with the keywords. */
function isReductionByName(call: Node, name: string, parsed: ParsedSource): boolean {
  if (name !== 'agg' && name !== 'aggregate') return false;
  const [first, ...rest] = positionalArguments(call);
  if (!first || rest.length > 0) return false;
  const reduction = stringContent(first, parsed);
  return reduction !== null && NUMERIC_REDUCTIONS.includes(reduction);
}

export const numericOnly = defineRule({
  id: 'pandas.numeric-only',
  title: 'reductions over mixed columns → .mean(numeric_only=True)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.5',
  explanation:
    "Until pandas 2.0, mean()/sum()/corr()… (and .agg('mean'), which calls them) silently dropped non-numeric columns; now they raise. numeric_only=True restores the old result. Applied on the failing line only.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /Could not convert|could not convert|Cannot convert \[[\s\S]*\] to numeric|unsupported operand type|agg function failed|does not support reduction|can't multiply sequence by non-int/,
      },
      { ename: 'ValueError', evalue: /could not convert string to float/ },
    ],
  },
  errorScope: 'line',
  needles: [...NUMERIC_REDUCTIONS.map((m) => `.${m}(`), '.agg(', '.aggregate('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (
        !name ||
        !(NUMERIC_REDUCTIONS.includes(name) || isReductionByName(call, name, parsed)) ||
        !ctx.inScope(call) ||
        keywordArgument(call, 'numeric_only', parsed)
      )
        continue;
      if (ctx.imports.resolve(methodReceiver(call), parsed)?.startsWith('numpy')) continue;
      const edit = appendArguments(call, ['numeric_only=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
