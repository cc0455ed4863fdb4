// Output fidelity: each code cell's outputs after an execution, compared with the outputs the author's notebook
// saved (cells matched by id, as the score cell is). A fix that runs but changes what the notebook computes shows
// here as drifted or different cells, even where no score is printed.
//
// What is compared, per original cell:
// - stdout text (all its stream pieces joined), line by line: the words must match, numbers within a relative
//   tolerance; a numpy 2 scalar repr (`np.float64(0.77)`) reads as numpy 1's `0.77`. stderr is not compared:
//   it carries warnings, which change with every library release;
// - each result or display, in order: an HTML table (a DataFrame) by shape and values, else its text/plain as text;
// - each image by an average hash of its pixels (png.ts), its size change reported (matplotlib's defaults changed);
// - an error by its exception name.
// Not comparable (and said why): lines that are progress bars, timings or timestamps (dropped before comparing),
// reprs that only show a memory address (`<Figure at 0x7f…>`, the image itself was not saved), and outputs of cells
// whose randomness was never seeded (shared/lib/randomness.ts) when they differ: the author's own rerun would
// have differed too. The notebook's fidelity is the share of comparable original outputs reproduced.
import { authorNeverRan, joinMultiline } from '../../../shared/lib/ipynb';
import { unseededRandomCells } from '../../../shared/lib/randomness';
import { parseHtmlTables } from '../../../shared/lib/target-discovery/output-lines';
import { firstLine } from '../../../shared/lib/text';
import {
  FidelitySchema,
  type CellFidelity,
  type Fidelity,
  type FidelityVerdict,
} from '../../../shared/models/fidelity';
import type { Cell, Notebook, Output } from '../../../shared/models/notebook';
import { compareImages, compareTables, compareText, quote, type UnitResult } from './compare-units';

export const DEFAULT_FIDELITY_TOLERANCE = 1e-4;

export interface FidelityOptions {
  /** relative tolerance for numbers (default 1e-4: printed digits, not float noise) */
  tolerance?: number;
  /** share of the 256 hash bits two images may differ in and still look the same (default 0.1) */
  imageDistance?: number;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return joinMultiline(value as string[]);
  return null;
}

interface Units {
  stdout: string | null;
  images: string[];
  data: Output[];
  error: { ename: string; evalue: string } | null;
}

function unitsOf(cell: Cell | undefined): Units {
  const units: Units = { stdout: null, images: [], data: [], error: null };
  for (const output of cell?.outputs ?? []) {
    if (output.output_type === 'stream') {
      if (output.name !== 'stderr' && output.text !== undefined)
        units.stdout = (units.stdout ?? '') + joinMultiline(output.text);
    } else if (output.output_type === 'error') {
      units.error ??= { ename: output.ename ?? 'Error', evalue: output.evalue ?? '' };
    } else {
      const png = textOf(output.data?.['image/png']);
      if (png !== null) units.images.push(png.replace(/\s+/g, ''));
      else units.data.push(output);
    }
  }
  return units;
}

function compareData(original: Output, current: Output | undefined, tolerance: number): UnitResult {
  const plain = textOf(original.data?.['text/plain']);
  const html = textOf(original.data?.['text/html']);
  if (!current)
    return {
      verdict: 'output-missing',
      reason: `the result ${quote((plain ?? 'output').split('\n')[0]!)} is not shown any more`,
      maxRelativeChange: null,
    };
  const currentHtml = textOf(current.data?.['text/html']);
  if (html !== null && currentHtml !== null && /<table/i.test(html)) {
    const a = parseHtmlTables(html);
    const b = parseHtmlTables(currentHtml);
    if (a.length && b.length) return compareTables(a[0]!, b[0]!, tolerance);
  }
  if (plain === null)
    return { verdict: 'not-comparable', reason: 'the output has no text form', maxRelativeChange: null };
  // `<matplotlib.figure.Figure at 0x7f…>`: a repr naming an object, whose picture was not saved
  if (/^<[^>]*(\bat 0x[0-9a-fA-F]+|object)>$/.test(plain.trim()) || /^<Figure size [^>]*>$/.test(plain.trim())) {
    return {
      verdict: 'not-comparable',
      reason: `only an object's repr was saved (${quote(plain.trim())}), with a memory address`,
      maxRelativeChange: null,
    };
  }
  return compareText(plain, textOf(current.data?.['text/plain']) ?? '', tolerance);
}

const RANK: Record<FidelityVerdict, number> = {
  'new-error': 6,
  'output-missing': 5,
  different: 4,
  'numbers-drifted': 3,
  same: 2,
  'not-comparable': 1,
};

/** Each saved output of a cell against the new run's: printed text, rich data, images, and the author's error. */
function compareUnits(before: Units, after: Units, tolerance: number, imageDistance: number): UnitResult[] {
  const results: UnitResult[] = [];
  if (before.stdout !== null) {
    results.push(
      after.stdout === null
        ? { verdict: 'output-missing', reason: 'the printed text is not printed any more', maxRelativeChange: null }
        : compareText(before.stdout, after.stdout, tolerance),
    );
  }
  before.data.forEach((o, i) => results.push(compareData(o, after.data[i], tolerance)));
  before.images.forEach((png, i) => {
    const other = after.images[i];
    results.push(
      other === undefined
        ? { verdict: 'output-missing', reason: `image ${i + 1} is not drawn any more`, maxRelativeChange: null }
        : compareImages(png, other, imageDistance),
    );
  });
  if (before.error) {
    if (after.error?.ename === before.error.ename)
      results.push({ verdict: 'same', reason: `the author's ${before.error.ename} again`, maxRelativeChange: null });
    else if (after.error)
      results.push({
        verdict: 'different',
        reason: `the author's ${before.error.ename} became ${after.error.ename}`,
        maxRelativeChange: null,
      });
    else
      results.push({
        verdict: 'not-comparable',
        reason: `the author's run raised ${before.error.ename} here; this one does not`,
        maxRelativeChange: null,
      });
  }
  return results;
}

