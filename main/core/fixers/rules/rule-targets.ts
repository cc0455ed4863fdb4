// Where a rule applies in one run: the failing cells whose errors match it (scoped to the lines the traceback
// points at, and to the defining cell of a function that failed elsewhere), or every cell for a pattern rule,
// narrowed by the rule's needles and version gate before any cell is parsed.
import { stripAnsi } from '../../../../shared/lib/text';
import type { CellError } from '../../../../shared/models/execution';
import { matchesSignature, predatesChange, type Gate, type Rule } from './rule';
import { WorkingNotebook } from './working-notebook';

/**
 * A traceback frame of a notebook cell: "Cell In[3], line 5" (IPython 8+), "<ipython-input-3-…>" (older IPython), or
 * the kernel's file of the cell, "/tmp/ipykernel_123/456.py in ?()", which IPython prints when it cannot format the
 * frame with its source context (e.g. for an exception raised `from` another one, as pandas' setitem errors are).
 */
export const NOTEBOOK_FRAME = /Cell In\[|<ipython-input-|input-\d+-|ipykernel_\d+[\\/]\d+\.py/;

/** The cell lines an error points at: its `line` text, and the `---->` line of the cell's frame. */
export function errorLineTexts(error: CellError, source: string): string[] {
  const lines = source.split('\n');
  const texts: string[] = [];
  if (error.line?.trim()) texts.push(error.line.trim());
  for (const frame of error.traceback.map(stripAnsi)) {
    if (!NOTEBOOK_FRAME.test(frame)) continue;
    const arrow = /-+>\s*(\d+)/.exec(frame);
    const line = arrow ? lines[Number(arrow[1]) - 1] : undefined;
    if (line?.trim()) texts.push(line.trim());
    break;
  }
  // SyntaxError: the kernel names the line in evalue "(…, line N)"
  const syntaxLine = /line (\d+)\)?\s*$/.exec(error.evalue);
  if (error.ename === 'SyntaxError' && syntaxLine) {
    const line = lines[Number(syntaxLine[1]) - 1];
    if (line?.trim()) texts.push(line.trim());
  }
  return texts;
}

/**
 * The top-level block of a cell that holds its line `at` (0-based): the `def`/`class` (with its decorators) or other
 * statement that starts at column 0 before it, through the lines indented under it. Trailing blank lines left out.
 */
function topLevelBlock(lines: readonly string[], at: number): string {
  const topLevel = (line: string): boolean => /^\S/.test(line) && !line.startsWith('#');
  let start = at;
  while (start > 0 && !topLevel(lines[start] as string)) start--;
  while (start > 0 && (lines[start - 1] as string).startsWith('@')) start--;
  let end = at + 1;
  while (end < lines.length && !topLevel(lines[end] as string)) end++;
  while (end > at + 1 && (lines[end - 1] as string).trim() === '') end--;
  return lines.slice(start, end).join('\n');
}

/**
 * An error raised inside a function the notebook defined in another cell (`process()` fails in cleanTicket's
 * `if len(ticket) > 0:`) is the defining cell's to fix: the traceback's innermost notebook frame names that line.
 * When it is not in the failing cell and exactly one other code cell has it, the error is also given to that cell,
 * scoped to that line; the failing cell keeps its own copy. Several cells with the line (a notebook that repeats the
 * definition, a copied cell) get it all when the definition around the line is the same text in each: whichever of
 * them defined the function that ran, each is rewritten the same way, so the copies stay alike.
 */
