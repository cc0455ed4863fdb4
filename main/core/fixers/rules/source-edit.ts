// Text edits at syntax-tree ranges: a rule says "replace these code units with that text", nothing else of the
// cell changes, so the author's formatting and comments survive and a diff shows only the changed tokens.
// Edits are applied back to front (offsets stay valid), never inside masked IPython syntax, and an edited cell
// that parses worse than before is refused by the engine (see verifyEdit).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource, PythonParser } from '../../python/python-parser';

export interface SourceEdit {
  /** UTF-16 offsets into the cell source, [start, end); start === end inserts */
  start: number;
  end: number;
  text: string;
}

export function replaceNode(node: Node, text: string): SourceEdit {
  return { start: node.startIndex, end: node.endIndex, text };
}

export function insertAt(offset: number, text: string): SourceEdit {
  return { start: offset, end: offset, text };
}

export function deleteRange(start: number, end: number): SourceEdit {
  return { start, end, text: '' };
}

export interface AppliedEdits {
  source: string;
  /** edits actually applied (after dropping no-ops, overlaps and edits in masked syntax) */
  applied: SourceEdit[];
  /** edits dropped because they overlapped an earlier one or touched masked IPython syntax */
  dropped: SourceEdit[];
}

/**
 * Applies edits to a cell's source. Edits that overlap an earlier one (in source order), or that touch masked
 * IPython syntax, are dropped rather than guessed at; the engine's next pass picks up what is left.
 */
export function applyEdits(
  parsed: Pick<ParsedSource, 'source' | 'isMasked'>,
  edits: readonly SourceEdit[],
): AppliedEdits {
  const sorted = [...edits]
    .filter((edit) => edit.start !== edit.end || edit.text !== '')
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const accepted: SourceEdit[] = [];
  const dropped: SourceEdit[] = [];
  let lastEnd = -1;
  for (const edit of sorted) {
    if (edit.start < 0 || edit.end > parsed.source.length || edit.start > edit.end)
      throw new RangeError(`edit out of range: ${JSON.stringify(edit)}`);
    if (parsed.source.slice(edit.start, edit.end) === edit.text) continue;
    const overlaps =
      edit.start < lastEnd ||
      (edit.start === lastEnd && edit.start === edit.end && accepted.at(-1)?.start === edit.start);
    if (overlaps || parsed.isMasked(edit.start, edit.end)) {
      dropped.push(edit);
      continue;
    }
    accepted.push(edit);
    lastEnd = Math.max(lastEnd, edit.end);
  }
  let source = parsed.source;
  for (let i = accepted.length - 1; i >= 0; i--) {
    const edit = accepted[i] as SourceEdit;
    source = source.slice(0, edit.start) + edit.text + source.slice(edit.end);
  }
  return { source, applied: accepted, dropped };
}

export type EditVerdict = { ok: true; parsed: ParsedSource } | { ok: false; reason: string };

/**
 * Re-parses an edited cell (incrementally when the applied edits are given) and refuses the edit when it parses worse
 * than the original (more ERROR/MISSING nodes) or changed masked IPython syntax. The caller owns (and deletes) the
 * returned tree.
 */
export function verifyEdit(
  parser: PythonParser,
  before: ParsedSource,
  after: string,
  applied?: readonly SourceEdit[],
): EditVerdict {
  const parsed = applied ? parser.reparse(before, after, applied) : parser.parse(after);
  const introduced = parsed.errorCount() - before.errorCount();
  if (introduced > 0) {
    parsed.delete();
    return { ok: false, reason: `the edit would introduce ${introduced} syntax error(s)` };
  }
  const keptMagics = (p: ParsedSource): string[] => p.regions.map((r) => p.source.slice(r.start, r.end));
  if (keptMagics(parsed).join('\n') !== keptMagics(before).join('\n')) {
    parsed.delete();
    return { ok: false, reason: 'the edit would change IPython magics or shell lines' };
  }
  return { ok: true, parsed };
}
