// python2.str-decode — text.decode('utf-8') on a str → text
//
// Why it broke: Python 3.0 (2008-12-03) split text (str) from bytes: a Python 2 byte string was decoded to unicode
// with .decode(…), but in Python 3 a value read as text is already str and str has no decode method.
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#text-vs-data-instead-of-unicode-vs-8-bit
// Example:
//     words = line.decode('utf-8').split()
//   →
//     words = line.split()
// Fix safety: Same text: the error says the receiver is a str, which is what decoding produced in Python 2. Only on
// the line the error points at, and only when that line has exactly one .decode(…) call (so the call on the str is
// the one rewritten).
// Left alone: a b'…' literal's decode, lines with several decode calls, decode calls the error did not point at.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, methodName, methodReceiver } from '../../syntax';
import { PY3 } from './_shared';

export const strDecode = defineRule({
  id: 'python2.str-decode',
  title: "text.decode('utf-8') on a str → text",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 separates text (str) from bytes ("Text Vs. Data Instead Of Unicode Vs. ' +
    '8-bit"): a value Python 2 decoded to unicode is already a str in Python 3, and str has ' +
    'no decode(). On the failing line, the one .decode(…) call is replaced by its receiver.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /'str' object has no attribute 'decode'/ }] },
  errorScope: 'line',
  needles: ['.decode('],
  apply(parsed, ctx) {
    const calls = ctx.nodes('call').filter((call) => methodName(call, parsed) === 'decode');
    if (calls.length !== 1) return [];
    const call = calls[0]!;
    const receiver = methodReceiver(call);
    if (!receiver || callArguments(call).length > 2) return [];
    if (receiver.type === 'string' && /^[rR]?[bB]/.test(parsed.text(receiver))) return [];
    const edits: SourceEdit[] = [replaceNode(call, parsed.text(receiver))];
    return edits;
  },
});
