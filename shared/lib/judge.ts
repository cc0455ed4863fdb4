// The judge (docs/architecture.md, "The judge"): does a run reproduce the author's score, is it error-free, and which
// problem should the next fix address. Also how iterations are ranked to pick a job's best version, and which errors
// the author's own notebook already had. Without a target score, "reproducible" is not "runs without errors" alone: the
// run must also reproduce the author's saved outputs (output fidelity ≥ the job's threshold, over the outputs that can
// be compared — cells whose randomness was never seeded are not comparable, so they neither help nor hurt). When
// fidelity could not be measured the judgement stays the errors-only one, and the reason says so.
import type { ScoreSpec, Target } from '../models/case';
import type { CellError, ExecutionReport } from '../models/execution';
import type { Fidelity } from '../models/fidelity';
import type { Outcome, Problem, Verdict } from '../models/loop';
import type { Notebook } from '../models/notebook';
import { oneSampleTTest, sampleMean } from './statistics';
import { offendingLine } from './traceback';

export const DEFAULT_TOLERANCE = 0.1;
export const DEFAULT_ALPHA = 0.05;
/** share of the comparable original outputs a run without a target must reproduce to count as reproducible */
export const DEFAULT_FIDELITY_THRESHOLD = 0.9;

/** What the judge and the ranking read of an iteration's output fidelity. */
export type FidelityScore = Pick<Fidelity, 'score'> & Partial<Pick<Fidelity, 'comparable' | 'reproduced' | 'cells'>>;

export interface JudgeInput {
  report: Pick<ExecutionReport, 'status' | 'errors' | 'scores' | 'score' | 'scoreNote' | 'timeoutMs' | 'message'>;
  /** the author's score; null when the case has none */
  target: Pick<Target, 'value' | 'tolerance'> | null;
  scoreSpecKind: ScoreSpec['kind'];
  /** relative τ for the deterministic comparison; a case's own `target.tolerance` takes precedence */
  tolerance?: number;
  /** significance level of the t-test for repeated runs whose scores vary */
  alpha?: number;
  /**
   * the run's output fidelity, used when there is no target: undefined when the caller does not measure it (the
   * errors-only judgement), null when it could not be measured (the same judgement, and the reason says so)
   */
  fidelity?: FidelityScore | null;
  /** the least fidelity a run without a target must reach (default DEFAULT_FIDELITY_THRESHOLD) */
  fidelityThreshold?: number;
}

/** Shortest readable form of a score: up to 6 significant digits, no trailing zeros. */
export function formatScore(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(6)));
}

