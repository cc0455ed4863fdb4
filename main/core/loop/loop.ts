// The modernization loop (docs/architecture.md, "The loop"): execute → judge → fix → apply, at most `maxIterations` executions.
// Every iteration is persisted before the next starts, and all decisions are a function of what is persisted, so a
// job killed at any moment resumes from its last persisted iteration and continues exactly as it would have.
// A fix is judged on the errors it addressed (those of the cells it edited), so a rule gap on the first error does
// not stop the loop from repairing later cells; an execution that ends before its first cell starts (the kernel never
// came up) is the environment's failure, retried and never held against the fix; a job that ends with errors left
// records, per error, why no fix applied (Job.unresolved).
import path from 'node:path';
import { NbreviveError, toErrorInfo } from '../../../shared/lib/errors';
import { parseNotebook, serializeNotebook } from '../../../shared/lib/ipynb';
import { bestIteration, compareIterations, judge, markPreExisting, newErrors, outcomeOf } from '../../../shared/lib/judge';
import { applyCellEdits } from '../../../shared/lib/notebook-edits';
import type { ResolvedCase } from '../../../shared/models/case';
import type { CellError, EnvironmentDescription, ExecutionReport, RunnerEvent } from '../../../shared/models/execution';
import type { Fix, Iteration, JobSettings, StopReason, UnresolvedError } from '../../../shared/models/loop';
import type { Notebook } from '../../../shared/models/notebook';
import type { FixContext, Fixer, FixHistoryEntry } from '../fixers/fixer';
import type { FixMemory } from '../fixers/llm/memory';
import type { Runtime } from '../runtime/runtime';
import { outputFidelity } from '../fidelity/compare';
import { scoreExecution } from '../scoring/score';
import { hashContent } from '../store/blobs';
import type { Store } from '../store/store';
import type { Job } from '../store/jobs';
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
  /** tried in order for each problem: e.g. fix memory, rules, LLM */
  fixers: readonly Fixer[];
  /** folder under which each job gets its own working folder */
  workRoot: string;
  /** where verified LLM fixes are remembered for other jobs */
  memory?: FixMemory;
  /** how often an execution that ended before its first cell started is repeated (default 2) */
  infrastructureRetries?: number;
}

/** A fixer that can say why it has no fix for the errors a job was left with (the rules fixer does). */
export interface ErrorDiagnoser {
  diagnose(context: FixContext): Promise<UnresolvedError[]>;
}

function isDiagnoser(fixer: Fixer): fixer is Fixer & ErrorDiagnoser {
  return typeof (fixer as Partial<ErrorDiagnoser>).diagnose === 'function';
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
  const evalue = error.evalue.replace(/0x[0-9a-f]+/gi, '0x').replace(/\d+/g, 'N').slice(0, 200);
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
export function baseIteration<T extends Pick<Iteration, 'report' | 'verdict'>>(iterations: readonly T[]): T | undefined {
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
      return addressed.length === 1 ? 'the same error is still raised at the same place' : 'the errors it addressed are still raised at the same places';
    }
  }
  if (before.verdict.problem === 'score-deviation' && compareIterations(after, before) === 0) {
    return 'the score did not move closer to the target';
  }
  return null;
}

function fixKeys(fix: Fix): string[] {
  return [...fix.ruleIds, ...(fix.source !== 'rules' && fix.signature ? [`${fix.source}:${fix.signature}`] : [])];
}

export class ModernizationLoop {
  constructor(private readonly deps: LoopDependencies) {}