export function withDefiningCells(errors: readonly CellError[], view: WorkingNotebook): CellError[] {
  const out = [...errors];
  for (const error of errors) {
    const frames = error.traceback.map(stripAnsi).filter((frame) => NOTEBOOK_FRAME.test(frame));
    const innermost = frames.at(-1);
    if (!innermost || frames.length < 2 || !view.isCodeCell(error.cellIndex)) continue;
    const arrow = /^-+>\s*\d+\s?(.*)$/m.exec(innermost);
    const text = arrow?.[1]?.trim();
    if (!text || text.length < 4) continue;
    const hasLine = (index: number): boolean =>
      view
        .source(index)
        .split('\n')
        .some((line) => line.trim() === text);
    if (hasLine(error.cellIndex)) continue;
    const owners = view.codeCells.filter((index) => index !== error.cellIndex && hasLine(index));
    if (owners.length === 0) continue;
    if (owners.length > 1) {
      // every occurrence of the line, in every owner, within the same definition text
      const blocks = new Set<string>();
      for (const index of owners) {
        const lines = view.source(index).split('\n');
        lines.forEach((line, at) => {
          if (line.trim() === text) blocks.add(topLevelBlock(lines, at));
        });
      }
      if (blocks.size !== 1) continue;
    }
    for (const owner of owners) out.push({ ...error, cellIndex: owner, cellId: null, line: text, traceback: [] });
  }
  return out;
}

export interface Target {
  trigger: 'error' | 'pattern';
  errors: CellError[];
  /** trimmed line texts the rule may edit; null = the whole cell */
  lines: Set<string> | null;
}

export const WHOLE_CELL: Target = Object.freeze({ trigger: 'pattern', errors: [], lines: null }) as Target;

/**
 * Where a rule applies in this run: failing cells whose error matches it, and, for pattern rules, every cell.
 * A rule with string or RegExp needles only gets cells whose source passes them (checked here, before any
 * cell is parsed); function needles need prepare()'s state and are checked by the caller. `revisit` (a later
 * pass): the cells changed in the previous pass, with their source before it; null: every cell.
 */
export function targetsOf(
  rule: Rule,
  view: WorkingNotebook,
  gate: Gate,
  created: string | null,
  errors: readonly CellError[],
  revisit: ReadonlyMap<number, string> | null,
  needles: (source: string) => boolean,
): Map<number, Target> {
  const targets = new Map<number, Target>();
  if (gate === 'no') return targets;
  if (rule.kind === 'score-calibration' && !predatesChange(rule, created)) return targets;
  const staticNeedles = typeof rule.needles !== 'function';
  const passes = (index: number): boolean => {
    if (!revisit) return !staticNeedles || needles(view.source(index));
    // a revisit: only cells whose change made them pass the rule's needles (a rule without needles has seen them)
    const before = revisit.get(index);
    if (before === undefined || !rule.needles) return false;
    return !staticNeedles || (needles(view.source(index)) && !needles(before));
  };
  const pattern = rule.trigger.pattern && gate === 'yes';
  if (pattern) for (const index of view.codeCells) if (passes(index)) targets.set(index, WHOLE_CELL);
  if (rule.trigger.anywhere) {
    // the fix is not (only) in the failing cells: every cell gets the errors, the rule finds where to edit
    const matching = errors.filter((error) => matchesSignature(rule, error));
    if (matching.length === 0) return targets;
    for (const index of view.codeCells)
      if (passes(index))
        targets.set(index, {
          trigger: 'error',
          errors: [...(targets.get(index)?.errors ?? []), ...matching],
          lines: null,
        });
    return targets;
  }
  for (const error of errors) {
    if (!matchesSignature(rule, error) || !view.isCodeCell(error.cellIndex) || !passes(error.cellIndex)) continue;
    const existing = targets.get(error.cellIndex);
    if (existing?.trigger === 'pattern') {
      const withErrors: Target = { trigger: 'pattern', errors: [...existing.errors, error], lines: null };
      targets.set(error.cellIndex, withErrors);
      continue;
    }
    const target = existing ?? {
      trigger: 'error' as const,
      errors: [],
      lines: rule.errorScope === 'line' ? new Set<string>() : null,
    };
    target.errors.push(error);
    if (target.lines) {
      const texts = errorLineTexts(error, view.source(error.cellIndex));
      if (texts.length === 0) target.lines = null;
      else for (const text of texts) target.lines.add(text);
    }
    targets.set(error.cellIndex, target);
  }
  return targets;
}

export function lineText(source: string, offset: number): string {
  const start = source.lastIndexOf('\n', offset - 1) + 1;
  const end = source.indexOf('\n', offset);
  return source.slice(start, end === -1 ? source.length : end).trim();
}
