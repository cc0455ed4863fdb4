// python2.encode-to-text — s.encode('ascii') used as text (a formula, a regex subject, str + …) → text again
//
// Why it broke: Python 3.0 (2008-12-03) split text (str) from bytes: in Python 2, s.encode('ascii') returned a
// (byte) str, which every text API took, and notebooks encoded a formula built from unicode column names before
// giving it to statsmodels/patsy. In Python 3 encode() returns bytes, and a bytes formula is not parsed as one: patsy
// raises "PatsyError: model is missing required outcome variables" (often hidden by the notebook's own except
// clause, which then fails or skips every formula). Text cleaning did the same: unicodedata.normalize('NFKD', s)
// .encode('ascii', 'ignore') was an ASCII str for re.sub, str.replace, ' '.join and +; in Python 3 those raise
// TypeError ("cannot use a string pattern on a bytes-like object", "a bytes-like object is required, not 'str'",
// "can only concatenate str (not "bytes") to str", "expected str instance, bytes found").
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#text-vs-data-instead-of-unicode-vs-8-bit
// Example:
//     formula = 'y ~ x + ' + name
//     formula = formula.encode('ascii')
//     model = smf.ols(formula, data=df)
//     text = unicodedata.normalize('NFKD', text).encode('ascii', 'ignore')
//     text = re.sub('[^a-zA-Z]', ' ', text)
//   →
//     formula = 'y ~ x + ' + name
//     formula = formula.encode('ascii').decode('ascii')
//     model = smf.ols(formula, data=df)
//     text = unicodedata.normalize('NFKD', text).encode('ascii', 'ignore').decode('ascii')
//     text = re.sub('[^a-zA-Z]', ' ', text)
// Fix safety: Same formula text as Python 2's byte str; the encode stays, so a non-ASCII formula still raises the
// UnicodeEncodeError (a ValueError) that Python 2 raised, and the notebook's except clauses see the same exceptions.
// Only an encode with a literal codec whose result is the formula of a statsmodels formula function
// (statsmodels.formula.api, Model.from_formula) or of patsy.dmatrix/dmatrices, directly or through a name assigned
// in the same function before the call. On those TypeErrors, only an 'ascii' encode (whose bytes are the ASCII text
// Python 2's str held, so every text operation gives what it gave) on the failing line or assigned, earlier in the
// same function, to a name the failing line reads.
// Left alone: encodes whose bytes go elsewhere (hashing, files, sockets), an encode already decoded, a b'…' literal,
// a formula function of the notebook's own (not reached through statsmodels or patsy); on the TypeErrors, a
// 'utf-8' encode (Python 2 then worked on the UTF-8 bytes, not the characters).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { ParsedSource } from '../../../../python/python-parser';
import { cellBindings } from '../../bindings';
import { type SourceEdit, insertAt } from '../../source-edit';
import { callArguments, keywordName, methodName, methodReceiver, stringContent } from '../../syntax';
import { PY3, errorLines } from './_shared';

const PATSY_FUNCTIONS = new Set(['dmatrix', 'dmatrices']);

/** the formula argument of a resolved formula call: its first positional argument or formula=/formula_like= */
function formulaArgument(call: Node, parsed: ParsedSource): Node | null {
  const args = callArguments(call);
  const first = args[0];
  if (first && first.type !== 'keyword_argument' && first.type !== 'list_splat' && first.type !== 'dictionary_splat')
    return first;
  const keyword = args.find(
    (a) => a.type === 'keyword_argument' && ['formula', 'formula_like'].includes(keywordName(a, parsed)),
  );
  return keyword?.childForFieldName('value') ?? null;
}

/** x.encode('codec'[, errors]) with a literal codec on a receiver that is not a bytes literal, not decoded after */
function encodeCall(node: Node | null | undefined, parsed: ParsedSource): { call: Node; codec: string } | null {
  if (!node || node.type !== 'call' || methodName(node, parsed) !== 'encode') return null;
  const receiver = methodReceiver(node);
  if (!receiver || (receiver.type === 'string' && /^[rR]?[bB]/.test(parsed.text(receiver)))) return null;
  const codec = callArguments(node)[0];
  if (!codec || codec.type !== 'string' || /^[rRuU]?[bBfF]/.test(parsed.text(codec))) return null;
  const after = node.parent;
  const decoded =
    after?.type === 'attribute' &&
    after.childForFieldName('object')?.id === node.id &&
    parsed.text(after.childForFieldName('attribute') as Node) === 'decode';
  if (decoded) return null;
  return { call: node, codec: parsed.text(codec) };
}

