// The modernization loop (docs/architecture.md, "The loop"): execute → judge → fix → apply, at most `maxIterations` executions.
// Every iteration is persisted before the next starts, and all decisions are a function of what is persisted, so a
// job killed at any moment resumes from its last persisted iteration and continues exactly as it would have.
// A fix is judged on the errors it addressed (those of the cells it edited), so a rule gap on the first error does
// not stop the loop from repairing later cells; an execution that ends before its first cell starts (the kernel never
// came up) is the environment's failure, retried and never held against the fix; a job that ends with errors left
// records, per error, why no fix applied (Job.unresolved).
// A fix that breaks the outputs of cells it did not edit is flagged (fidelity-regression.ts) and failed; its version
// is set aside while another candidate may exist, and taken back when the fixers have none.
import path from 'node:path';
import { NbreviveError, toErrorInfo } from '../../../shared/lib/errors';
import { parseNotebook, serializeNotebook } from '../../../shared/lib/ipynb';
import {
  bestIteration,
  compareIterations,
  judge,
  markPreExisting,
  newErrors,
  outcomeOf,
} from '../../../shared/lib/judge';
import { applyCellEdits } from '../../../shared/lib/notebook-edits';
import { firstLine } from '../../../shared/lib/text';
import type { ResolvedCase } from '../../../shared/models/case';
import type { CellError, EnvironmentDescription, ExecutionReport, RunnerEvent } from '../../../shared/models/execution';
import type { Fix, Iteration, JobSettings, Problem, StopReason, UnresolvedError } from '../../../shared/models/loop';
import type { Notebook } from '../../../shared/models/notebook';
import type { FixContext, Fixer, FixHistoryEntry } from '../fixers/fixer';
import { fixerChain, type FixerChain } from '../fixers/fixer-chain';
import type { FixMemory } from '../fixers/llm/memory';
import { helperModulesDiffer, modernizeHelperModules, recordHelperModuleErrors } from '../fixers/rules/helper-modules';
import type { Runtime } from '../runtime/runtime';
import { outputFidelity } from '../fidelity/compare';
import { scoreExecution } from '../scoring/score';
import { hashContent } from '../store/blobs';
import type { Store } from '../store/store';
import type { Job } from '../store/jobs';
import {
  acceptedIterations,
  describeRegression,
  FIDELITY_REGRESSION_FLAG,
  fidelityRegression,
  producedByRejectedFix,
} from './fidelity-regression';
import { neverRanUnparsableCells } from '../notebook/never-ran-cells';
import { LogBuffer } from './log-buffer';

export type LoopEvent =
  | { type: 'iteration-started'; jobId: string; iteration: number; maxIterations: number }
  | { type: 'runner'; jobId: string; iteration: number; run: number; event: RunnerEvent }
  | { type: 'iteration-finished'; jobId: string; iteration: Iteration }
  | { type: 'fix-proposed'; jobId: string; iteration: number; fix: Fix }
  | { type: 'fix-failed'; jobId: string; iteration: number; fix: Fix; why: string }
  | { type: 'job-finished'; jobId: string; job: Job; timing: LoopTiming };

export interface LoopTiming {
  /** wall time of the whole job in this process */
  totalMs: number;
  /** time spent inside runtime.execute */
  executionMs: number;
}

export interface LoopDependencies {
  store: Store;
  runtime: Runtime;
  /** every fixer available (fixers/fixer-chain.ts createFixers); each job asks those its settings name */
  fixers: readonly Fixer[];
  /** folder under which each job gets its own working folder */
  workRoot: string;
  /** where verified LLM fixes are remembered for other jobs */
  memory?: FixMemory;
  /** how often an execution that ended before its first cell started is repeated (default 2) */
  infrastructureRetries?: number;
}

export const DEFAULT_INFRASTRUCTURE_RETRIES = 2;

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

