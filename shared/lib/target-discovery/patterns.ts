// Numbers on an output line, and the regex an `output` score spec reads a candidate's value back with.
import type { Cell } from '../../models/notebook';
import { readScore } from '../score-output';
import { outputLines } from './output-lines';

export const NUMBER = /(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?!\w|\.\d)%?/g;
const CAPTURE = '([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)';
const ANY_NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A literal prefix as a regex: numbers in it match any number, whitespace runs any whitespace. */
function prefixRegex(prefix: string): string {
  let out = '';
  let last = 0;
  for (const m of prefix.matchAll(NUMBER)) {
    out += escapeRegex(prefix.slice(last, m.index)) + ANY_NUMBER + (m[0].endsWith('%') ? '%' : '');
    last = (m.index ?? 0) + m[0].length;
  }
  out += escapeRegex(prefix.slice(last));
  return out.replace(/(\\?\s)+/g, '\\s+').replace(/^(\\s\+)+/, '\\s*');
}

/** Where a value stands: its output line, its offset and text there, and whether it is a pandas table row. */
export interface ValueOnLine {
  line: string;
  start: number;
  raw: string;
  row?: boolean;
}

/**
 * A regex that reads the draft's value back from the cell's text outputs (checked with the score reader itself):
 * the label before the number, then with the rest of the line when the label alone also matches a later line.
 */
export function patternFor(cell: Cell, d: ValueOnLine): { pattern: string; occurrence: 'first' | 'last' } | null {
  const text = outputLines(cell)
    .map((l) => l.text)
    .join('\n');
  const prefix = d.line.slice(0, d.start);
  const suffix = d.line.slice(d.start + d.raw.length);
  const head = prefix.trim() === '' ? '^\\s*' : prefixRegex(prefix.replace(/^\s+/, ''));
  // the label since the previous number alone ("Pseudo R-squ.:" in a two-column summary) when it is enough
  const own = prefix
    .replace(/^[\s\S]*(?:[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?%?)(?=[^\d]*$)/, '')
    .replace(/^\s+/, '');
  const tries = [
    ...(own !== '' && own !== prefix.replace(/^\s+/, '') && /[A-Za-z]/.test(own)
      ? [`${prefixRegex(own)}${CAPTURE}`]
      : []),
    `${d.row ? '^\\s*' : ''}${head}${CAPTURE}${prefix.trim() === '' ? (suffix.trim() === '' ? '\\s*$' : '') : ''}`,
    `^\\s*${prefixRegex(prefix.replace(/^\s+/, ''))}${CAPTURE}${prefixRegex(suffix.replace(/\s+$/, ''))}\\s*$`,
  ];
  for (const pattern of tries) {
    for (const occurrence of ['last', 'first'] as const) {
      const read = readScore(text, pattern, occurrence);
      if (read.score !== null && read.score === Number(d.raw.replace('%', ''))) return { pattern, occurrence };
    }
  }
  return null;
}
