// pandas.numeric-only: reductions over mixed columns → .mean(numeric_only=True)
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { methodName, keywordArgument, methodReceiver, appendArguments } from '../../syntax';
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

export const numericOnly = defineRule({
  id: 'pandas.numeric-only',
  title: 'reductions over mixed columns → .mean(numeric_only=True)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.5',
  explanation:
    'Until pandas 2.0, mean()/sum()/corr()… silently dropped non-numeric columns; now they raise. numeric_only=True restores the old result. Applied on the failing line only.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /Could not convert|could not convert|unsupported operand type|agg function failed|does not support reduction/,
      },
      { ename: 'ValueError', evalue: /could not convert string to float/ },
    ],
  },
  errorScope: 'line',
  needles: NUMERIC_REDUCTIONS.map((m) => `.${m}(`),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (
        !name ||
        !NUMERIC_REDUCTIONS.includes(name) ||
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