export interface RunJobOptions {
  signal?: AbortSignal;
  onEvent?: (event: LoopEvent) => void;
}

/** Why an abort happened: cancel ends the job, pause leaves it to be resumed later. */
export type AbortKind = 'cancel' | 'pause';
export function abortKindOf(signal: AbortSignal | undefined): AbortKind | null {
  if (!signal?.aborted) return null;
  return signal.reason === 'pause' ? 'pause' : 'cancel';
}

/** Identity of an error for no-progress detection: same cell, same exception, same message shape. */
export function errorSignature(error: Pick<CellError, 'cellId' | 'cellIndex' | 'ename' | 'evalue'>): string {
  const evalue = error.evalue
    .replace(/0x[0-9a-f]+/gi, '0x')
    .replace(/\d+/g, 'N')
    .slice(0, 200);
  return `${error.cellId ?? `#${error.cellIndex}`}|${error.ename}|${evalue}`;
}

interface LoadedIteration {
  iteration: Iteration;
  notebook: Notebook;
  executed: Notebook | null;
}

/** The state the loop derives from the persisted iterations (also on resume). */
interface LoopState {
  done: LoadedIteration[];
  history: FixHistoryEntry[];
  exclude: Set<string>;
  /** hashes of versions already executed: a fix that leads back to one makes no progress */
  seen: Set<string>;
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
function bestOf<T extends Iteration>(iterations: readonly T[]): T | undefined {
  return bestIteration(acceptedIterations(iterations)) ?? bestIteration(iterations);
}

function fixKeys(fix: Fix): string[] {
  return [...fix.ruleIds, ...(fix.source !== 'rules' && fix.signature ? [`${fix.source}:${fix.signature}`] : [])];
}

/** What the loop does next: stop for a reason, or execute this version. */
type Next = { stop: StopReason } | { notebook: Notebook };

/**
 * One run of one job in this process: what every step of the loop reads, built once at its start. The job's case,
 * original and settings do not change while it runs; its iterations do, and live in LoopState.
 */
interface JobRun {
  jobId: string;
  case: ResolvedCase;
  original: Notebook;
  settings: JobSettings;
  /** the fixers this job asks, in order, and the diagnosis of what is left */
  fixers: FixerChain;
  /** the package versions, read while the first execution runs (only a fix needs them) */
  environment: Promise<EnvironmentDescription>;
  /** ids of the original's cells the author never ran that are not Python (their SyntaxError is pre-existing) */
  neverRanUnparsable: Promise<ReadonlySet<string>>;
  signal?: AbortSignal;
  emit: (event: LoopEvent) => void;
  logs: LogBuffer;
  timing: LoopTiming;
}

/** Re-executions of one version whose only news is an error inside a helper module (its rules change the module). */
const MAX_HELPER_MODULE_ROUNDS = 3;

export class ModernizationLoop {
  constructor(private readonly deps: LoopDependencies) {}

