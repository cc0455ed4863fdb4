// matplotlib.bar-left-bottom: bar(left=…) → bar(x=…), barh(bottom=…) → barh(y=…)
import { defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import { methodName, keywordArgument, positionalArguments } from '../../syntax';
import { keywordRenameEdits } from '../helpers';
import { mpl } from './_shared';

export const barLeftBottom = defineRule({
  id: 'matplotlib.bar-left-bottom',
  title: 'bar(left=…) → bar(x=…), barh(bottom=…) → barh(y=…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.0', '2018-09-18'),
  deprecatedIn: '2.0',
  explanation:
    "bar()'s first parameter left was renamed x, and barh()'s bottom renamed y, in matplotlib 2.0; 3.0 removed the old names. Same bars.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /bar(h)?\(\) (got an unexpected keyword argument '(left|bottom)'|missing \d+ required positional argument)/,
      },
    ],
    pattern: true,
  },
  needles: ['left=', 'bottom='],
  apply(parsed, ctx) {
    const name = (call: Node): string =>
      methodName(call, parsed) ?? parsed.text(call.childForFieldName('function') as Node);
    return [
      ...keywordRenameEdits(
        parsed,
        ctx,
        (call) => name(call) === 'bar' && !keywordArgument(call, 'x', parsed) && positionalArguments(call).length < 2,
        { left: 'x' },
      ),
      ...keywordRenameEdits(parsed, ctx, (call) => name(call) === 'barh' && positionalArguments(call).length < 2, {
        bottom: 'y',
      }),
    ];
  },
});
