// Reading a score from a notebook's text outputs (score spec `output`): the score cell is named by its index in
// the ORIGINAL notebook and found again in an executed version by its cell id, so cells that fixes insert or remove
// do not shift it; a regex with one capture group is matched against each output line in order. numpy ≥ 2 prints
// scalars with their type (`np.float64(0.7728)` where numpy 1 printed `0.7728`): each line is matched as numpy 1
// would have printed it first, so a pattern written against the author's output still finds the score.
import type { Cell, Notebook } from '../models/notebook';
import { cellTextOutputs } from './ipynb';

export interface ScoreReading {
  score: number | null;
  /** why the score is null, when it is */
  note: string | null;
}

export interface OutputScoreRequest {
  cellIndex: number;
  pattern: string;
  occurrence: 'first' | 'last';
}

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** The cell's text outputs (streams and text/plain) without terminal colour codes. */
export function scoreCellText(cell: Cell): string {
  return cellTextOutputs(cell).replace(ANSI, '');
}

/**
 * numpy ≥ 2's scalar reprs (NEP 51): `np.float64(0.7728)`, `np.int64(3)`, `np.longdouble('0.5')`, `np.str_('a')`,
 * `np.True_`. The argument may itself hold quotes or one level of parentheses (`np.complex128(1+2j)`).
 */
