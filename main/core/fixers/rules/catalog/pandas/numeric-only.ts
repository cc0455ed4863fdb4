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
// Row-wise reductions (axis=1) over a frame with text columns raise other errors ("can only concatenate str",
// "'<=' not supported between instances of 'str' and 'int'" from min/max); pandas 1.x reduced the numeric columns:
//     df['avg'] = df.mean(axis=1)
//     lo = df.min(axis=1)
//   →
//     df['avg'] = df.mean(axis=1, numeric_only=True)
//     lo = df.min(axis=1, numeric_only=True)
// Left alone: a numpy reduction on the line is left alone; .agg() of a list, a dict or a function (several
// reductions, or one of the notebook's own). min()/max() down the columns (a text column's min is kept there), and
// on the row-wise errors, reductions that are not row-wise.
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

/** Reductions pandas 1.x restricted to the numeric columns across a row only (down a column, a text column's min worked). */
const ROW_WISE_REDUCTIONS = ['min', 'max'];

/** Errors of a row-wise reduction over text: str + int, or a str/int comparison of min()/max(). */
const ROW_WISE_ERROR = /can only concatenate str|not supported between instances of ('str' and '\w+'|'\w+' and 'str')/;

/** `.mean(axis=1)`, `.mean(1)`, `.sum(axis='columns')`: a reduction across each row. */
function isRowWise(call: Node, parsed: ParsedSource): boolean {
  // axis is the first parameter of the reductions but quantile(q, axis), corr(method) and cov(min_periods)
  const axisFirst = !['quantile', 'corr', 'cov', 'agg', 'aggregate'].includes(methodName(call, parsed) ?? '');
  const axis =
    keywordArgument(call, 'axis', parsed)?.childForFieldName('value') ??
    (axisFirst ? positionalArguments(call)[0] : undefined);
  if (!axis) return false;
  const text = parsed.text(axis);
  return text === '1' || stringContent(axis, parsed) === 'columns';
}

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
    "Until pandas 2.0, mean()/sum()/corr()… (and .agg('mean'), which calls them) silently dropped " +
    'non-numeric columns; now they raise. numeric_only=True restores the old result. Row-wise reductions ' +
    '(axis=1, min/max too) fell back to the numeric columns as well. Applied on the failing line only.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /Could not convert|could not convert|Cannot convert \[[\s\S]*\] to numeric|unsupported operand type|agg function failed|does not support reduction|can't multiply sequence by non-int|can only concatenate str|not supported between instances of ('str' and '\w+'|'\w+' and 'str')/,
      },
      { ename: 'ValueError', evalue: /could not convert string to float/ },
    ],
  },
  errorScope: 'line',
  needles: [...[...NUMERIC_REDUCTIONS, ...ROW_WISE_REDUCTIONS].map((m) => `.${m}(`), '.agg(', '.aggregate('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    // the row-wise errors alone: only reductions across rows (a str + int elsewhere on the line is not pandas')
    const rowWiseOnly = ctx.errors.length > 0 && ctx.errors.every((error) => ROW_WISE_ERROR.test(error.evalue));
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (
        !name ||
        !(
          NUMERIC_REDUCTIONS.includes(name) ||
          isReductionByName(call, name, parsed) ||
          (ROW_WISE_REDUCTIONS.includes(name) && isRowWise(call, parsed))
        ) ||
        !ctx.inScope(call) ||
        keywordArgument(call, 'numeric_only', parsed) ||
        (rowWiseOnly && !isRowWise(call, parsed))
      )
        continue;
      if (ctx.imports.resolve(methodReceiver(call), parsed)?.startsWith('numpy')) continue;
      const edit = appendArguments(call, ['numeric_only=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