  /** Runs (or resumes) a job to its end; returns the finished job row. */
  async run(jobId: string, options: RunJobOptions = {}): Promise<Job> {
    const { store } = this.deps;
    const started = Date.now();
    const job = store.jobs.require(jobId);
    const record = store.cases.require(job.caseId);
    store.jobs.update(jobId, {
      status: 'running',
      startedAt: job.startedAt ?? Date.now(),
      error: null,
      unresolved: [],
    });
    const environment = this.deps.runtime.describe();
    environment.catch(() => {});
    const original = parseNotebook(store.blobs.getText(record.originalHash));
    const run: JobRun = {
      jobId,
      case: record.case,
      original,
      settings: job.settings,
      fixers: fixerChain(this.deps.fixers, job.settings),
      environment,
      neverRanUnparsable: neverRanUnparsableCells(original),
      ...(options.signal ? { signal: options.signal } : {}),
      emit: (event) => options.onEvent?.(event),
      logs: new LogBuffer(store, jobId),
      timing: { totalMs: 0, executionMs: 0 },
    };
    const finishWith = (stop: StopReason, state: LoopState | null) =>
      this.unresolved(run, state, stop).then((unresolved) =>
        this.finish(run, stop, { ...run.timing, totalMs: Date.now() - started }, unresolved),
      );
    let state: LoopState | null = null;
    try {
      state = this.loadState(jobId);
      let next = this.persistedNext(run, state) ?? (await this.proposeNext(run, state));
      while (!('stop' in next)) {
        const abort = abortKindOf(run.signal);
        if (abort) return this.stopForAbort(run, abort);
        await this.iterate(run, state, next.notebook);
        const abortAfter = abortKindOf(run.signal);
        if (abortAfter) return this.stopForAbort(run, abortAfter);
        next = await this.proposeNext(run, state);
      }
      return await finishWith(next.stop, state);
    } catch (e) {
      const abort = abortKindOf(run.signal);
      if (abort) return this.stopForAbort(run, abort);
      if (e instanceof NbreviveError && e.code === 'budget-exceeded') {
        run.logs.system(null, e.message);
        return finishWith('budget', state);
      }
      run.logs.system(null, `job failed: ${e instanceof Error ? e.message : String(e)}`);
      run.logs.flush();
      // the job stays resumable: its persisted iterations are intact and `--resume` continues from them
      store.jobs.update(jobId, {
        status: 'failed',
        stopReason: 'failed',
        error: toErrorInfo(e),
        finishedAt: Date.now(),
      });
      throw e;
    }
  }

  /**
   * One iteration: execute the version, judge it, persist it, then judge the fix that produced it. An abort during
   * the execution persists nothing (the caller stops; resuming executes this version again).
   */
  private async iterate(run: JobRun, state: LoopState, notebook: Notebook): Promise<void> {
    const { jobId, settings, logs } = run;
    const index = state.done.length;
    run.emit({ type: 'iteration-started', jobId, iteration: index, maxIterations: settings.maxIterations });
    logs.system(index, `iteration ${index}: executing`);
    const t0 = Date.now();
    const executedRun = await this.execute(run, notebook, index);
    run.timing.executionMs += Date.now() - t0;
    if (abortKindOf(run.signal)) return;
    // never throws: a comparison that fails is "not measured", and the judge then says it judged on errors alone
    const fidelity = outputFidelity(run.original, executedRun.executed);
    const verdict = judge({
      report: executedRun.report,
      target: run.case.target,
      scoreSpecKind: run.case.score.kind,
      tolerance: settings.tolerance,
      alpha: settings.alpha,
      fidelity,
      fidelityThreshold: settings.fidelityThreshold,
    });
    const iteration = this.deps.store.iterations.persist(
      { jobId, index, report: executedRun.report, verdict, fidelity },
      {
        notebook: serializeNotebook(notebook),
        executed: executedRun.executed ? serializeNotebook(executedRun.executed) : null,
      },
    );
    logs.flush();
    const loaded: LoadedIteration = { iteration, notebook, executed: executedRun.executed };
    this.judgePreviousFix(run, state, loaded);
    state.done.push(loaded);
    state.seen.add(iteration.versionHash);
    run.emit({ type: 'iteration-finished', jobId, iteration });
    logs.system(index, `iteration ${index}: ${verdict.reason}`);
  }

  private loadState(jobId: string): LoopState {
    const { store } = this.deps;
    const state: LoopState = { done: [], history: [], exclude: new Set(), seen: new Set() };
    for (const iteration of store.iterations.list(jobId)) {
      const notebook = parseNotebook(store.blobs.getText(iteration.versionHash));
      const executed = iteration.executedHash ? parseNotebook(store.blobs.getText(iteration.executedHash)) : null;
      state.done.push({ iteration, notebook, executed });
      state.seen.add(iteration.versionHash);
    }
    for (const { iteration } of state.done) {
      if (!iteration.fix) continue;
      state.history.push({ iteration: iteration.index, fix: iteration.fix, failed: iteration.fixFailed });
      if (iteration.fixFailed) for (const key of fixKeys(iteration.fix)) state.exclude.add(key);
    }
    return state;
  }

