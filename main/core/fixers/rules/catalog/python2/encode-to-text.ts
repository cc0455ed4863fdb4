// python2.encode-to-text — formula = formula.encode('ascii') given to a formula API → text again
//
// Why it broke: Python 3.0 (2008-12-03) split text (str) from bytes: in Python 2, s.encode('ascii') returned a
// (byte) str, which every text API took, and notebooks encoded a formula built from unicode column names before
// giving it to statsmodels/patsy. In Python 3 encode() returns bytes, and a bytes formula is not parsed as one: patsy
// raises "PatsyError: model is missing required outcome variables" (often hidden by the notebook's own except
// clause, which then fails or skips every formula).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#text-vs-data-instead-of-unicode-vs-8-bit
// Example:
//     formula = 'y ~ x + ' + name
//     formula = formula.encode('ascii')
//     model = smf.ols(formula, data=df)
//   →
//     formula = 'y ~ x + ' + name
//     formula = formula.encode('ascii').decode('ascii')
//     model = smf.ols(formula, data=df)
// Fix safety: Same formula text as Python 2's byte str; the encode stays, so a non-ASCII formula still raises the
// UnicodeEncodeError (a ValueError) that Python 2 raised, and the notebook's except clauses see the same exceptions.
// Only an encode with a literal codec whose result is the formula of a statsmodels formula function
// (statsmodels.formula.api, Model.from_formula) or of patsy.dmatrix/dmatrices, directly or through a name assigned
// in the same function before the call.
// Left alone: encodes whose bytes go elsewhere (hashing, files, sockets), an encode already decoded, a b'…' literal,
// a formula function of the notebook's own (not reached through statsmodels or patsy).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { ParsedSource } from '../../../../python/python-parser';
import { type SourceEdit, insertAt } from '../../source-edit';
import { callArguments, keywordName, methodName, methodReceiver } from '../../syntax';
import { PY3 } from './_shared';

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
  if (after?.type === 'attribute' && after.childForFieldName('object')?.id === node.id) return null;
  return { call: node, codec: parsed.text(codec) };
}

function enclosingFunction(node: Node): Node | null {
  for (let n = node.parent; n; n = n.parent) if (n.type === 'function_definition') return n;
  return null;
}

/** the encode call assigned to `name` in the call's own function (or at top level) before the call */
function assignedEncodes(parsed: ParsedSource, name: string, use: Node): { call: Node; codec: string }[] {
  const scope = enclosingFunction(use);
  const found: { call: Node; codec: string }[] = [];
  for (const assignment of parsed.nodes('assignment')) {
    if (assignment.startIndex >= use.startIndex) continue;
    if (enclosingFunction(assignment)?.id !== scope?.id) continue;
    const left = assignment.childForFieldName('left');
    if (left?.type !== 'identifier' || parsed.text(left) !== name) continue;
    const encoded = encodeCall(assignment.childForFieldName('right'), parsed);
    if (encoded) found.push(encoded);
  }
  return found;
}

export const encodeToText = defineRule({
  id: 'python2.encode-to-text',
  title: "formula.encode('ascii') given to a statsmodels/patsy formula → .encode('ascii').decode('ascii')",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 separates text from bytes ("Text Vs. Data Instead Of Unicode Vs. 8-bit"): Python 2\'s s.encode(\'ascii\') returned a str that statsmodels and patsy parsed as a formula, Python 3\'s returns bytes, which patsy rejects ("model is missing required outcome variables"). The encoded formula is decoded with the same codec, so it is the same text and a non-ASCII formula still raises the same UnicodeEncodeError.',
  trigger: { pattern: true },
  needles: ['.encode('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const seen = new Set<number>();
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
