// python.regex-global-flags — re.compile('abc(?i)') → re.compile('(?i)abc')
//
// Why it broke: Python 3.11 (2022-10-24), deprecated since 3.6: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.11.html
// Example:
//     words = re.findall(r'\w+(?u)', text)
//     m = re.match('abc(?i)', s)
//   →
//     words = re.findall(r'(?u)\w+', text)
//     m = re.match('(?i)abc', s)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.11; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone. A global flag
// group such as (?i) applied to the whole expression wherever it stood (3.6–3.10 only warned that it was not at the
// start), so moving it to the start keeps the same pattern.
// Left alone: scoped flags (?i:…), a pattern that is not a string literal, a line that did not fail.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { positionalArguments } from '../../syntax';
import { py } from './_shared';

const RE_FUNCTIONS = new Set([
  'compile',
  'match',
  'search',
  'fullmatch',
  'findall',
  'finditer',
  'sub',
  'subn',
  'split',
]);

/** A global flag group: (?aiLmsux) with no ':' (a scoped group (?i:…) is fine anywhere). */
const GLOBAL_FLAGS = /\(\?[aiLmsux]+\)/g;

/** The literal with its global flag groups moved to the start of the pattern, or null when there is nothing to move. */
function flagsFirst(literal: string): string | null {
  const match = /^([rRbBuU]*)(['"]{3}|['"])([\s\S]*)\2$/.exec(literal);
  if (!match) return null;
  const [, prefix, quote, body] = match as unknown as [string, string, string, string];
  const groups = body.match(GLOBAL_FLAGS) ?? [];
  if (groups.length === 0 || body.startsWith(groups.join(''))) return null;
  // an escaped parenthesis \(?i) is a literal '(' — leave such patterns alone
  if (/\\\(\?[aiLmsux]+\)/.test(body)) return null;
  return `${prefix}${quote}${groups.join('')}${body.replace(GLOBAL_FLAGS, '')}${quote}`;
}

export const regexGlobalFlags = defineRule({
  id: 'python.regex-global-flags',
  title: "re.compile('abc(?i)') → re.compile('(?i)abc')",
  kind: 'error-repair',
  library: 'Python',
  since: py('3.11', '2022-10-24'),
  deprecatedIn: '3.6',
  explanation:
    'Python 3.11 made a global inline flag group that is not at the start of a regular expression an error (`re.error: global flags not at the start of the expression`, PatternError since 3.13); Python 3.6–3.10 warned and applied it to the whole expression. On the failing line, the flag groups of a string-literal pattern given to re.compile/match/search/findall/sub … move to its start, which is the pattern those versions compiled.',
  trigger: {
    errors: [
      { ename: 'PatternError', evalue: /global flags not at the start/ },
      { ename: 'error', evalue: /global flags not at the start/ },
    ],
  },
  errorScope: 'line',
  needles: ['(?'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const qualified = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (!qualified?.startsWith('re.') || !RE_FUNCTIONS.has(qualified.slice(3))) continue;
      const pattern: Node | undefined = positionalArguments(call)[0];
      if (pattern?.type !== 'string') continue;
      const fixed = flagsFirst(parsed.text(pattern));
      if (fixed) edits.push(replaceNode(pattern, fixed));
    }
    return edits;
  },
});
