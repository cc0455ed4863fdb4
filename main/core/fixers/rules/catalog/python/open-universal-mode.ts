// python.open-universal-mode — open(path, 'rU') / io.open(path, 'U') / codecs.open(path, 'rU') → mode 'r'
//
// Why it broke: Python 3.11 (2022-10-24), deprecated since 3.3: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.11.html
// Example:
//     with open('data.csv', 'rU') as f:
//         rows = list(csv.reader(f))
//     text = io.open(path, mode='U').read()
//   →
//     with open('data.csv', 'r') as f:
//         rows = list(csv.reader(f))
//     text = io.open(path, mode='r').read()
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.11; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone. Universal
// newlines are what text mode does by default in Python 3 ('U' had no effect since 3.0); 'rbU' keeps 'rb'.
// Left alone: a mode that is not a string literal; a notebook's own open().
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, definesName, positionalArguments } from '../../syntax';
import { py } from './_shared';

const OPENERS = new Set(['open', 'io.open', 'codecs.open']);

/** The mode literal without its 'U' ('rU' → 'r', 'U' → 'r', 'rbU' → 'rb'), or null when there is no 'U'. */
function withoutU(literal: string): string | null {
  const match = /^([bBrR]?)(['"])([rwabtU+]*)\2$/.exec(literal);
  if (!match || !match[3]?.includes('U')) return null;
  let mode = (match[3] ?? '').replace(/U/g, '');
  if (!/[rwa]/.test(mode)) mode = `r${mode}`;
  return `${match[1] ?? ''}${match[2]}${mode}${match[2]}`;
}

export const openUniversalMode = defineRule({
  id: 'python.open-universal-mode',
  title: "open(path, 'rU') / io.open(path, 'U') / codecs.open(path, 'rU') → mode 'r'",
  kind: 'error-repair',
  library: 'Python',
  since: py('3.11', '2022-10-24'),
  deprecatedIn: '3.3',
  explanation:
    "Python 3.11 removed the 'U' (universal newlines) mode character of open(), io.open() " +
    "and codecs.open(), deprecated since 3.3: `ValueError: invalid mode: 'rU'`. Text " +
    "mode has read universal newlines by default since Python 3.0, so 'U' did nothing; " +
    "the mode loses its 'U' ('rU' → 'r', 'U' → 'r', 'rbU' → 'rb') and reads the same text.",
  trigger: { errors: [{ ename: 'ValueError', evalue: /invalid mode: '[rwabt+]*U[rwabt+U]*'/ }], pattern: true },
  needles: [/['"][rwabt+]*U[rwabt+]*['"]/],
  prepare(notebook) {
    return notebook.codeCells.some(
      (index) => /\bopen\b/.test(notebook.source(index)) && definesName(notebook.parse(index), 'open'),
    );
  },
  apply(parsed, ctx) {
    const ownOpen = ctx.state as boolean;
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const callee = fn?.type === 'identifier' ? parsed.text(fn) : ctx.imports.resolve(fn, parsed);
      if (!callee || !OPENERS.has(callee) || (callee === 'open' && (ownOpen || fn?.type !== 'identifier'))) continue;
      let mode: Node | undefined = positionalArguments(call)[1];
      for (const arg of callArguments(call))
        if (arg.type === 'keyword_argument' && parsed.text(arg.childForFieldName('name') as Node) === 'mode')
          mode = arg.childForFieldName('value') ?? undefined;
      if (mode?.type !== 'string') continue;
      const fixed = withoutU(parsed.text(mode));
      if (fixed) edits.push(replaceNode(mode, fixed));
    }
    return edits;
  },
});