  /** The original on a new job; a fix chosen before the process stopped, applied to the version it was made for (resume). */
  private persistedNext(run: JobRun, state: LoopState): Next | null {
    const last = state.done.at(-1);
    if (!last) return { notebook: run.original };
    if (!last.iteration.fix) return null;
    const base = this.baseOf(state) ?? last;
    return { notebook: applyCellEdits(base.notebook, last.iteration.fix.edits) };
  }

  /** The version the next fix builds on, among the iterations not set aside for a fidelity regression. */
  private baseOf(state: LoopState): LoadedIteration | undefined {
    const accepted = acceptedIterations(state.done.map((d) => d.iteration));
    const base = baseIteration(accepted);
    return state.done.find((d) => d.iteration.index === base?.index);
  }

  /** The cells a fix broke without editing them; [] when it cannot tell (a fidelity problem never fails a job). */
  private regressionOf(run: JobRun, base: LoadedIteration, current: LoadedIteration, fix: Fix) {
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

  private judgePreviousFix(run: JobRun, state: LoopState, current: LoadedIteration): void {
    const previous = state.done.at(-1);
    let fix = previous?.iteration.fix;
    if (!previous || !fix) return;
    const baseLoaded = this.baseOf(state) ?? previous;
    const base = baseLoaded.iteration;
    let why = fixFailed(base, current.iteration, fix);
    const regressed = this.regressionOf(run, baseLoaded, current, fix);
    if (regressed.length > 0) {
      fix = {
        ...fix,
        flags: [...new Set([...fix.flags, FIDELITY_REGRESSION_FLAG])],
        fidelityRegression: { cells: regressed, soleReason: why === null },
      };
      this.deps.store.iterations.setFix(previous.iteration.jobId, previous.iteration.index, fix);
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
    if (fix.signature && fix.source !== 'rules') this.deps.memory?.record(fix.signature, fix, why === null);
    if (!why) return;
    this.deps.store.iterations.markFixFailed(previous.iteration.jobId, previous.iteration.index, true);
    previous.iteration = { ...previous.iteration, fixFailed: true };
    const entry = state.history.find((h) => h.iteration === previous.iteration.index);
    if (entry) entry.failed = true;
    for (const key of fixKeys(fix)) state.exclude.add(key);
    run.emit({ type: 'fix-failed', jobId: previous.iteration.jobId, iteration: previous.iteration.index, fix, why });
  }

  /** What the fixers and a fix's context see of an iteration: its version as executed, with what it raised. */
  private async fixContext(
    run: JobRun,
    state: LoopState,
    loaded: LoadedIteration,
    problem: Problem,
  ): Promise<FixContext> {
    return {
      notebook: loaded.executed ?? loaded.notebook,
      original: run.original,
      case: run.case,
      problem,
      report: loaded.iteration.report,
      verdict: loaded.iteration.verdict,
      environment: await run.environment,
      history: state.history,
      exclude: state.exclude,
      ...(run.signal ? { signal: run.signal } : {}),
    };
  }

  /** After an iteration: stop (reproducible, out of iterations, no fix), or the version the next fix makes. */
  private async proposeNext(run: JobRun, state: LoopState): Promise<Next> {
    const last = state.done.at(-1);
    if (!last) return { notebook: run.original };
    // a runtime that cannot tell its package versions fails the job here, before any decision (fixes depend on them)
    await run.environment;
    const { verdict } = last.iteration;
    // a version set aside for a fidelity regression does not end the job, though it runs: another fix may not break it
    const lastSetAside = producedByRejectedFix(state.done.at(-2)?.iteration);
    if (verdict.reproducible && verdict.errorFree && !lastSetAside) return { stop: 'reproducible' };
    if (state.done.length >= Math.max(1, run.settings.maxIterations)) return { stop: 'max-iterations' };
    for (;;) {
      const base = this.baseOf(state) ?? last;
      const next = await this.proposeFrom(run, state, last, base);
      // no candidate from the base: a set-aside fix that helped is the best there is after all
      if (
        'stop' in next &&
        (next.stop === 'no-fix' || next.stop === 'no-progress') &&
        this.takeBackRegression(run, state, base)
      )
        continue;
      return next;
    }
  }

  /**
   * Takes back the best fix failed only for a fidelity regression whose version is better than `base`: its flag
   * stays (review shows it), its fixFailed is cleared, so its version can be the base and the job's best.
   */
  private takeBackRegression(run: JobRun, state: LoopState, base: LoadedIteration): boolean {
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
    this.deps.store.iterations.markFixFailed(previous.iteration.jobId, previous.iteration.index, false);
    previous.iteration = { ...previous.iteration, fixFailed: false };
    const entry = state.history.find((h) => h.iteration === previous.iteration.index);
    if (entry) entry.failed = false;
    const stillFailed = new Set(state.history.filter((h) => h.failed).flatMap((h) => fixKeys(h.fix)));
    for (const key of fixKeys(fix)) if (!stillFailed.has(key)) state.exclude.delete(key);
    run.logs.system(
      produced.iteration.index,
      `no fix without a fidelity regression was found: keeping the version of iteration ${produced.iteration.index}, flagged (${describeRegression(fix.fidelityRegression?.cells ?? [])})`,
    );
    return true;
  }

  private async proposeFrom(
    run: JobRun,
    state: LoopState,
    last: LoadedIteration,
    base: LoadedIteration,
  ): Promise<Next> {
    if (base.iteration.verdict.reproducible && base.iteration.verdict.errorFree) return { stop: 'reproducible' };
    const problem = base.iteration.verdict.problem;
    if (!problem) return { stop: 'no-fix' };
    // a fix that leads back to a version already executed makes no progress: exclude it and ask again
    for (let attempt = 0; attempt < 4; attempt++) {
      const fix = await run.fixers.propose(await this.fixContext(run, state, base, problem));
      if (!fix) return { stop: state.history.some((h) => h.failed) ? 'no-progress' : 'no-fix' };
      const candidate = applyCellEdits(base.notebook, fix.edits);
      const hash = hashContent(serializeNotebook(candidate));
      if (state.seen.has(hash)) {
        for (const key of fixKeys(fix)) state.exclude.add(key);
        continue;
      }
      this.deps.store.iterations.setFix(last.iteration.jobId, last.iteration.index, fix);
      last.iteration = { ...last.iteration, fix };
      state.history.push({ iteration: last.iteration.index, fix, failed: false });
      run.emit({ type: 'fix-proposed', jobId: last.iteration.jobId, iteration: last.iteration.index, fix });
      run.logs.system(
        last.iteration.index,
        `fix (${fix.type}, ${fix.source}${fix.ruleIds.length ? `: ${fix.ruleIds.join(', ')}` : ''}): ${fix.plan.split('\n')[0]}`,
      );
      return { notebook: candidate };
    }
    return { stop: 'no-progress' };
  }

  /** `settings.runs` executions of one version (fewer when one does not finish), scored and marked against the original. */
  private async execute(
    run: JobRun,
    notebook: Notebook,
    index: number,
  ): Promise<{ report: ExecutionReport; executed: Notebook | null }> {
    const runs = Math.max(1, run.settings.runs);
    let first: { report: ExecutionReport; executed: Notebook | null } | null = null;
    const scores: (number | null)[] = [];
    let scoreNote: string | null = null;
    for (let repeat = 0; repeat < runs; repeat++) {
      const result = await this.executeOnce(run, notebook, index, repeat);
      if (abortKindOf(run.signal)) return { report: result.report, executed: result.executed };
      const reading = await scoreExecution({
        spec: run.case.score,
        case: run.case,
        executed: result.executed,
        original: run.original,
        workingDir: result.workingDir,
        runtime: this.deps.runtime,
      });
      scores.push(reading.score);
      scoreNote ??= reading.note;
      if (!first) first = { report: result.report, executed: result.executed };
      // a run that did not finish will not finish the next time either: repeating it only costs time
      if (result.report.status === 'timeout' || result.report.status === 'crashed') break;
    }
    if (!first) throw new NbreviveError('internal', 'no execution ran');
    const values = scores.filter((s): s is number => s !== null);
    const versionIds = notebook.cells.map((c) => c.id ?? null);
    const report: ExecutionReport = {
      ...first.report,
      errors: markPreExisting(first.report.errors, run.original, versionIds, await run.neverRanUnparsable),
      scores,
      score: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
      scoreNote: values.length ? null : scoreNote,
    };
    return { report, executed: first.executed };
  }

  /**
   * One execution. One that ended before its first cell started is the environment's failure, not the notebook's:
   * it is repeated (infrastructureRetries times), and when the kernel still does not come up the job fails with a
   * typed error and stays resumable, so the fix that produced this version is neither judged nor dropped.
   */
  private async executeOnce(
    run: JobRun,
    notebook: Notebook,
    index: number,
    repeat: number,
  ): Promise<Awaited<ReturnType<Runtime['execute']>>> {
    const { jobId, logs } = run;
    const retries = Math.max(0, this.deps.infrastructureRetries ?? DEFAULT_INFRASTRUCTURE_RETRIES);
    let kase = await this.helperModules(run, index, repeat, 0);
    let moduleRounds = 0;
    for (let attempt = 0; ; attempt++) {
      const result = await this.deps.runtime.execute(
        {
          notebook,
          case: kase,
          timeoutMs: run.settings.timeoutMs,
          jobDir: path.join(this.deps.workRoot, jobId),
          ...(run.signal ? { signal: run.signal } : {}),
        },
        (event) => {
          if (repeat === 0) logs.runner(index, event);
          run.emit({ type: 'runner', jobId, iteration: index, run: repeat, event });
        },
      );
      if (abortKindOf(run.signal) || !diedBeforeFirstCell(result.report)) {
        if (run.settings.fixers.includes('rules') && !abortKindOf(run.signal)) {
          recordHelperModuleErrors(run.case, result.report.errors, result.workingDir);
          // errors raised inside a helper module are its rules' to repair, not a cell's (no fix of the cells would
          // run it again): when they change a module, the same version runs again at once, a few rounds at most
          if (moduleRounds < MAX_HELPER_MODULE_ROUNDS) {
            const next = await this.helperModules(run, index, repeat, moduleRounds + 1);
            if (helperModulesDiffer(kase, next)) {
              moduleRounds++;
              kase = next;
              logs.system(
                index,
                'errors inside helper modules changed their modernized copies: running this version again',
              );
              attempt--; // not an infrastructure retry
              continue;
            }
          }
        }
        return result;
      }
      const what =
        result.report.message ?? `the execution ended (${result.report.status}) before the first cell started`;
      if (attempt >= retries) {
        throw new NbreviveError(
          'runtime-unavailable',
          `the notebook's kernel never came up (${attempt + 1} attempt${attempt > 0 ? 's' : ''}; last: ${what}); this is the runtime's failure, not the notebook's: check it with \`nbrevive runtimes\` (or raise --timeout), then continue with \`nbrevive modernize --resume ${jobId}\``,
          { jobId, iteration: index, attempts: attempt + 1 },
        );
      }
      logs.system(
        index,
        `the execution ended before its first cell started (${what}): retrying (${attempt + 1}/${retries}); it does not count against the fix`,
      );
    }
  }

  /**
   * The case to execute: with the rules fixer, the helper modules it places beside the notebook (data.files .py)
   * are modernized by the same rules (fixers/rules/helper-modules.ts), since a fix of the cells never reaches them;
   * the log says which. Without it, or when the environment cannot be described, the case as it is.
   */
  private async helperModules(run: JobRun, index: number, repeat: number, round: number): Promise<ResolvedCase> {
    if (!run.settings.fixers.includes('rules')) return run.case;
    try {
      const outDir = path.join(this.deps.workRoot, `${run.jobId}.modules`, round ? `${index}-${round}` : String(index));
      const { case: kase, modernized } = await modernizeHelperModules(run.case, await run.environment, outDir);
      if (modernized.length > 0 && repeat === 0 && round === 0)
        run.logs.system(
          index,
          `helper modules modernized for this execution (the case's files are unchanged): ${modernized.map((m) => `${m.target} [${m.ruleIds.join(', ')}]`).join('; ')}`,
        );
      return kase;
    } catch {
      return run.case;
    }
  }

  /** Why no fix applied to each error the job is left with (its best iteration's), for a person or the LLM fixer. */
  private async unresolved(run: JobRun, state: LoopState | null, stop: StopReason): Promise<UnresolvedError[]> {
    if (!state || stop === 'reproducible') return [];
    const best = bestOf(state.done.map((d) => d.iteration));
    const loaded = state.done.find((d) => d.iteration.index === best?.index);
    if (!loaded) return [];
    const errors = newErrors(loaded.iteration.report.errors);
    if (errors.length === 0) return [];
    if (!run.fixers.diagnoses) {
      return errors.map((e) => ({
        cellIndex: e.cellIndex,
        cellId: e.cellId,
        ename: e.ename,
        evalue: firstLine(e.evalue),
        reason: 'no-rule',
        detail: 'no rules fixer was asked in this job',
        ruleIds: [],
      }));
    }
    try {
      return await run.fixers.diagnose(
        await this.fixContext(run, state, loaded, loaded.iteration.verdict.problem ?? 'error'),
      );
    } catch (e) {
      // the report is a help for whoever picks the job up; it never fails the job
      run.logs.system(
        null,
        `could not tell why the errors left were not fixed: ${e instanceof Error ? e.message : String(e)}`,
      );
      return [];
    }
  }

  private stopForAbort(run: JobRun, kind: AbortKind): Job {
    run.logs.system(
      null,
      kind === 'pause' ? 'job paused; it resumes from its last persisted iteration' : 'job cancelled',
    );
    run.logs.flush();
    return kind === 'pause'
      ? this.deps.store.jobs.update(run.jobId, { status: 'paused' })
      : this.deps.store.jobs.update(run.jobId, {
          status: 'cancelled',
          stopReason: 'cancelled',
          finishedAt: Date.now(),
        });
  }

  private finish(run: JobRun, stopReason: StopReason, timing: LoopTiming, unresolved: UnresolvedError[]): Job {
    const { store } = this.deps;
    const { jobId, logs } = run;
    const iterations = store.iterations.list(jobId);
    const best = bestOf(iterations);
    logs.system(null, `job finished: ${stopReason}`);
    for (const u of unresolved)
      logs.system(null, `left: cell ${u.cellIndex} ${u.ename}: ${u.evalue.slice(0, 120)} (${u.reason}: ${u.detail})`);
    logs.flush();
    const job = store.jobs.update(jobId, {
      status: 'done',
      stopReason,
      outcome: best ? outcomeOf(best.verdict) : 'not-reproducible',
      bestIteration: best?.index ?? null,
      score: best?.verdict.score ?? null,
      finishedAt: Date.now(),
      unresolved,
    });
    run.emit({ type: 'job-finished', jobId, job, timing });
    return job;
  }
}
