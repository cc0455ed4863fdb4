// The loop's decisions about iterations and fixes, as pure functions of what is persisted (so a resumed job decides
// exactly as it would have): whether an execution never started, an error's identity, the version the next fix
// builds on, the errors a fix addressed, whether it failed, and the job's best version.
import { bestIteration, compareIterations, newErrors } from '../../../shared/lib/judge';
import type { CellError, ExecutionReport } from '../../../shared/models/execution';
import type { Fix, Iteration } from '../../../shared/models/loop';
import { acceptedIterations } from './fidelity-regression';

/**
 * The execution ended (timed out or crashed) before any cell started: the kernel never came up, or the runner
 * died first. Nothing of the notebook ran, so nothing about its code can be learned from it.
 */
export function diedBeforeFirstCell(report: Pick<ExecutionReport, 'status' | 'errors' | 'cells'>): boolean {
  if (report.status !== 'timeout' && report.status !== 'crashed') return false;
  if (report.errors.length > 0 || report.cells.length === 0) return false;
  // a cell that started has a duration (finished or still running when the run ended) or a status of its own
  return report.cells.every((cell) => cell.status === 'skipped' && cell.durationMs === 0);
}

/** Identity of an error for no-progress detection: same cell, same exception, same message shape. */
export function errorSignature(error: Pick<CellError, 'cellId' | 'cellIndex' | 'ename' | 'evalue'>): string {
  const evalue = error.evalue
    .replace(/0x[0-9a-f]+/gi, '0x')
    .replace(/\d+/g, 'N')
    .slice(0, 200);
  return `${error.cellId ?? `#${error.cellIndex}`}|${error.ename}|${evalue}`;
}

/**
 * The version the next fix builds on: the best iteration so far, the latest among equals — a fix that changed
 * nothing measurable is kept (it moved past an error), one that made things worse is reverted.
 */
export function baseIteration<T extends Pick<Iteration, 'report' | 'verdict'>>(
  iterations: readonly T[],
): T | undefined {
  let base: T | undefined;
  for (const it of iterations) if (base === undefined || compareIterations(it, base) <= 0) base = it;
  return base;
}

/**
 * The errors a fix addressed: those (that count) in the cells it edited; all of them when it edited none of the
 * failing cells (an import added to a setup cell for a NameError further down).
 */
export function addressedErrors(errors: readonly CellError[], fix?: Pick<Fix, 'edits'> | null): CellError[] {
  const counting = newErrors(errors);
  const edited = new Set((fix?.edits ?? []).map((edit) => edit.cellIndex));
  const inEdited = counting.filter((error) => edited.has(error.cellIndex));
  return inEdited.length > 0 ? inEdited : counting;
}

/**
 * Whether the fix proposed for `before` failed, judged on `after`: the run got worse, every error it addressed is
 * still raised at the same place, or — for a score problem — the score did not move. A fix that repaired a later
 * cell while the first error (one no fixer answers) stays is progress, not a failure.
 */
export function fixFailed(
  before: Pick<Iteration, 'report' | 'verdict'>,
  after: Pick<Iteration, 'report' | 'verdict'>,
  fix?: Pick<Fix, 'edits'> | null,
): string | null {
  if (compareIterations(after, before) > 0) return 'the run got worse';
  const addressed = addressedErrors(before.report.errors, fix);
  if (before.verdict.problem === 'error' && addressed.length > 0) {
    const still = new Set(newErrors(after.report.errors).map(errorSignature));
    if (addressed.every((error) => still.has(errorSignature(error)))) {
      return addressed.length === 1
        ? 'the same error is still raised at the same place'
        : 'the errors it addressed are still raised at the same places';
    }
  }
  if (before.verdict.problem === 'score-deviation' && compareIterations(after, before) === 0) {
    return 'the score did not move closer to the target';
  }
  return null;
}

/** A job's best version: among the iterations not set aside for a fidelity regression (all of them set aside: any). */
export function bestOf<T extends Iteration>(iterations: readonly T[]): T | undefined {
  return bestIteration(acceptedIterations(iterations)) ?? bestIteration(iterations);
}

/** What a failed fix is excluded by in later proposals: its rules, and a model's fix by its error signature. */
export function fixKeys(fix: Fix): string[] {
  return [...fix.ruleIds, ...(fix.source !== 'rules' && fix.signature ? [`${fix.source}:${fix.signature}`] : [])];
}
