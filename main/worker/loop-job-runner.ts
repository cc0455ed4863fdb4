// The worker's job runner: runs a claimed job with the modernization loop (main/core/loop) and turns the loop's
// events into the app's events (progress, iteration finished, log lines with their stored sequence numbers).
import os from 'node:os';
import path from 'node:path';
import type { JobProgressEvent } from '../../shared/contracts/schemas';
import { iterationSummary } from '../../shared/contracts/summaries';
import type { WorkerEventInput } from '../../shared/contracts/worker';
import type { JobSettings } from '../../shared/models/loop';
import type { Fixer } from '../core/fixers/fixer';
import type { LoopEvent } from '../core/loop/job-run';
import { ModernizationLoop } from '../core/loop/loop';
import type { Runtime } from '../core/runtime/runtime';
import type { Job, Store } from '../core/store';
import { StoreFixMemory } from '../core/fixers/store-fix-memory';
import type { ClaimedJobContext, ClaimedJobRunner } from './claimed-job';

export interface LoopJobRunnerDependencies {
  /** the runtime a job's settings ask for (local Python, Docker image) */
  createRuntime(settings: JobSettings): Runtime | Promise<Runtime>;
  /** the fixers to try, in order (the loop filters them by the job's `fixers` setting) */
  createFixers(settings: JobSettings, job: Job): readonly Fixer[] | Promise<readonly Fixer[]>;
  /** where each job gets its working folder (default: <tmp>/nbrevive-jobs) */
  workRoot?: string;
  /** how often log lines written during a long cell are forwarded (default 500 ms) */
  logPollMs?: number;
}

export function createLoopJobRunner(store: Store, deps: LoopJobRunnerDependencies): ClaimedJobRunner {
  const workRoot = deps.workRoot ?? path.join(os.tmpdir(), 'nbrevive-jobs');
  return async (jobId, { signal, onEvent }) => {
    const job = store.jobs.require(jobId);
    const runtime = await deps.createRuntime(job.settings);
    const fixers = await deps.createFixers(job.settings, job);
    // verified LLM fixes go to the database's fix memory, shared by every job
    const runner = new ModernizationLoop({ store, runtime, fixers, workRoot, memory: new StoreFixMemory(store) });
    const maxIterations = job.settings.maxIterations;
    const forwardLogs = logForwarder(store, jobId, onEvent);
    const progress: Progress = (p) =>
      onEvent({
        channel: 'app:jobs.progress',
        payload: { jobId, status: 'running', maxIterations, ...p },
      } satisfies WorkerEventInput);
    const onLoopEvent = loopEventHandler(job.iterations, progress, forwardLogs, onEvent);
    const poll = setInterval(forwardLogs, deps.logPollMs ?? 500);
    progress({
      phase: 'preparing',
      iteration: job.iterations,
      message: job.iterations ? `resuming after iteration ${job.iterations - 1}` : 'starting',
    });
    try {
      await runner.run(jobId, { signal, onEvent: onLoopEvent });
    } finally {
      clearInterval(poll);
      forwardLogs();
      const end = store.jobs.get(jobId);
      if (end) {
        onEvent({
          channel: 'app:jobs.progress',
          payload: {
            jobId,
            status: end.status,
            phase: 'finished',
            iteration: end.iterations ? end.iterations - 1 : null,
            maxIterations,
            message: end.stopReason ?? end.error?.message ?? null,
          },
        });
      }
    }
  };
}

type OnEvent = ClaimedJobContext['onEvent'];
/** a running job's progress event, its job, status and iteration limit filled in */
type Progress = (p: Pick<JobProgressEvent, 'phase' | 'iteration' | 'message'> & Partial<JobProgressEvent>) => void;

/**
 * Forwards the job's log lines written since the last call. They are read from the store (after the loop's log
 * buffer wrote them), so every line a client sees carries the same sequence number as in `logs.tail`.
 */
function logForwarder(store: Store, jobId: string, onEvent: OnEvent): () => void {
  let lastSeq = store.logs.tail(jobId, { limit: 1 }).at(-1)?.seq ?? 0;
  return () => {
    for (;;) {
      const lines = store.logs.tail(jobId, { afterSeq: lastSeq, limit: 1000 });
      for (const line of lines) onEvent({ channel: 'app:logs.line', payload: line });
      if (lines.length === 0) return;
      lastSeq = lines.at(-1)?.seq ?? lastSeq;
      if (lines.length < 1000) return;
    }
  };
}

/** The loop's events as the app's: progress (iteration, cell n of m), finished iterations, and the logs forwarded. */
function loopEventHandler(
  iterations: number,
  progress: Progress,
  forwardLogs: () => void,
  onEvent: OnEvent,
): (event: LoopEvent) => void {
  let iteration: number | null = iterations;
  let cellCount: number | null = null;
  return (event) => {
    switch (event.type) {
      case 'iteration-started':
        iteration = event.iteration;
        cellCount = null;
        progress({ phase: 'executing', iteration, message: `iteration ${event.iteration}: executing` });
        break;
      case 'runner':
        if (event.run !== 0) break;
        if (event.event.type === 'started') cellCount = event.event.codeCellCount;
        else if (event.event.type === 'cell-started') {
          progress({
            phase: 'executing',
            iteration,
            cell: { ordinal: event.event.ordinal, count: cellCount ?? event.event.ordinal },
            message: event.event.firstLine,
          });
        } else if (event.event.type === 'cell-finished' || event.event.type === 'done') forwardLogs();
        break;
      case 'iteration-finished':
        forwardLogs();
        onEvent({ channel: 'app:iterations.finished', payload: iterationSummary(event.iteration) });
        progress({ phase: 'fixing', iteration: event.iteration.index, message: event.iteration.verdict.reason });
        break;
      case 'fix-proposed':
      case 'fix-failed':
        forwardLogs();
        break;
      case 'job-finished':
        forwardLogs();
        break;
    }
  };
}
