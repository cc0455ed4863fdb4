// python2.string-module — string.letters/lowercase/uppercase/maketrans, string.join/lower/split/atoi … → Python 3
// names and str methods
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     chars = string.letters
//     t = string.maketrans("ab", "cd")
//   →
//     chars = string.ascii_letters
//     t = str.maketrans("ab", "cd")
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a string function given as a value in a notebook that also assigns a value to the name `string`.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, positionalArguments, asPrimary } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { PY3 } from './_shared';

const STRING_CONSTANTS: Record<string, string> = {
  letters: 'ascii_letters',
  lowercase: 'ascii_lowercase',
  uppercase: 'ascii_uppercase',
};

/** string-module functions that are str methods in Python 3: string.f(s, …) → s.f(…) */
const STRING_METHODS = new Set([
  'lower',
  'upper',
  'strip',
  'lstrip',
  'rstrip',
  'split',
  'rsplit',
  'replace',
  'find',
  'rfind',
  'count',
  'capitalize',
  'swapcase',
  'zfill',
  'ljust',
  'rjust',
  'center',
  'expandtabs',
  'translate',
]);

const STRING_CONVERSIONS: Record<string, string> = { atoi: 'int', atof: 'float', atol: 'int' };

/** Python 2's older spellings: string.joinfields is string.join, string.splitfields is string.split. */
const FIELDS: Record<string, string> = { joinfields: 'join', splitfields: 'split' };

/** Is the attribute the callee of a call (string.lower(s)) rather than a value (map(string.lower, xs))? */
function called(attr: Node): boolean {
  return attr.parent?.type === 'call' && attr.parent.childForFieldName('function')?.id === attr.id;
}

export const stringModule = defineRule({
  id: 'python2.string-module',
  title:
    'string.letters/lowercase/uppercase/maketrans, string.join/lower/split/atoi … → Python 3 names and str methods',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed the locale-dependent string.letters/lowercase/uppercase (use ascii_*), ' +
    "moved maketrans to str.maketrans, and dropped the string module's copies of str methods: " +
    'string.join(words, sep) (and its older name string.joinfields) → sep.join(words), ' +
    'string.lower(s) → s.lower(), string.atoi(s) → int(s); given as a value (map(string.capitalize, ' +
    'words)) such a function becomes the str method (str.capitalize) or int/float.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'string' has no attribute '\w+'/ }], pattern: true },
  needles: ['string.'],
  // a notebook that also binds `string` to a value of its own (string = 'a b'): its attributes are ambiguous
  prepare: (notebook) => notebook.codeCells.some((index) => /^[ \t]*string\s*=[^=]/m.test(notebook.source(index))),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const qualified = ctx.imports.resolve(attr, parsed);
      if (!qualified?.startsWith('string.')) continue;
      const name = qualified.slice('string.'.length);
      const nameNode = attr.childForFieldName('attribute');
      if (!nameNode) continue;
      if (name in STRING_CONSTANTS) edits.push(replaceNode(nameNode, STRING_CONSTANTS[name] as string));
      else if (name === 'maketrans') edits.push(replaceNode(attr, 'str.maketrans'));
      else if (!called(attr) && !(ctx.state as boolean)) {
        // map(string.capitalize, words), key=string.lower: the function as a value → the str method / int / float
        if (STRING_METHODS.has(name) || name === 'splitfields')
          edits.push(replaceNode(attr, `str.${FIELDS[name] ?? name}`));
        else if (name in STRING_CONVERSIONS) edits.push(replaceNode(attr, STRING_CONVERSIONS[name] as string));
      }
    }
    // string.join(words, ' ') → ' '.join(words); string.lower(s) → s.lower(); string.atoi(s) → int(s)
    for (const call of ctx.nodes('call')) {
      const qualified = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (!qualified?.startsWith('string.') || callArguments(call).length !== positionalArguments(call).length)
        continue;
      const name = FIELDS[qualified.slice('string.'.length)] ?? qualified.slice('string.'.length);
      const args = positionalArguments(call).map((a) => a);
      const first = args[0];
      if (!first) continue;
      const rest = args
        .slice(1)
        .map((a) => parsed.text(a))
        .join(', ');
      if (name === 'join' && args.length <= 2)
        edits.push(replaceNode(call, `${args[1] ? asPrimary(args[1], parsed) : "' '"}.join(${parsed.text(first)})`));
      else if (STRING_METHODS.has(name)) edits.push(replaceNode(call, `${asPrimary(first, parsed)}.${name}(${rest})`));
      else if (name in STRING_CONVERSIONS && args.length === 1)
        edits.push(replaceNode(call, `${STRING_CONVERSIONS[name] as string}(${parsed.text(first)})`));
    }
    return edits;
  },
});
