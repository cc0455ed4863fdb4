// How one output of a cell is compared with the author's (compare.ts walks the cells and their outputs): printed text
// line by line (words equal, numbers within a relative tolerance, volatile lines dropped), an HTML table by shape
// and values, an image by its size and an average hash of its pixels. Each comparison ends in a verdict and a
// reason a person can read.
import { numpyLegacyText } from '../../../shared/lib/score-output';
import type { FidelityVerdict } from '../../../shared/models/fidelity';
import { averageHash, decodePng, hammingDistance, PngError, pngSize } from './png';

export interface UnitResult {
  verdict: Exclude<FidelityVerdict, 'new-error'>;
  reason: string;
  maxRelativeChange: number | null;
}

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
const NUMBER = /(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?!\w)/g;
const ADDRESS = /\b0x[0-9a-fA-F]{6,}\b/g;

/** Lines whose content changes on every run whatever the code computes. */
const VOLATILE: readonly { re: RegExp; why: string }[] = [
  { re: /\d+%\|[^|]*\||\d+\/\d+ \[[=>.]*\]|\bETA:?\s*\d|\bit\/s\b|\bs\/it\b/, why: 'a progress bar' },
  {
    re: /\b(Wall time|CPU times|elapsed|took|time taken|execution time|runtime)\b.*\d|\b\d+(\.\d+)?\s*(ms|µs|us|sec|seconds|s)\b\s*(per|\/)?\s*(step|epoch|loop|it)?\s*$/i,
    why: 'a timing',
  },
  {
    re: /\b\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}|\b\d{1,2}:\d{2}:\d{2}\b|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} \w{3} \d{4}\b/,
    why: 'a timestamp',
  },
];

interface PreparedText {
  lines: string[];
  notes: Set<string>;
}