function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(2)}%`;
}

function formatTolerance(tau: number): string {
  return `${Number((tau * 100).toPrecision(6))}%`;
}

function formatP(p: number): string {
  return p < 0.0001 ? p.toExponential(2) : p.toFixed(4);
}

/** Errors that count against "error-free": everything the author's notebook did not already show. */
export function newErrors(errors: readonly CellError[]): CellError[] {
  return errors.filter((e) => !e.preExisting);
}

interface ScoreJudgement {
  reproducible: boolean;
  method: Verdict['method'];
  reason: string;
  score: number | null;
  relativeDeviation: number | null;
  pValue: number | null;
}

function relativeDeviationOf(score: number, target: number): number | null {
  if (target !== 0) return Math.abs(score - target) / Math.abs(target);
  return score === 0 ? 0 : null;
}

function judgeScore(input: JudgeInput, tau: number, alpha: number): ScoreJudgement {
  const { report, target } = input;
  const none = { score: null, relativeDeviation: null, pValue: null };
  if (input.scoreSpecKind === 'none') {
    return { ...none, reproducible: true, method: 'errors-only', reason: 'no score spec: judged on errors alone' };
  }
  // runs > 1 fill `scores`; a caller that only set `score` ran once
  const scores = report.scores.length > 0 ? report.scores : [report.score];
  const missing = scores.filter((s) => s === null).length;
  const values = scores.filter((s): s is number => s !== null);
  if (values.length === 0) {
    const why = report.scoreNote ?? 'the run produced none';
    return { ...none, reproducible: false, method: 'no-score', reason: `no score: ${why}` };
  }
  const mean = sampleMean(values);
  if (missing > 0) {
    const why = report.scoreNote ? ` (${report.scoreNote})` : '';
    return {
      ...none,
      score: mean,
      reproducible: false,
      method: 'no-score',
      reason: `no score in ${missing} of ${scores.length} runs${why}`,
    };
  }
  if (!target) {
    return {
      ...none,
      score: mean,
      reproducible: true,
      method: 'errors-only',
      reason: `score ${formatScore(mean)}; the case has no target score: judged on errors alone`,
    };
  }
  const t = target.value;
  const relativeDeviation = relativeDeviationOf(mean, t);
  const deterministic = values.every((v) => v === values[0]);
  if (deterministic) {
    const reproducible = Math.abs(mean - t) <= tau * Math.abs(t);
    const deviation = relativeDeviation === null ? '' : ` (deviation ${formatPercent(relativeDeviation)})`;
    const what =
      values.length > 1 ? `score ${formatScore(mean)} (all ${values.length} runs)` : `score ${formatScore(mean)}`;
    const reason = reproducible
      ? `${what} is within ${formatTolerance(tau)} of target ${formatScore(t)}${deviation}`
      : `${what} is not within ${formatTolerance(tau)} of target ${formatScore(t)}${deviation}`;
    return { score: mean, relativeDeviation, pValue: null, reproducible, method: 'tolerance', reason };
  }
  const test = oneSampleTTest(values, t);
  const reproducible = test.p >= alpha;
  const reason =
    `mean score ${formatScore(mean)} over ${values.length} runs (sd ${formatScore(test.sd)}) ` +
    (reproducible
      ? `is consistent with target ${formatScore(t)} (t-test p = ${formatP(test.p)} ≥ ${alpha})`
      : `differs from target ${formatScore(t)} (t-test p = ${formatP(test.p)} < ${alpha})`);
  return { score: mean, relativeDeviation, pValue: test.p, reproducible, method: 't-test', reason };
}

interface FidelityJudgement {
  /** fidelity was measured and decides: whether it reaches the threshold */
  passes: boolean | null;
  reason: string;
}

/** Without a target: does the run reproduce the author's outputs? null `passes`: not measured, errors alone decide. */
function judgeFidelity(fidelity: FidelityScore | null, threshold: number): FidelityJudgement {
  if (fidelity === null) return { passes: null, reason: 'fidelity not measured: judged on errors alone' };
  if (fidelity.score === null)
    return { passes: null, reason: 'no saved output could be compared: judged on errors alone' };
  const counts =
    fidelity.comparable !== undefined && fidelity.reproduced !== undefined
      ? ` (${fidelity.reproduced} of ${fidelity.comparable} comparable outputs reproduced`
      : '';
  const skipped = fidelity.cells?.filter((c) => c.verdict === 'not-comparable').length ?? 0;
  const skippedText = counts && skipped > 0 ? `; ${skipped} cell${skipped > 1 ? 's' : ''} not comparable` : '';
  const passes = fidelity.score >= threshold;
  const score = `${Number((fidelity.score * 100).toFixed(1))}%`;
  return {
    passes,
    reason:
      `fidelity ${score} ${passes ? '≥' : '<'} ` +
      `${Number((threshold * 100).toPrecision(6))}%${counts}${skippedText}${counts ? ')' : ''}`,
  };
}

function describeErrors(errors: readonly CellError[]): string {
  const counted = newErrors(errors);
  const pre = errors.length - counted.length;
  const preText = pre > 0 ? ` (${pre} more pre-existing)` : '';
  if (counted.length === 0) return pre > 0 ? `only pre-existing errors (${pre})` : 'no errors';
  const first = counted[0] as CellError;
  const more = counted.length > 1 ? ` and ${counted.length - 1} more` : '';
  return (
    `${counted.length} error${counted.length > 1 ? 's' : ''}: ${first.ename} in cell ` +
    `${first.cellIndex}${more}${preText}`
  );
}

/** Judges one execution (possibly repeated `runs` times) against the case's target. */
export function judge(input: JudgeInput): Verdict {
  const tau = input.target?.tolerance ?? input.tolerance ?? DEFAULT_TOLERANCE;
  const alpha = input.alpha ?? DEFAULT_ALPHA;
  const { report } = input;
  const timedOut = report.status === 'timeout';
  const crashed = report.status === 'crashed';
  const counted = newErrors(report.errors);
  const errorFree = !timedOut && !crashed && counted.length === 0;
  const s = judgeScore(input, tau, alpha);
  // no target (no score spec, or a score without a target): the saved outputs stand in for the author's score
  const f =
    s.method === 'errors-only' && input.fidelity !== undefined
      ? judgeFidelity(input.fidelity, input.fidelityThreshold ?? DEFAULT_FIDELITY_THRESHOLD)
      : null;

  let reproducible = s.reproducible;
  let method = s.method;
  const parts: string[] = [];
  if (timedOut) {
    // a notebook that does not finish within the limit has not been reproduced, whatever it printed before
    reproducible = false;
    parts.push(`timed out after ${Math.round(report.timeoutMs / 1000)} s`);
  }
  if (crashed) parts.push(`the kernel crashed${report.message ? ` (${report.message})` : ''}`);
  if (s.method === 'errors-only' && input.scoreSpecKind === 'none') {
    reproducible = reproducible && errorFree;
    const clean = report.errors.length === 0 ? 'ran without errors' : `ran with ${describeErrors(report.errors)}`;
    parts.push(`no score spec: ${errorFree ? clean : describeErrors(report.errors)}`);
  } else {
    // a score without a target: fidelity, when measured, judges instead of the errors alone
    parts.push(f?.passes != null ? s.reason.replace(/: judged on errors alone$/, '') : s.reason);
    if (report.errors.length > 0) parts.push(describeErrors(report.errors));
  }
  let fidelityShort = false;
  if (f) {
    parts.push(f.reason);
    if (f.passes !== null) {
      method = 'fidelity';
      fidelityShort = !f.passes;
      reproducible = reproducible && f.passes;
    }
  }

  let problem: Problem | null = null;
  if (timedOut) problem = 'timeout';
  else if (counted.length > 0 || crashed) problem = 'error';
  // outputs that differ without an error have no fixer (no rule nor the model calibrates towards saved outputs):
  // no problem to hand on, so the loop stops rather than asking for a score calibration without a score
  else if (!reproducible && !fidelityShort) problem = 'score-deviation';

  return {
    reproducible,
    errorFree,
    problem,
    reason: parts.join('; '),
    score: s.score,
    target: input.target?.value ?? null,
    relativeDeviation: s.relativeDeviation,
    pValue: s.pValue,
    method,
  };
}

/** The job outcome an iteration's verdict stands for. */
export function outcomeOf(verdict: Pick<Verdict, 'reproducible' | 'errorFree'>): Outcome {
  if (!verdict.reproducible) return 'not-reproducible';
  return verdict.errorFree ? 'reproducible' : 'reproducible-with-errors';
}

/** What ranking an iteration needs: its report's errors and status, and its verdict. */
export interface JudgedRun {
  report: Pick<ExecutionReport, 'errors' | 'status'>;
  verdict: Pick<Verdict, 'reproducible' | 'errorFree' | 'score' | 'target'>;
  /** the iteration's output fidelity: among otherwise equal runs the more faithful one ranks first */
  fidelity?: Pick<Fidelity, 'score'> | null;
}

function tier(run: JudgedRun): number {
  if (run.verdict.reproducible) return run.verdict.errorFree ? 0 : 1;
  return 2;
}

/** Errors that count, plus one for a timeout or crash (the notebook did not get to the end). */
function problemCount(run: JudgedRun): number {
  const stopped = run.report.status === 'timeout' || run.report.status === 'crashed' ? 1 : 0;
  return newErrors(run.report.errors).length + stopped;
}

function distance(run: JudgedRun): number {
  const { score, target } = run.verdict;
  if (score === null) return Number.POSITIVE_INFINITY;
  return target === null ? 0 : Math.abs(score - target);
}

/** Fidelity for ranking: not measured ranks below any measured value (it says nothing in the run's favour). */
function fidelityOf(run: JudgedRun): number {
  return run.fidelity?.score ?? -1;
}

/**
 * Orders iterations best first (docs/architecture.md, "The loop"): error-free reproducible, then reproducible with
 * errors, then the rest; within each, fewer errors, then the score closer to the target, then the higher output
 * fidelity. Ties return 0, so a stable sort keeps the earlier iteration (fewer edits to the author's code) ahead.
 */
export function compareIterations(a: JudgedRun, b: JudgedRun): number {
  return (
    tier(a) - tier(b) ||
    problemCount(a) - problemCount(b) ||
    compareDistance(distance(a), distance(b)) ||
    compareDistance(-fidelityOf(a), -fidelityOf(b))
  );
}

function compareDistance(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** a is strictly better than b. */
export function betterThan(a: JudgedRun, b: JudgedRun): boolean {
  return compareIterations(a, b) < 0;
}

/** The best of a job's iterations (the earliest among equals); undefined for none. */
export function bestIteration<T extends JudgedRun>(runs: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const run of runs) if (best === undefined || betterThan(run, best)) best = run;
  return best;
}

/** What Python raises for a cell it cannot parse. */
const SYNTAX_ERRORS = new Set(['SyntaxError', 'IndentationError', 'TabError']);

/**
 * Marks errors the ORIGINAL notebook's saved outputs already show: same cell (matched by cell id, so cells inserted
 * or removed by fixes do not shift the match) and same exception name, or another exception raised by the same line
 * of the cell (a cell that shows how a call fails: today's library may raise another class for it, as pandas raises
 * KeyError where 0.2x raised IndexingError, but the statement fails as the author's did). `versionCellIds[i]` is the
 * id of cell i of the executed version; it is used when an error carries no cell id of its own. `neverRanUnparsable`
 * holds the ids of cells the author never ran whose text is not Python in any version (prose typed into a code cell):
 * their SyntaxError failed for the author too, so it is pre-existing (`authorNeverRan`).
 */
export function markPreExisting(
  errors: readonly CellError[],
  original: Notebook,
  versionCellIds: readonly (string | null | undefined)[] = [],
  neverRanUnparsable: ReadonlySet<string> = new Set(),
): CellError[] {
  const savedErrors = new Map<string, { names: Set<string>; lines: Set<string> }>();
  original.cells.forEach((cell, cellIndex) => {
    if (!cell.id || cell.cell_type !== 'code') return;
    const saved = { names: new Set<string>(), lines: new Set<string>() };
    for (const output of cell.outputs ?? []) {
      if (output.output_type !== 'error') continue;
      if (output.ename) saved.names.add(output.ename);
      const line = Array.isArray(output.traceback) ? offendingLine(output.traceback, original, cellIndex) : null;
      if (line) saved.lines.add(line);
    }
    if (saved.names.size > 0 || saved.lines.size > 0) savedErrors.set(cell.id, saved);
  });
  return errors.map((error) => {
    const id = error.cellId ?? versionCellIds[error.cellIndex] ?? null;
    const author = id !== null ? savedErrors.get(id) : undefined;
    const line = error.line?.trim() ?? '';
    const saved = !!author && (author.names.has(error.ename) || (line !== '' && author.lines.has(line)));
    const neverRan = !saved && id !== null && SYNTAX_ERRORS.has(error.ename) && neverRanUnparsable.has(id);
    const preExisting = saved || neverRan;
    if (preExisting === error.preExisting && neverRan === (error.authorNeverRan ?? false)) return error;
    const { authorNeverRan: _, ...rest } = error;
    return neverRan ? { ...rest, preExisting, authorNeverRan: true } : { ...rest, preExisting };
  });
}
