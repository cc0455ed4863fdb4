// Judging a fix on the iteration it produced, and taking one back: a fix fails when the run got worse or the errors
// it addressed are still raised (decisions.ts fixFailed), or when it broke the outputs of cells it did not edit
// (fidelity-regression.ts); a failed fix is excluded from later proposals. A fix failed only for a fidelity
// regression is taken back when the fixers have no other candidate.
import { compareIterations } from '../../../shared/lib/judge';
import type { Fix } from '../../../shared/models/loop';
import { fixFailed, fixKeys } from './decisions';
import {
  describeRegression,
  FIDELITY_REGRESSION_FLAG,
  fidelityRegression,
  producedByRejectedFix,
} from './fidelity-regression';
import { baseOf, type JobRun, type LoadedIteration, type LoopDependencies, type LoopState } from './job-run';

/** What judging a fix needs of the loop's dependencies: where fixes are recorded, and the memory of a model's fixes. */
export type FixJudgingDependencies = Pick<LoopDependencies, 'store' | 'memory'>;

/** The cells a fix broke without editing them; [] when it cannot tell (a fidelity problem never fails a job). */
function regressionOf(run: JobRun, base: LoadedIteration, current: LoadedIteration, fix: Fix) {
  try {
    return fidelityRegression(
      base.iteration.fidelity,
      current.iteration.fidelity,
      fix,
      base.notebook,
      run.settings.tolerance,
    );
  } catch (e) {
    run.logs.system(
      current.iteration.index,
      `could not compare fidelity with the version before the fix: ${e instanceof Error ? e.message : String(e)}`,
    );
    return [];
  }
}

/** Judges the fix that produced `current`, the iteration just executed: flags a fidelity regression, fails the fix. */
export function judgePreviousFix(
  deps: FixJudgingDependencies,
  run: JobRun,
  state: LoopState,
  current: LoadedIteration,
): void {
  const previous = state.done.at(-1);
  let fix = previous?.iteration.fix;
  if (!previous || !fix) return;
  const baseLoaded = baseOf(state) ?? previous;
  const base = baseLoaded.iteration;
  let why = fixFailed(base, current.iteration, fix);
  const regressed = regressionOf(run, baseLoaded, current, fix);
  if (regressed.length > 0) {
    fix = {
      ...fix,
      flags: [...new Set([...fix.flags, FIDELITY_REGRESSION_FLAG])],
      fidelityRegression: { cells: regressed, soleReason: why === null },
    };
    deps.store.iterations.setFix(previous.iteration.jobId, previous.iteration.index, fix);
    previous.iteration = { ...previous.iteration, fix };
    const flagged = state.history.find((h) => h.iteration === previous.iteration.index);
    if (flagged) flagged.fix = fix;
    run.logs.system(
      current.iteration.index,
      `the fix changed the outputs of ${describeRegression(regressed)}, which it did not edit`,
    );
    why ??= `it changed the outputs of ${describeRegression(regressed)}, which it did not edit`;
  }
  // fix memory learns from every verified outcome of a model's fix, so other jobs reuse what worked
  if (fix.signature && fix.source !== 'rules') deps.memory?.record(fix.signature, fix, why === null);
  if (!why) return;
  deps.store.iterations.markFixFailed(previous.iteration.jobId, previous.iteration.index, true);
  previous.iteration = { ...previous.iteration, fixFailed: true };
  const entry = state.history.find((h) => h.iteration === previous.iteration.index);
  if (entry) entry.failed = true;
  for (const key of fixKeys(fix)) state.exclude.add(key);
  run.emit({ type: 'fix-failed', jobId: previous.iteration.jobId, iteration: previous.iteration.index, fix, why });
}

/**
 * Takes back the best fix failed only for a fidelity regression whose version is better than `base`: its flag
 * stays (review shows it), its fixFailed is cleared, so its version can be the base and the job's best.
 */
export function takeBackRegression(
  deps: FixJudgingDependencies,
  run: JobRun,
  state: LoopState,
  base: LoadedIteration,
): boolean {
  let pick: { previous: LoadedIteration; produced: LoadedIteration } | null = null;
  state.done.forEach((produced, i) => {
    const previous = state.done[i - 1];
    if (
      !previous ||
      !producedByRejectedFix(previous.iteration) ||
      !previous.iteration.fix?.fidelityRegression?.soleReason
    )
      return;
    if (compareIterations(produced.iteration, base.iteration) >= 0) return;
    if (!pick || compareIterations(produced.iteration, pick.produced.iteration) < 0) pick = { previous, produced };
  });
  if (!pick) return false;
  const { previous, produced } = pick as { previous: LoadedIteration; produced: LoadedIteration };
  const fix = previous.iteration.fix as Fix;
  deps.store.iterations.markFixFailed(previous.iteration.jobId, previous.iteration.index, false);
  previous.iteration = { ...previous.iteration, fixFailed: false };
  const entry = state.history.find((h) => h.iteration === previous.iteration.index);
  if (entry) entry.failed = false;
  const stillFailed = new Set(state.history.filter((h) => h.failed).flatMap((h) => fixKeys(h.fix)));
  for (const key of fixKeys(fix)) if (!stillFailed.has(key)) state.exclude.delete(key);
  run.logs.system(
    produced.iteration.index,
    `no fix without a fidelity regression was found: keeping the version of iteration ` +
      `${produced.iteration.index}, flagged (${describeRegression(fix.fidelityRegression?.cells ?? [])})`,
  );
  return true;
}