/** Compares each code cell's outputs in `executed` with the saved outputs of `original` (cells matched by id). */
export function compareOutputs(original: Notebook, executed: Notebook, options: FidelityOptions = {}): Fidelity {
  const tolerance = options.tolerance ?? DEFAULT_FIDELITY_TOLERANCE;
  const imageDistance = options.imageDistance ?? 0.1;
  const random = unseededRandomCells(original);
  const byId = new Map<string, number>();
  executed.cells.forEach((c, i) => c.id && byId.set(c.id, i));
  const cells: CellFidelity[] = [];
  original.cells.forEach((cell, cellIndex) => {
    if (cell.cell_type !== 'code') return;
    const executedIndex = cell.id ? (byId.get(cell.id) ?? null) : executed.cells[cellIndex] ? cellIndex : null;
    const now = executedIndex === null ? undefined : executed.cells[executedIndex];
    const before = unitsOf(cell);
    const after = unitsOf(now);
    const results = compareUnits(before, after, tolerance, imageDistance);
    // a cell the author never ran (no execution count, no outputs) has no evidence either way: an error in it now
    // is the run's report, not a lost output
    const neverRan = authorNeverRan(cell);
    const newError = after.error && after.error.ename !== before.error?.ename && !neverRan ? after.error : null;
    if (results.length === 0 && !newError) return; // nothing saved, nothing wrong: no output to compare
    let comparable = results.filter((r) => r.verdict !== 'not-comparable').length;
    let reproduced = results.filter((r) => r.verdict === 'same').length;
    const worst = results.reduce<UnitResult | null>((w, r) => (!w || RANK[r.verdict] > RANK[w.verdict] ? r : w), null);
    let verdict: FidelityVerdict = worst?.verdict ?? 'same';
    let reason = worst?.reason ?? '';
    const maxRelativeChange = results.reduce<number | null>(
      (m, r) => (r.maxRelativeChange !== null && r.maxRelativeChange > (m ?? 0) ? r.maxRelativeChange : m),
      null,
    );
    if (executedIndex === null) {
      verdict = 'output-missing';
      reason = 'the cell is no longer in the notebook';
      reproduced = 0;
    } else if (newError) {
      verdict = 'new-error';
      reason = `${newError.ename}: ${firstLine(newError.evalue, 120)}`;
      // a cell that printed nothing and now fails lost its one output: that it ran
      if (comparable === 0) comparable = 1;
    } else if ((verdict === 'different' || verdict === 'numbers-drifted') && random.has(cellIndex)) {
      verdict = 'not-comparable';
      reason = `random without a seed (${random.get(cellIndex)}): the author's rerun would differ too (${reason})`;
      comparable = reproduced = 0;
    }
    if (verdict === 'same' && results.every((r) => r.verdict === 'same'))
      reason = results.length > 1 ? `${results.length} outputs the same` : (worst?.reason ?? 'same');
    cells.push({
      cellIndex,
      cellId: cell.id ?? null,
      executedIndex,
      verdict,
      maxRelativeChange,
      reason,
      comparable,
      reproduced,
    });
  });
  const comparable = cells.reduce((s, c) => s + c.comparable, 0);
  const reproduced = cells.reduce((s, c) => s + c.reproduced, 0);
  return { score: comparable ? reproduced / comparable : null, comparable, reproduced, tolerance, cells };
}

/** One line per verdict count, for reports: "same 12, numbers-drifted 1 (cell 7), new-error 1 (cell 9)". */
export function summarizeFidelity(f: Fidelity): string {
  const counts = new Map<FidelityVerdict, number[]>();
  for (const c of f.cells) counts.set(c.verdict, [...(counts.get(c.verdict) ?? []), c.cellIndex]);
  const parts = [...counts.entries()]
    .sort((a, b) => RANK[b[0]] - RANK[a[0]])
    .map(([v, idx]) =>
      v === 'same'
        ? `${v} ${idx.length}`
        : `${v} ${idx.length} (cell${idx.length > 1 ? 's' : ''} ` +
          `${idx.slice(0, 5).join(', ')}${idx.length > 5 ? ', …' : ''})`,
    );
  if (f.comparable === 0)
    return (
      `not measured: the original notebook has no saved outputs to ` +
      `compare${parts.length ? ` (${parts.join(', ')})` : ''}`
    );
  const score = f.score === null ? 'n/a' : `${(f.score * 100).toFixed(1)}%`;
  return `${score} of ${f.comparable} comparable outputs reproduced: ${parts.join(', ')}`;
}

/**
 * compareOutputs for the loop: the comparison is a report, and it never fails an iteration — an output it
 * cannot read makes the fidelity null rather than the job failed.
 */
export function outputFidelity(
  original: Notebook,
  executed: Notebook | null,
  options: FidelityOptions = {},
): Fidelity | null {
  if (!executed) return null;
  // fidelity is a report on the run: a comparison that fails, or yields what the store cannot hold, must never fail
  // the job, so it becomes "not measured"
  try {
    const parsed = FidelitySchema.safeParse(compareOutputs(original, executed, options));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
