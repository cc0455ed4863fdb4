// python2.mixed-tabs-indentation — indentation mixing tabs and spaces → spaces (a tab advanced to the next multiple of
// 8)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     def log(train, test):
//         for i in (train, test):
//     <TAB><TAB>i['x'] = np.log1p(i['x'])
//         return train, test
//   →
//     def log(train, test):
//         for i in (train, test):
//                 i['x'] = np.log1p(i['x'])
//         return train, test
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a tab inside a multi-line string (its text would change) and code indented with tabs alone or spaces
// alone (valid Python 3).
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { PY3 } from './_shared';

/** Python 2's tokenizer: a tab advances the column to the next multiple of 8 (str.expandtabs(8) of the indentation). */
function expandIndentation(indent: string): string {
  let column = 0;
  for (const char of indent) column = char === '\t' ? column + 8 - (column % 8) : column + 1;
  return ' '.repeat(column);
}

/** The leading whitespace of each line: [offset of the line, its indentation]. */
function indentations(source: string): [number, string][] {
  const out: [number, string][] = [];
  for (const match of source.matchAll(/^[ \t]+/gm)) out.push([match.index, match[0]]);
  return out;
}

/** Do the lines mix tab and space indentation (in one line, or some lines one and others the other)? */
function mixesTabsAndSpaces(lines: readonly [number, string][]): boolean {
  const withTab = lines.filter(([, indent]) => indent.includes('\t'));
  if (withTab.length === 0) return false;
  return withTab.some(([, indent]) => indent.includes(' ')) || lines.some(([, indent]) => indent.startsWith(' '));
}

export const mixedTabsIndentation = defineRule({
  id: 'python2.mixed-tabs-indentation',
  title: 'indentation mixing tabs and spaces → spaces (a tab advanced to the next multiple of 8)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 2 read a tab in the indentation as moving to the next multiple of 8 columns, so code indented ' +
    "partly with tabs and partly with spaces (an editor's tab key in a helper module, code pasted into " +
    'a cell) ran as its columns said. Python 3 rejects indentation whose meaning depends on the width of ' +
    'a tab: "TabError: inconsistent use of tabs and spaces in indentation" (What\'s New in Python 3.0: ' +
    "mixing tabs and spaces is an error). Each line's indentation is written with the spaces Python 2 " +
    'counted (str.expandtabs(8)), so the blocks are the ones Python 2 ran. Lines inside a multi-line ' +
    'string are left as they are (their tabs are text), and code that does not mix the two is not touched.',
  trigger: {
    errors: [
      { ename: 'TabError', evalue: /inconsistent use of tabs and spaces in indentation/ },
      { ename: 'IndentationError', evalue: /unindent does not match any outer indentation level/ },
    ],
  },
  errorScope: 'cell',
  needles: [/^[ \t]*\t/m],
  apply(parsed) {
    const lines = indentations(parsed.source);
    if (!mixesTabsAndSpaces(lines)) return [];
    // lines that start inside a string (a multi-line literal): their leading whitespace is the string's text
    const strings = parsed
      .nodes('string')
      .filter((node) => node.startPosition.row !== node.endPosition.row)
      .map((node) => [node.startIndex, node.endIndex] as const);
    const edits: SourceEdit[] = [];
    for (const [offset, indent] of lines) {
      if (!indent.includes('\t')) continue;
      if (strings.some(([start, end]) => start < offset && offset < end)) continue;
      edits.push({ start: offset, end: offset + indent.length, text: expandIndentation(indent) });
    }
    return edits;
  },
});