/** Python 2's reprs of the same values: u'text' (unicode literals) and 10L (longs) print as 'text' and 10 today. */
const PY2_UNICODE_PREFIX = /(?<![\w'"])u(?=['"])/g;
const PY2_LONG_SUFFIX = /(?<=\b\d+)L\b/g;

function prepareText(text: string): PreparedText {
  const notes = new Set<string>();
  const lines: string[] = [];
  for (let line of text.replace(ANSI, '').split(/\r\n|\r|\n/)) {
    // a carriage-return progress line keeps only what was drawn last
    line = numpyLegacyText(line).replace(PY2_UNICODE_PREFIX, '').replace(PY2_LONG_SUFFIX, '').trimEnd();
    if (line.trim() === '') continue;
    const volatile = VOLATILE.find((v) => v.re.test(line));
    if (volatile) {
      notes.add(volatile.why);
      continue;
    }
    if (ADDRESS.test(line)) {
      notes.add('a memory address');
      line = line.replace(ADDRESS, '0x…');
    }
    lines.push(line);
  }
  return { lines, notes };
}

/** |new − old| / |old|; a number that moved away from 0 changed infinitely. */
function relativeChange(old: number, now: number): number {
  if (old === now) return 0;
  if (!Number.isFinite(old) || !Number.isFinite(now)) return Number.POSITIVE_INFINITY;
  return old === 0 ? Number.POSITIVE_INFINITY : Math.abs(now - old) / Math.abs(old);
}

function tokenize(line: string): { skeleton: string; numbers: number[] } {
  const numbers: number[] = [];
  const skeleton = line
    .replace(NUMBER, (m) => {
      numbers.push(Number(m));
      return '#';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { skeleton, numbers };
}

export function quote(line: string): string {
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 77)}...` : line);
}

/** Two texts line by line: the words must match, numbers within `tolerance`. */
export function compareText(original: string, current: string, tolerance: number): UnitResult {
  const a = prepareText(original);
  const b = prepareText(current);
  const notes = [...a.notes].join(', ');
  if (a.lines.length === 0) {
    return { verdict: 'not-comparable', reason: notes ? `only ${notes} lines` : 'no text', maxRelativeChange: null };
  }
  if (a.lines.length !== b.lines.length) {
    const first = a.lines.findIndex((l, i) => tokenize(l).skeleton !== tokenize(b.lines[i] ?? '').skeleton);
    const at = first < 0 ? Math.min(a.lines.length, b.lines.length) : first;
    return {
      verdict: 'different',
      reason:
        `${a.lines.length} line(s) became ${b.lines.length}; line ${at + 1} was ${quote(a.lines[at] ?? '')}, ` +
        `now ${quote(b.lines[at] ?? '(none)')}`,
      maxRelativeChange: null,
    };
  }
  let max = 0;
  let where = '';
  for (let i = 0; i < a.lines.length; i++) {
    const x = tokenize(a.lines[i]!);
    const y = tokenize(b.lines[i]!);
    if (x.skeleton !== y.skeleton || x.numbers.length !== y.numbers.length) {
      return {
        verdict: 'different',
        reason: `line ${i + 1} was ${quote(a.lines[i]!)}, now ${quote(b.lines[i]!)}`,
        maxRelativeChange: null,
      };
    }
    x.numbers.forEach((n, k) => {
      const change = relativeChange(n, y.numbers[k]!);
      if (change > max) {
        max = change;
        where = `line ${i + 1}: ${n} → ${y.numbers[k]}`;
      }
    });
  }
  const skipped = notes ? ` (${notes} lines not compared)` : '';
  if (max > tolerance)
    return {
      verdict: 'numbers-drifted',
      reason: `numbers changed by up to ${formatChange(max)} (${where})${skipped}`,
      maxRelativeChange: finiteOrNull(max),
    };
  return { verdict: 'same', reason: `same${skipped}`, maxRelativeChange: max > 0 ? finiteOrNull(max) : null };
}

function formatChange(r: number): string {
  return Number.isFinite(r) ? `${Number((r * 100).toPrecision(3))}%` : 'a move away from 0';
}

/** The stored change: a number moved away from 0 (an infinite relative change) or a non-number is stored as null. */
function finiteOrNull(r: number): number | null {
  return Number.isFinite(r) ? r : null;
}

/** Two HTML tables (DataFrames) by shape and values. */
export function compareTables(original: string[][], current: string[][], tolerance: number): UnitResult {
  const shape = (t: string[][]) => `${t.length}×${Math.max(0, ...t.map((r) => r.length))}`;
  if (shape(original) !== shape(current))
    return {
      verdict: 'different',
      reason: `table shape ${shape(original)} became ${shape(current)}`,
      maxRelativeChange: null,
    };
  let max = 0;
  let where = '';
  for (let r = 0; r < original.length; r++) {
    for (let c = 0; c < original[r]!.length; c++) {
      const x = original[r]![c]!;
      const y = current[r]![c] ?? '';
      const nx = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?%?$/.test(x) ? Number(x.replace('%', '')) : Number.NaN;
      const ny = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?%?$/.test(y) ? Number(y.replace('%', '')) : Number.NaN;
      if (!Number.isNaN(nx) && !Number.isNaN(ny)) {
        const change = relativeChange(nx, ny);
        if (change > max) {
          max = change;
          where = `row ${r}, column ${c}: ${x} → ${y}`;
        }
      } else if (x !== y) {
        return {
          verdict: 'different',
          reason: `table row ${r}, column ${c} was ${quote(x)}, now ${quote(y)}`,
          maxRelativeChange: null,
        };
      }
    }
  }
  if (max > tolerance)
    return {
      verdict: 'numbers-drifted',
      reason: `table values changed by up to ${formatChange(max)} (${where})`,
      maxRelativeChange: finiteOrNull(max),
    };
  return {
    verdict: 'same',
    reason: `same table (${shape(original)})`,
    maxRelativeChange: max > 0 ? finiteOrNull(max) : null,
  };
}

/** Two base64 PNGs by size and average hash. */
export function compareImages(original: string, current: string, maxDistance: number): UnitResult {
  const a = Buffer.from(original, 'base64');
  const b = Buffer.from(current, 'base64');
  let sa, sb;
  try {
    sa = pngSize(a);
    sb = pngSize(b);
  } catch (e) {
    return {
      verdict: 'not-comparable',
      reason: `an image could not be read (${(e as Error).message})`,
      maxRelativeChange: null,
    };
  }
  // matplotlib's default figure size and the inline backend's dpi changed across releases (6×4 in at 72 dpi, then
  // 6.4×4.8 in at 100 dpi): a plot drawn by the same code comes out at another size, so a size change alone is
  // reported, and the picture itself decides
  const resized =
    sa.width !== sb.width || sa.height !== sb.height
      ? `size ${sa.width}×${sa.height} became ${sb.width}×${sb.height}`
      : null;
  try {
    const ha = averageHash(decodePng(a));
    const hb = averageHash(decodePng(b));
    const d = hammingDistance(ha, hb);
    const bits = `${d} of ${ha.length} hash bits differ`;
    if (d > maxDistance * ha.length)
      return {
        verdict: 'different',
        reason: `the image looks different (${bits}${resized ? `; ${resized}` : ''})`,
        maxRelativeChange: null,
      };
    return {
      verdict: 'same',
      reason: resized ? `similar image (${bits}); ${resized}` : `same size, similar image (${bits})`,
      maxRelativeChange: null,
    };
  } catch (e) {
    if (resized && e instanceof PngError)
      return {
        verdict: 'different',
        reason: `image ${resized}; the pixels could not be compared (${e.message})`,
        maxRelativeChange: null,
      };
    if (!(e instanceof PngError)) throw e;
    return {
      verdict: 'not-comparable',
      reason: `same size; the pixels could not be compared (${e.message})`,
      maxRelativeChange: null,
    };
  }
}
