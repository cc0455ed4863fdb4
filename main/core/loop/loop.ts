// The modernization loop (docs/architecture.md, "The loop"): execute → judge → fix → apply, at most `maxIterations`
// executions. Every iteration is persisted before the next starts, and all decisions are a function of what is
// persisted, so a job killed at any moment resumes from its last persisted iteration and continues exactly as it would
// have. A fix is judged on the errors it addressed (those of the cells it edited), so a rule gap on the first error
// does not stop the loop from repairing later cells; an execution that ends before its first cell starts (the kernel
// never came up) is the environment's failure, retried and never held against the fix; a job that ends with errors left
// records, per error, why no fix applied (Job.unresolved). A fix that breaks the outputs of cells it did not edit is
// flagged (fidelity-regression.ts) and failed; its version is set aside while another candidate may exist, and taken
// back when the fixers have none. The steps live beside it: job-run.ts (what a run reads, its state),
// execute-version.ts (executing one version), fix-outcome.ts (judging the fix that produced it), decisions.ts (the pure
// decisions they share).
import { NbreviveError, toErrorInfo } from '../../../shared/lib/errors';
import { parseNotebook, serializeNotebook } from '../../../shared/lib/ipynb';
import { judge, newErrors, outcomeOf } from '../../../shared/lib/judge';
import { applyCellEdits } from '../../../shared/lib/notebook-edits';
import { firstLine } from '../../../shared/lib/text';
import type { Problem, StopReason, UnresolvedError } from '../../../shared/models/loop';
import type { Notebook } from '../../../shared/models/notebook';
import type { FixContext } from '../fixers/fixer';
import { fixerChain } from '../fixers/fixer-chain';
import { outputFidelity } from '../fidelity/compare';
import { hashContent } from '../store/blobs';
import type { Job } from '../store/jobs';
import { neverRanUnparsableCells } from '../notebook/never-ran-cells';
import { bestOf, fixKeys } from './decisions';
import { executeVersion } from './execute-version';
import { producedByRejectedFix } from './fidelity-regression';
import { judgePreviousFix, takeBackRegression } from './fix-outcome';
import {
  abortKindOf,
  baseOf,
  loadState,
  type AbortKind,
  type JobRun,
  type LoadedIteration,
  type LoopDependencies,
  type LoopState,
  type LoopTiming,
  type Next,
  type RunJobOptions,
} from './job-run';
import { LogBuffer } from './log-buffer';

export class ModernizationLoop {
  constructor(private readonly deps: LoopDependencies) {}

  /** Runs (or resumes) a job to its end; returns the finished job row. */
  async run(jobId: string, options: RunJobOptions = {}): Promise<Job> {
    const { store } = this.deps;
    const started = Date.now();
    const run = this.startRun(jobId, options);
    const finishWith = (stop: StopReason, state: LoopState | null) =>
      this.unresolved(run, state, stop).then((unresolved) =>
        this.finish(run, stop, { ...run.timing, totalMs: Date.now() - started }, unresolved),
      );
    let state: LoopState | null = null;
    try {
      state = loadState(store, jobId);
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

  /** Marks the job running and builds what every step of this run reads. */
  private startRun(jobId: string, options: RunJobOptions): JobRun {
    const { store } = this.deps;
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
    return run;
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
    const executedRun = await executeVersion(this.deps, run, notebook, index);
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
    judgePreviousFix(this.deps, run, state, loaded);
    state.done.push(loaded);
    state.seen.add(iteration.versionHash);
    run.emit({ type: 'iteration-finished', jobId, iteration });
    logs.system(index, `iteration ${index}: ${verdict.reason}`);
  }

  /**
   * The original on a new job; a fix chosen before the process stopped, applied to the version it was made for
   * (resume).
   */
  private persistedNext(run: JobRun, state: LoopState): Next | null {
    const last = state.done.at(-1);
    if (!last) return { notebook: run.original };
    if (!last.iteration.fix) return null;
    const base = baseOf(state) ?? last;
    return { notebook: applyCellEdits(base.notebook, last.iteration.fix.edits) };
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
      const base = baseOf(state) ?? last;
      const next = await this.proposeFrom(run, state, last, base);
      // no candidate from the base: a set-aside fix that helped is the best there is after all
      if (
        'stop' in next &&
        (next.stop === 'no-fix' || next.stop === 'no-progress') &&
        takeBackRegression(this.deps, run, state, base)
      )
        continue;
      return next;
    }
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
      const rules = fix.ruleIds.length ? `: ${fix.ruleIds.join(', ')}` : '';
      run.logs.system(last.iteration.index, `fix (${fix.type}, ${fix.source}${rules}): ${fix.plan.split('\n')[0]}`);
      return { notebook: candidate };
    }
    return { stop: 'no-progress' };
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
      runtime: this.deps.runtime,
      ...(run.signal ? { signal: run.signal } : {}),
    };
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