const NUMPY_SCALAR =
  /\bnp\.(float(?:16|32|64|96|128)|u?int(?:8|16|32|64)|complex(?:64|128|192|256)|c?longdouble|str_|bytes_|void)\(((?:[^()'"]|'[^']*'|"[^"]*"|\([^()]*\))*)\)|\bnp\.(True|False)_\b/g;

/** A line as numpy 1 (or numpy 2 with `legacy='1.25'`) printed it: every numpy 2 scalar repr unwrapped. */
export function numpyLegacyText(text: string): string {
  if (!text.includes('np.')) return text;
  return text.replace(
    NUMPY_SCALAR,
    (_match, type: string | undefined, inner: string | undefined, bool: string | undefined) => {
      if (bool) return bool;
      const value = (inner ?? '').trim();
      // the extended-precision types quote their digits: np.longdouble('0.5') printed as 0.5
      if (type === 'longdouble' || type === 'clongdouble') return value.replace(/^(['"])(.*)\1$/, '$2');
      // numpy 1 printed a complex scalar as (1+2j), a pure imaginary as 1j
      if (type?.startsWith('complex') && /^[+-]?[\d.]+(e[+-]?\d+)?[+-]/i.test(value)) return `(${value})`;
      return value;
    },
  );
}

/**
 * Does a version's run print numpy 2 scalar reprs where the author's notebook printed plain numbers? True when a
 * code cell's text outputs show `np.float64(…)`-style reprs and the same cell of the original (matched by cell id)
 * saved text outputs without any: evidence, from the outputs themselves, that the author's numpy printed scalars
 * without their type.
 */
export function showsNumpy2Scalars(executed: Notebook, original: Notebook): boolean {
  const saved = new Map<string, string>();
  for (const cell of original.cells) if (cell.cell_type === 'code' && cell.id) saved.set(cell.id, scoreCellText(cell));
  for (const cell of executed.cells) {
    if (cell.cell_type !== 'code' || !cell.id) continue;
    const text = scoreCellText(cell);
    if (numpyLegacyText(text) === text) continue;
    const author = saved.get(cell.id);
    if (author && numpyLegacyText(author) === author) return true;
  }
  return false;
}

/** `np.float64(0.77)` → `0.77`; `np.str_('0.77')` → `0.77` (a captured score that still carries its numpy type). */
function unwrapNumpyScalar(text: string): string {
  const m = /^np\.(?:float\d*|u?int\d*|longdouble|str_)\((['"]?)([^'"()]*)\1\)$/.exec(text);
  return m ? (m[2] as string).trim() : text;
}

/**
 * A decimal number as printed by Python (optionally signed, with exponent; numpy 2's `np.float64(…)` too); NaN for
 * anything else.
 */
export function parseDecimal(text: string): number {
  const s = unwrapNumpyScalar(text.trim());
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

/**
 * Runs the score regex over the output lines, each given as its spellings tried in order (the first that matches
 * counts): whether a line matched, and the first or last match's capture (group 1, else the whole match). The
 * engine passes a time-limited one (main/core/scoring/regex-limit.ts): a user's pattern can backtrack for hours.
 */
export type ScoreMatcher = (
  regex: RegExp,
  lines: readonly (readonly string[])[],
  occurrence: 'first' | 'last',
) => { matched: boolean; capture: string | undefined };

export const matchScoreLines: ScoreMatcher = (regex, lines, occurrence) => {
  let capture: string | undefined;
  let matched = false;
  for (const spellings of lines) {
    let m: RegExpExecArray | null = null;
    for (const text of spellings) if ((m = regex.exec(text))) break;
    if (!m) continue;
    matched = true;
    capture = m[1] ?? m[0];
    if (occurrence === 'first') break;
  }
  return { matched, capture };
};

/** Matches `pattern` against every line of `text` and converts the first or last match's capture to a number. */
export function readScore(
  text: string,
  pattern: string,
  occurrence: 'first' | 'last',
  match: ScoreMatcher = matchScoreLines,
): ScoreReading {
  let regex: RegExp;
  try {
    // manifests are often written with Python's re in mind: accept its named-group syntax too
    regex = new RegExp(pattern.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>'));
  } catch (e) {
    return {
      score: null,
      note: `the score pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${(e as Error).message}`,
    };
  }
  const lines = text.split(/\r\n|\r|\n/);
  // the line as the author's numpy printed it first; a pattern written for numpy 2's reprs still sees the raw line
  const spellings = lines.map((line) => {
    const legacy = numpyLegacyText(line);
    return legacy === line ? [line] : [legacy, line];
  });
  const { matched, capture } = match(regex, spellings, occurrence);
  if (!matched || capture === undefined) {
    const shown = lines
      .filter((l) => l.trim() !== '')
      .slice(-3)
      .map((l) => JSON.stringify(l.slice(0, 80)));
    const tail = shown.length > 0 ? ` (last lines: ${shown.join(', ')})` : ' (the cell has no text output)';
    return { score: null, note: `no output line of the score cell matches ${JSON.stringify(pattern)}${tail}` };
  }
  const score = parseDecimal(capture);
  if (Number.isNaN(score))
    return { score: null, note: `the score pattern captured ${JSON.stringify(capture)}, which is not a number` };
  return { score, note: null };
}

/**
 * Finds the score cell in `executed`: the cell whose id equals that of `original.cells[cellIndex]`. When the
 * original cell has no id (a notebook that was not imported through parseNotebook) the same index is used.
 */
export function findScoreCell(
  original: Notebook,
  executed: Notebook,
  cellIndex: number,
): { cell: Cell } | { note: string } {
  const source = original.cells[cellIndex];
  if (!source) {
    return {
      note: `the score cell index ${cellIndex} is outside the original notebook (${original.cells.length} cells)`,
    };
  }
  if (!source.id) {
    const cell = executed.cells[cellIndex];
    return cell ? { cell } : { note: `the executed notebook has no cell ${cellIndex}` };
  }
  const cell = executed.cells.find((c) => c.id === source.id);
  return cell
    ? { cell }
    : { note: `the score cell (original cell ${cellIndex}, id ${source.id}) is no longer in the notebook` };
}

/** Score spec `output`: the score printed by the score cell of the executed notebook. */
export function scoreFromOutputs(
  request: OutputScoreRequest,
  original: Notebook,
  executed: Notebook,
  match: ScoreMatcher = matchScoreLines,
): ScoreReading {
  const found = findScoreCell(original, executed, request.cellIndex);
  if ('note' in found) return { score: null, note: found.note };
  if (found.cell.cell_type !== 'code') {
    return {
      score: null,
      note: `the score cell ${request.cellIndex} is a ${found.cell.cell_type} cell, not a code cell`,
    };
  }
  return readScore(scoreCellText(found.cell), request.pattern, request.occurrence, match);
}
