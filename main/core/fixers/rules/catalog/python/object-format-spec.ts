// python.object-format-spec — '{:^25}'.format(array) → '{!s:^25}'.format(array)
//
// Why it broke: Python 3.4: from this release on the old code fails or computes something else (the explanation below
// cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.4.html
// Example:
//     print('{:^9} {} {:^25}'.format(iteration, data[0], data[1]))
//   →
//     print('{!s:^9} {} {!s:^25}'.format(iteration, data[0], data[1]))
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.4; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: typed, precision, width-only fields, literals, bools, another line and a conversion already there: left
// alone; without the error: left alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import {
  positionalArguments,
  callArguments as callArgumentsOf,
  methodName,
  hasSplat,
  methodReceiver,
  stringContent,
  replaceStringContent,
} from '../../syntax';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';

/** Syntax that evaluates to a bool: its format with an int spec ('1') differs from str() ('True'). */
const BOOLEAN_SYNTAX = new Set(['comparison_operator', 'not_operator', 'boolean_operator', 'true', 'false']);

/** Literals whose format is already right: nothing to convert. */
const LITERALS = new Set(['string', 'concatenated_string', 'integer', 'float', 'none']);

/**
 * The format string with `!s` added to the replacement fields that get an argument through an explicit alignment
 * spec (`{:^25}` → `{!s:^25}`), or null when it cannot be read with certainty (nested fields, mixed numbering).
 */
function strConvertedFormat(content: string, call: Node, parsed: ParsedSource): string | null {
  const positional = positionalArguments(call);
  const keywords = new Map(
    callArgumentsOf(call)
      .filter((a) => a.type === 'keyword_argument')
      .map((a) => [parsed.text(a.childForFieldName('name') as Node), a.childForFieldName('value') as Node]),
  );
  let out = '';
  let auto = 0;
  let manual = false;
  let changed = false;
  for (let i = 0; i < content.length; i++) {
    const ch = content[i] as string;
    if ((ch === '{' || ch === '}') && content[i + 1] === ch) {
      out += ch + ch;
      i++;
      continue;
    }
    if (ch === '}') return null;
    if (ch !== '{') {
      out += ch;
      continue;
    }
    const end = content.indexOf('}', i);
    const field = end < 0 ? null : content.slice(i + 1, end);
    if (field === null || field.includes('{')) return null;
    const match = /^([^!:]*)(![rsa])?(?::(.*))?$/s.exec(field);
    if (!match) return null;
    const [, name = '', conversion, spec] = match;
    let arg: Node | undefined;
    if (name === '') {
      if (manual) return null;
      arg = positional[auto++];
    } else if (/^\d+$/.test(name)) {
      manual = true;
      arg = positional[Number(name)];
    } else arg = /^\w+$/.test(name) ? keywords.get(name) : undefined;
    const convert =
      !conversion &&
      spec !== undefined &&
      /^.?[<>^]\d*$/s.test(spec) &&
      !!arg &&
      !BOOLEAN_SYNTAX.has(arg.type) &&
      !LITERALS.has(arg.type);
    out += convert ? `{${name}!s:${spec as string}}` : `{${field}}`;
    changed ||= convert;
    i = end;
  }
  return changed ? out : null;
}

export const objectFormatSpec = defineRule({
  id: 'python.object-format-spec',
  title: "'{:^25}'.format(array) → '{!s:^25}'.format(array)",
  kind: 'error-repair',
  library: 'Python',
  since: { package: 'python', version: '3.4' },
  explanation:
    "Python 2's object.__format__ formatted str(obj) with the spec, so '{:^25}'.format(an_array) centred " +
    'the printed array; Python 3.4 made object.__format__ raise TypeError for a non-empty spec ' +
    '("unsupported format string passed to numpy.ndarray.__format__", and the same for lists, Series, ' +
    'None …). The !s conversion is that old rule spelled out: str() first, then the spec. Applied on the ' +
    'failing line to fields with an explicit alignment ({:^25}, {:<10}, {:>8}), where an int or float ' +
    'prints the same through str(); fields with a type, a precision or a width alone, literal arguments ' +
    "and arguments that are bool expressions (format(True, '^5') is '1', str is 'True') are left alone.",
  trigger: { errors: [{ ename: 'TypeError', evalue: /unsupported format string passed to [\w.]+\.__format__/ }] },
  errorScope: 'line',
  needles: ['.format('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'format' || hasSplat(call)) continue;
      const receiver = methodReceiver(call);
      const content = stringContent(receiver, parsed);
      if (!receiver || content === null) continue;
      const converted = strConvertedFormat(content, call, parsed);
      const edit = converted === null ? null : replaceStringContent(receiver, converted);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