/** the TypeErrors of text operations given bytes */
const BYTES_AS_TEXT = [
  /cannot use a string pattern on a bytes-like object/,
  /a bytes-like object is required, not 'str'/,
  /can only concatenate str \(not "bytes"\) to str/,
  /can't concat str to bytes/,
  /expected str instance, bytes found/,
];

/** the ascii encodes on the failing lines, or assigned earlier in the same function to a name a failing line reads */
function failingLineEncodes(parsed: ParsedSource, failing: Set<string>): { call: Node; codec: string }[] {
  const lines = parsed.source.split('\n');
  const onFailingLine = (node: Node): boolean => failing.has((lines[node.startPosition.row] ?? '').trim());
  const isAscii = (e: { call: Node }): boolean =>
    /^(us-)?ascii$/i.test(stringContent(callArguments(e.call)[0] ?? null, parsed) ?? '');
  const found: { call: Node; codec: string }[] = [];
  for (const call of parsed.nodes('call')) {
    const encoded = onFailingLine(call) ? encodeCall(call, parsed) : null;
    if (encoded && isAscii(encoded)) found.push(encoded);
  }
  const names = new Set<string>();
  for (const id of parsed.nodes('identifier')) if (onFailingLine(id)) names.add(parsed.text(id));
  for (const id of parsed.nodes('identifier')) {
    if (!onFailingLine(id) || !names.delete(parsed.text(id))) continue;
    for (const encoded of assignedEncodes(parsed, parsed.text(id), id)) if (isAscii(encoded)) found.push(encoded);
  }
  return found;
}

function enclosingFunction(node: Node): Node | null {
  for (let n = node.parent; n; n = n.parent) if (n.type === 'function_definition') return n;
  return null;
}

/** the encode call assigned to `name` in the call's own function (or at top level) before the call */
function assignedEncodes(parsed: ParsedSource, name: string, use: Node): { call: Node; codec: string }[] {
  const scope = enclosingFunction(use);
  const found: { call: Node; codec: string }[] = [];
  for (const { node: assignment, target: left, value } of cellBindings(parsed, ['assignment'])) {
    if (assignment.startIndex >= use.startIndex) continue;
    if (enclosingFunction(assignment)?.id !== scope?.id) continue;
    if (left.type !== 'identifier' || parsed.text(left) !== name) continue;
    const encoded = encodeCall(value, parsed);
    if (encoded) found.push(encoded);
  }
  return found;
}

export const encodeToText = defineRule({
  id: 'python2.encode-to-text',
  title:
    "s.encode('ascii') used as text (a statsmodels/patsy formula, re.sub, str + …) → .encode('ascii').decode('ascii')",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 separates text from bytes ("Text Vs. Data Instead Of Unicode Vs. 8-bit"): Python ' +
    "2's s.encode('ascii') returned a str that statsmodels and patsy parsed as a formula, Python " +
    '3\'s returns bytes, which patsy rejects ("model is missing required outcome variables"). ' +
    'The encoded formula is decoded with the same codec, so it is the same text and a non-ASCII ' +
    'formula still raises the same UnicodeEncodeError. On the TypeErrors of text operations given ' +
    "bytes (re.sub, str.replace, +, join), an 'ascii' encode on the failing line, or assigned to " +
    "a name that line reads, is decoded the same way: its ASCII text is what Python 2's str held.",
  trigger: { pattern: true, errors: BYTES_AS_TEXT.map((evalue) => ({ ename: 'TypeError', evalue })) },
  needles: ['.encode('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const seen = new Set<number>();
    if (ctx.errors.length > 0) {
      for (const { call, codec } of failingLineEncodes(parsed, errorLines(ctx, parsed.source))) {
        if (seen.has(call.id)) continue;
        seen.add(call.id);
        edits.push(insertAt(call.endIndex, `.decode(${codec})`));
      }
      return edits;
    }
    const calls = [...ctx.calls({ module: 'statsmodels' }), ...ctx.calls({ module: 'patsy' })];
    for (const { node, callee, name } of calls) {
      if (!callee || !name) continue;
      const isFormula = callee.startsWith('patsy.')
        ? PATSY_FUNCTIONS.has(name)
        : callee.includes('.formula.') || name === 'from_formula';
      if (!isFormula) continue;
      const formula = formulaArgument(node, parsed);
      if (!formula) continue;
      const encodes =
        formula.type === 'identifier'
          ? assignedEncodes(parsed, parsed.text(formula), node)
          : [encodeCall(formula, parsed)].filter((e) => e !== null);
      for (const { call, codec } of encodes) {
        if (seen.has(call.id)) continue;
        seen.add(call.id);
        edits.push(insertAt(call.endIndex, `.decode(${codec})`));
      }
    }
    return edits;
  },
});
