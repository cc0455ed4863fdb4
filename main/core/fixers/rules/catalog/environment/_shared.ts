// Helpers shared by several environment rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import type { CellContext } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { lineStart } from '../../syntax';

/** Lines [start, end) commented out, `note` appended to the last one; null when the range shares a line with other code. */
export function commentOut(source: string, start: number, end: number, note: string): SourceEdit[] | null {
  const first = lineStart(source, start);
  if (source.slice(first, start).trim() !== '') return null;
  const eol = source.indexOf('\n', end);
  const last = eol === -1 ? source.length : eol;
  // a trailing `;` (`interact(f, n=[1, 64]);`, which silences the output) goes into the comment with the statement
  const tail = source.slice(end, last).trim().replace(/^;\s*/, '');
  if (tail !== '' && !tail.startsWith('#')) return null;
  const edits: SourceEdit[] = [];
  for (let at = first; at < last;) {
    const next = source.indexOf('\n', at);
    const lineEnd = next === -1 || next > last ? last : next;
    const indent = /^[ \t]*/.exec(source.slice(at, lineEnd))?.[0].length ?? 0;
    if (at + indent < lineEnd) edits.push(insertAt(at + indent, '# '));
    at = lineEnd + 1;
  }
  edits.push(insertAt(last, `  ${note}`));
  return edits;
}

/** The notebook's code cells' sources, the rule's own cell without `statement`: where else a name is read or bound. */
export function* sourcesWithout(statement: Node, parsed: ParsedSource, ctx: CellContext): Generator<string> {
  for (const cellIndex of ctx.notebook.codeCells)
    yield cellIndex === ctx.cellIndex
      ? parsed.source.slice(0, statement.startIndex) + parsed.source.slice(statement.endIndex)
      : ctx.notebook.source(cellIndex);
}
