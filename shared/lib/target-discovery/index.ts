// Target discovery: the scores an author saw, read from a notebook's saved outputs, ranked, each with what an
// `output` score spec needs (cell, a regex with one capture group that finds the value again, direction). A
// notebook dropped onto nbrevive without a manifest then still has a score to reproduce.
//
// Where candidates come from:
// - printed lines (stream and text/plain): each number with the label before it (`Accuracy: 0.889`,
//   `Ridge RMSE on Test set : 0.1164`, `- val_acc: 0.81`), numpy 2 reprs read as numpy 1 printed them;
// - expression results: a bare number under a cell whose last expression is a scoring call or a variable named
//   like a metric (`accuracy_score(y, p)`, `acc_knn`, `cv_ridge.min()`, `np.sqrt(-scores).mean()`), the name's
//   last assignment read too;
// - tables: a pandas repr (or a simple HTML table) with a column named like a metric.
// How they rank (higher first): a well-known metric name, a cell whose code calls a scoring function, a later
// cell (the last scoring output of a notebook is usually its result), a test/validation/CV label. Penalized:
// progress logs (Keras epochs, XGBoost/LightGBM/CatBoost iterations: only a run's final and "best" lines are
// kept), timestamps, durations, shapes, counts, p-values, seeds and hyperparameters, warnings on stderr, table
// rows repeating a value printed before, and a result computed with randomness that was never seeded (it cannot
// come out the same on a rerun).
//
// The parts: metric-words.ts (what names a score, what does not), output-lines.ts (a cell's text lines and HTML
// tables), expressions.ts (what a bare expression result is), drafts.ts (each cell's numbers, named and weighed),
// patterns.ts (the regex that reads a value back); here the notebook-wide weighing and the ranking.
import type { Cell, Notebook } from '../../models/notebook';
import { cellDrafts, readNotebook, type CandidateOrigin, type Draft } from './drafts';
import { escapeRegex, patternFor } from './patterns';

export interface TargetCandidate {
  /** 1 = best */
  rank: number;
  /** index in the notebook's `cells` (markdown counted), as score specs count */
  cellIndex: number;
  /** the output line the value is on (as numpy 1 printed it) */
  line: string;
  /** regex with one capture group: with `occurrence` over the cell's text outputs it reads `value` */
  pattern: string;
  occurrence: 'first' | 'last';
  value: number;
  higherIsBetter: boolean;
  /** canonical metric (accuracy, rmse, r2 …, `score` when only the word score says so) */
  metric: string;
  /** the label the metric was read from, for a reader */
  label: string;
  origin: CandidateOrigin;
  /** why it ranks where it does */
  reason: string;
  /** the ranking score (relative; only the order means something) */
  weight: number;
  /** false when the value is only in an HTML table: an `output` score spec cannot read it */
  scoreable: boolean;
}

export interface DiscoverOptions {
  /** candidates returned at most (default 10) */
  limit?: number;
}

/** The ranked target candidates of a notebook's saved outputs, best first. */
export function discoverTargets(nb: Notebook, options: DiscoverOptions = {}): TargetCandidate[] {
  const reading = readNotebook(nb);
  const drafts: Draft[] = [];
  nb.cells.forEach((cell, cellIndex) => {
    if (cell.cell_type !== 'code' || !cell.outputs?.length) return;
    drafts.push(...cellDrafts(reading, cell, cellIndex));
  });
  weighBySeries(drafts, reading.lastCode);
  demoteRepeatedTableValues(drafts);
  return rankedCandidates(nb, drafts, options.limit ?? 10);
}

/**
 * Later cells rank higher: a notebook's last scoring output is usually its result. Within a series (the same
 * printout or scoring call over several models) the first member is the baseline the rest are compared with,
 * and the later ones are the heavier models (boosting, stacking, more packages): the whole series takes the
 * position of its last member, and its members are ordered first to last, so a member that is random or
 * expected to drift gives way to the next one.
 */
function weighBySeries(drafts: Draft[], lastCode: number): void {
  const seriesCells = new Map<string, number[]>();
  for (const d of drafts) {
    const cells = seriesCells.get(d.series) ?? [];
    if (!cells.includes(d.cellIndex)) cells.push(d.cellIndex);
    seriesCells.set(d.series, cells);
  }
  for (const d of drafts) {
    const cells = seriesCells.get(d.series)!;
    d.weight += (2 * Math.max(...cells)) / lastCode;
    if (cells.length > 1) {
      const order = cells.sort((a, b) => a - b).indexOf(d.cellIndex);
      d.weight -= 0.1 * order;
      d.reasons.push(
        order === 0
          ? `the first of ${cells.length} models scored the same way`
          : `model ${order + 1} of ${cells.length} scored the same way`,
      );
    }
  }
}

/** A table row repeating a value printed by an earlier cell is a summary of it: the earlier one is the source. */
function demoteRepeatedTableValues(drafts: Draft[]): void {
  for (const d of drafts) {
    if (d.origin !== 'table') continue;
    const earlier = drafts.find(
      (o) => o !== d && o.origin !== 'table' && o.cellIndex < d.cellIndex && o.value === d.value,
    );
    if (earlier) {
      d.weight -= 1.5;
      d.reasons.push(`repeats the value of cell ${earlier.cellIndex}`);
    }
  }
}

/** The drafts best first, each with the pattern that reads it back, one per cell and pattern, `limit` at most. */
function rankedCandidates(nb: Notebook, drafts: Draft[], limit: number): TargetCandidate[] {
  const candidates: TargetCandidate[] = [];
  // what an output score spec cannot read comes after everything it can
  for (const d of drafts.sort(
    (a, b) => Number(b.scoreable) - Number(a.scoreable) || b.weight - a.weight || b.cellIndex - a.cellIndex,
  )) {
    const spec = d.scoreable
      ? patternFor(nb.cells[d.cellIndex] as Cell, d)
      : { pattern: escapeRegex(d.raw), occurrence: 'last' as const };
    if (!spec) continue;
    if (candidates.some((c) => c.cellIndex === d.cellIndex && c.pattern === spec.pattern)) continue;
    candidates.push({
      rank: candidates.length + 1,
      cellIndex: d.cellIndex,
      line: d.line,
      pattern: spec.pattern,
      occurrence: spec.occurrence,
      value: d.value,
      higherIsBetter: d.higherIsBetter,
      metric: d.metric.metric,
      label: d.label,
      origin: d.origin,
      reason: d.reasons.join('; '),
      weight: Math.round(d.weight * 1000) / 1000,
      scoreable: d.scoreable,
    });
    if (candidates.length >= limit) break;
  }
  return candidates;
}