  /** Runs (or resumes) a job to its end; returns the finished job row. */
  async run(jobId: string, options: RunJobOptions = {}): Promise<Job> {
    const { store } = this.deps;
    const started = Date.now();
    const timing: LoopTiming = { totalMs: 0, executionMs: 0 };
    let job = store.jobs.require(jobId);
    const record = store.cases.require(job.caseId);
    const resolved = record.case;
    const original = parseNotebook(store.blobs.getText(record.originalHash));
    const settings = job.settings;
    job = store.jobs.update(jobId, { status: 'running', startedAt: job.startedAt ?? Date.now(), error: null, unresolved: [] });
    const logs = new LogBuffer(store, jobId);
    const emit = (event: LoopEvent) => options.onEvent?.(event);
    // the package versions are needed only when a fix is chosen: read them while the notebook executes
    const environment = this.deps.runtime.describe();
    environment.catch(() => {});
    let state: LoopState | null = null;
    const unresolvedOf = (stop: StopReason) =>
      state ? this.unresolved(state, stop, original, resolved, environment, options, logs) : Promise.resolve([]);
    try {
      state = this.loadState(jobId);
      let stopReason: StopReason | null = null;
      let next =
        this.persistedNext(state, original) ??
        (await this.proposeNext(state, original, resolved, settings, await environment, options, emit, logs));
      while (stopReason === null) {
        if (next.stop) {
          stopReason = next.stop;
          break;
        }
        const index = state.done.length;
        const abort = abortKindOf(options.signal);
        if (abort) return this.stopForAbort(jobId, abort, logs);
        emit({ type: 'iteration-started', jobId, iteration: index, maxIterations: settings.maxIterations });
        logs.system(index, `iteration ${index}: executing`);
        const t0 = Date.now();
        const executedRun = await this.execute(next.notebook, resolved, original, settings, jobId, index, options, logs);
        timing.executionMs += Date.now() - t0;
        const abortAfter = abortKindOf(options.signal);
        if (abortAfter) return this.stopForAbort(jobId, abortAfter, logs);
        const verdict = judge({
          report: executedRun.report,
          target: resolved.target,
          scoreSpecKind: resolved.score.kind,
          tolerance: settings.tolerance,
          alpha: settings.alpha,
        });
        const iteration = store.iterations.persist(
          { jobId, index, report: executedRun.report, verdict, fidelity: outputFidelity(original, executedRun.executed) },
          {
            notebook: serializeNotebook(next.notebook),
            executed: executedRun.executed ? serializeNotebook(executedRun.executed) : null,
          },
        );
        logs.flush();
        const loaded: LoadedIteration = { iteration, notebook: next.notebook, executed: executedRun.executed };
        this.judgePreviousFix(state, loaded, emit);
        state.done.push(loaded);
        state.seen.add(iteration.versionHash);
        emit({ type: 'iteration-finished', jobId, iteration });
        logs.system(index, `iteration ${index}: ${verdict.reason}`);
        next = await this.proposeNext(state, original, resolved, settings, await environment, options, emit, logs);
      }
      const unresolved = await unresolvedOf(stopReason);
      return this.finish(jobId, stopReason, logs, emit, { ...timing, totalMs: Date.now() - started }, unresolved);
    } catch (e) {
      const abort = abortKindOf(options.signal);
      if (abort) return this.stopForAbort(jobId, abort, logs);
      if (e instanceof NbreviveError && e.code === 'budget-exceeded') {
        logs.system(null, e.message);
        const unresolved = await unresolvedOf('budget');
        return this.finish(jobId, 'budget', logs, emit, { ...timing, totalMs: Date.now() - started }, unresolved);
      }
      logs.system(null, `job failed: ${e instanceof Error ? e.message : String(e)}`);
      logs.flush();
      // the job stays resumable: its persisted iterations are intact and `--resume` continues from them
      store.jobs.update(jobId, { status: 'failed', stopReason: 'failed', error: toErrorInfo(e), finishedAt: Date.now() });
      throw e;
    }
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

  /** A fix chosen before the process stopped, applied to the version it was made for (resume). */
  private persistedNext(state: LoopState, original: Notebook): { notebook: Notebook; stop: StopReason | null } | null {
    const last = state.done.at(-1);
    if (!last) return { notebook: original, stop: null };
    if (!last.iteration.fix) return null;
    const base = this.baseOf(state) ?? last;
    return { notebook: applyCellEdits(base.notebook, last.iteration.fix.edits), stop: null };
  }

  private baseOf(state: LoopState): LoadedIteration | undefined {
    const base = baseIteration(state.done.map((d) => d.iteration));
    return state.done.find((d) => d.iteration.index === base?.index);
  }

  private judgePreviousFix(state: LoopState, current: LoadedIteration, emit: (e: LoopEvent) => void): void {
    const previous = state.done.at(-1);
    const fix = previous?.iteration.fix;
    if (!previous || !fix) return;
    const base = baseIteration(state.done.map((d) => d.iteration)) ?? previous.iteration;
    const why = fixFailed(base, current.iteration, fix);
    // fix memory learns from every verified outcome of a model's fix, so other jobs reuse what worked
    if (fix.signature && fix.source !== 'rules') this.deps.memory?.record(fix.signature, fix, why === null);
    if (!why) return;
    this.deps.store.iterations.markFixFailed(previous.iteration.jobId, previous.iteration.index, true);
    previous.iteration = { ...previous.iteration, fixFailed: true };
    const entry = state.history.find((h) => h.iteration === previous.iteration.index);
    if (entry) entry.failed = true;
    for (const key of fixKeys(fix)) state.exclude.add(key);
    emit({ type: 'fix-failed', jobId: previous.iteration.jobId, iteration: previous.iteration.index, fix, why });
  }

  private async proposeNext(
    state: LoopState,
    original: Notebook,
    resolved: ResolvedCase,
    settings: JobSettings,
    environment: EnvironmentDescription,
    options: RunJobOptions,
    emit: (e: LoopEvent) => void,
    logs: LogBuffer,
  ): Promise<{ notebook: Notebook; stop: StopReason | null }> {
    const last = state.done.at(-1);
    if (!last) return { notebook: original, stop: null };
    const { verdict } = last.iteration;
    if (verdict.reproducible && verdict.errorFree) return { notebook: original, stop: 'reproducible' };
    if (state.done.length >= Math.max(1, settings.maxIterations)) return { notebook: original, stop: 'max-iterations' };
    const base = this.baseOf(state) ?? last;
    if (base.iteration.verdict.reproducible && base.iteration.verdict.errorFree) return { notebook: original, stop: 'reproducible' };
    const problem = base.iteration.verdict.problem;
    if (!problem) return { notebook: original, stop: 'no-fix' };
    // a fix that leads back to a version already executed makes no progress: exclude it and ask again
    for (let attempt = 0; attempt < 4; attempt++) {
      const fix = await this.firstFix({
        notebook: base.executed ?? base.notebook,
        original,
        case: resolved,
        problem,
        report: base.iteration.report,
        verdict: base.iteration.verdict,
        environment,
        history: state.history,
        exclude: state.exclude,
        ...(options.signal ? { signal: options.signal } : {}),
      }, settings);
      if (!fix) return { notebook: original, stop: state.history.some((h) => h.failed) ? 'no-progress' : 'no-fix' };
      const candidate = applyCellEdits(base.notebook, fix.edits);
      const hash = hashContent(serializeNotebook(candidate));
      if (state.seen.has(hash)) {
        for (const key of fixKeys(fix)) state.exclude.add(key);
        continue;
      }
      this.deps.store.iterations.setFix(last.iteration.jobId, last.iteration.index, fix);
      last.iteration = { ...last.iteration, fix };
      state.history.push({ iteration: last.iteration.index, fix, failed: false });
      emit({ type: 'fix-proposed', jobId: last.iteration.jobId, iteration: last.iteration.index, fix });
      logs.system(last.iteration.index, `fix (${fix.type}, ${fix.source}${fix.ruleIds.length ? `: ${fix.ruleIds.join(', ')}` : ''}): ${fix.plan.split('\n')[0]}`);
      return { notebook: candidate, stop: null };
    }
    return { notebook: original, stop: 'no-progress' };
  }

  private async firstFix(context: Parameters<Fixer['propose']>[0], settings: JobSettings): Promise<Fix | null> {
    for (const fixer of this.deps.fixers) {
      if (fixer.name !== 'memory' && !settings.fixers.includes(fixer.name)) continue;
      if (fixer.name === 'memory' && !settings.fixers.includes('llm')) continue;
      const fix = await fixer.propose(context);
      if (fix && fix.edits.length > 0) return fix;
    }
    return null;
  }

  private async execute(
    notebook: Notebook,
    resolved: ResolvedCase,
    original: Notebook,
    settings: JobSettings,
    jobId: string,
    index: number,
    options: RunJobOptions,
    logs: LogBuffer,
  ): Promise<{ report: ExecutionReport; executed: Notebook | null }> {
    const runs = Math.max(1, settings.runs);
    let first: { report: ExecutionReport; executed: Notebook | null } | null = null;
    const scores: (number | null)[] = [];
    let scoreNote: string | null = null;
    for (let run = 0; run < runs; run++) {
      const result = await this.executeOnce(notebook, resolved, settings, jobId, index, run, options, logs);
      if (abortKindOf(options.signal)) return { report: result.report, executed: result.executed };
      const reading = await scoreExecution({
        spec: resolved.score,
        case: resolved,
        executed: result.executed,
        original,
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
      errors: markPreExisting(first.report.errors, original, versionIds),
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
    notebook: Notebook,
    resolved: ResolvedCase,
    settings: JobSettings,
    jobId: string,
    index: number,
    run: number,
    options: RunJobOptions,
    logs: LogBuffer,
  ): Promise<Awaited<ReturnType<Runtime['execute']>>> {
    const retries = Math.max(0, this.deps.infrastructureRetries ?? DEFAULT_INFRASTRUCTURE_RETRIES);
    for (let attempt = 0; ; attempt++) {
      const result = await this.deps.runtime.execute(
        {
          notebook,
          case: resolved,
          timeoutMs: settings.timeoutMs,
          jobDir: path.join(this.deps.workRoot, jobId),
          ...(options.signal ? { signal: options.signal } : {}),
        },
        (event) => {
          if (run === 0) logs.runner(index, event);
          options.onEvent?.({ type: 'runner', jobId, iteration: index, run, event });
        },
      );
      if (abortKindOf(options.signal) || !diedBeforeFirstCell(result.report)) return result;
      const what = result.report.message ?? `the execution ended (${result.report.status}) before the first cell started`;
      if (attempt >= retries) {
        throw new NbreviveError(
          'runtime-unavailable',
          `the notebook's kernel never came up (${attempt + 1} attempt${attempt > 0 ? 's' : ''}; last: ${what}); this is the runtime's failure, not the notebook's: check it with \`nbrevive runtimes\` (or raise --timeout), then continue with \`nbrevive modernize --resume ${jobId}\``,
          { jobId, iteration: index, attempts: attempt + 1 },
        );
      }
      logs.system(index, `the execution ended before its first cell started (${what}): retrying (${attempt + 1}/${retries}); it does not count against the fix`);
    }
  }

  /** Why no fix applied to each error the job is left with (its best iteration's), for a person or the LLM fixer. */
  private async unresolved(
    state: LoopState,
    stop: StopReason,
    original: Notebook,
    resolved: ResolvedCase,
    environment: Promise<EnvironmentDescription>,
    options: RunJobOptions,
    logs: LogBuffer,
  ): Promise<UnresolvedError[]> {
    if (stop === 'reproducible') return [];
    const best = bestIteration(state.done.map((d) => d.iteration));
    const loaded = state.done.find((d) => d.iteration.index === best?.index);
    if (!loaded) return [];
    const errors = newErrors(loaded.iteration.report.errors);
    if (errors.length === 0) return [];
    const plain = (reason: UnresolvedError['reason'], detail: string): UnresolvedError[] =>
      errors.map((e) => ({ cellIndex: e.cellIndex, cellId: e.cellId, ename: e.ename, evalue: e.evalue.split('\n')[0] ?? '', reason, detail, ruleIds: [] }));
    const diagnoser = this.deps.fixers.find(isDiagnoser);
    if (!diagnoser) return plain('no-rule', 'no rules fixer was asked in this job');
    try {
      const problem = loaded.iteration.verdict.problem ?? 'error';
      return await diagnoser.diagnose({
        notebook: loaded.executed ?? loaded.notebook,
        original,
        case: resolved,
        problem,
        report: loaded.iteration.report,
        verdict: loaded.iteration.verdict,
        environment: await environment,
        history: state.history,
        exclude: state.exclude,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (e) {
      // the report is a help for whoever picks the job up; it never fails the job
      logs.system(null, `could not tell why the errors left were not fixed: ${e instanceof Error ? e.message : String(e)}`);
      return [];
    }
  }

  private stopForAbort(jobId: string, kind: AbortKind, logs: LogBuffer): Job {
    logs.system(null, kind === 'pause' ? 'job paused; it resumes from its last persisted iteration' : 'job cancelled');
    logs.flush();
    return kind === 'pause'
      ? this.deps.store.jobs.update(jobId, { status: 'paused' })
      : this.deps.store.jobs.update(jobId, { status: 'cancelled', stopReason: 'cancelled', finishedAt: Date.now() });
  }

  private finish(
    jobId: string,
    stopReason: StopReason,
    logs: LogBuffer,
    emit: (e: LoopEvent) => void,
    timing: LoopTiming,
    unresolved: UnresolvedError[],
  ): Job {
    const { store } = this.deps;
    const iterations = store.iterations.list(jobId);
    const best = bestIteration(iterations);
    logs.system(null, `job finished: ${stopReason}`);
    for (const u of unresolved) logs.system(null, `left: cell ${u.cellIndex} ${u.ename}: ${u.evalue.slice(0, 120)} (${u.reason}: ${u.detail})`);
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
    emit({ type: 'job-finished', jobId, job, timing });
    return job;
  }
}
