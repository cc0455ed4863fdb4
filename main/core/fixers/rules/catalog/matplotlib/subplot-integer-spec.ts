// matplotlib.subplot-integer-spec — plt.subplot('231') / subplot(n/2, 2, i) → integers
//
// Why it broke: matplotlib 3.3 (2020-07-16) deprecated a subplot position that is not made of integers ("Passing
// non-integers as three-element position specification is deprecated"): a three-digit string such as '231' (built
// with '23' + str(i)) or the floats of Python 3's true division (subplot(n/2, 2, i)). matplotlib 3.5 (2021-11-15)
// removed the conversion: "ValueError: Single argument to subplot must be a three-digit integer, not '231'", "Number
// of rows must be a positive integer, not 2.0", "num must be 1 <= num <= 4, not 2.0".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0/deprecations.html
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.5.0.html
// Example:
//     ii = '23' + str(i + 1)
//     plt.subplot(ii)
//     fig.add_subplot('111')
//     plt.subplot(n / 2, 2, k)
//   →
//     ii = '23' + str(i + 1)
//     plt.subplot(int(ii))
//     fig.add_subplot(111)
//     plt.subplot(int(n / 2), 2, k)
// Fix safety: Same axes: matplotlib before 3.3 converted the position itself, with int() (str(int(arg)) for the
// single argument, int(rows), int(cols) and int(num) for the three), which the inserted int() does; a literal string
// of three digits becomes that number. Only the subplot / add_subplot call on the failing line, and only the argument
// the error names (rows and columns, or num).
// Left alone: a line with several subplot calls (which one failed is not known), num given as a (first, last)
// tuple, a notebook's own subplot function, and arguments that are integer literals already.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, definesName, methodName, positionalArguments, stringContent } from '../../syntax';
import { mpl } from './_shared';

const SUBPLOT_CALLS = new Set(['subplot', 'add_subplot']);

const SINGLE = /^Single argument to subplot must be a three-digit integer, not ('\d{3}'|\d{3}\.\d*)$/;
const ROWS_COLS = /^Number of (rows|columns) must be a positive integer, not \d+\.\d*$/;
const NUM = /^num must be 1 <= num <= \d+, not \d+\.\d*$/;

function asInteger(arg: Node): SourceEdit[] {
  if (arg.type === 'integer') return [];
  return [insertAt(arg.startIndex, 'int('), insertAt(arg.endIndex, ')')];
}

export const subplotIntegerSpec = defineRule({
  id: 'matplotlib.subplot-integer-spec',
  title: "plt.subplot('231') / subplot(n/2, 2, i) → integers",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.5', '2021-11-15'),
  deprecatedIn: '3.3',
  explanation:
    'matplotlib 3.3 deprecated subplot positions that are not integers — a three-digit string ' +
    "such as '231', or the floats Python 3's division gives (subplot(n/2, 2, i)) — and 3.5 raises " +
    'ValueError. Older matplotlib converted them with int(), so on the failing line the argument ' +
    'the error names is wrapped in int() (a literal three-digit string becomes the number).',
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: SINGLE },
      { ename: 'ValueError', evalue: ROWS_COLS },
      { ename: 'ValueError', evalue: NUM },
    ],
  },
  errorScope: 'line',
  needles: ['subplot'],
  apply(parsed, ctx) {
    const calls = ctx.nodes('call').filter((call) => {
      const fn = call.childForFieldName('function');
      if (fn?.type === 'identifier') return parsed.text(fn) === 'subplot' && !definesName(parsed, 'subplot');
      return SUBPLOT_CALLS.has(methodName(call, parsed) ?? '');
    });
    if (calls.length !== 1) return [];
    const call = calls[0] as Node;
    const args = positionalArguments(call);
    if (callArguments(call).some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) return [];
    const edits: SourceEdit[] = [];
    const evalues = ctx.errors.map((e) => e.evalue.trim());
    if (args.length === 1 && evalues.some((v) => SINGLE.test(v))) {
      const arg = args[0] as Node;
      const digits = stringContent(arg, parsed);
      if (digits !== null && /^\d{3}$/.test(digits)) edits.push(replaceNode(arg, digits));
      else if (arg.type !== 'string') edits.push(...asInteger(arg));
    }
    if (args.length === 3 && evalues.some((v) => ROWS_COLS.test(v)))
      edits.push(...asInteger(args[0] as Node), ...asInteger(args[1] as Node));
    if (args.length === 3 && evalues.some((v) => NUM.test(v)) && args[2]?.type !== 'tuple')
      edits.push(...asInteger(args[2] as Node));
    return edits;
  },
});
