// One run of one job in this process: what the loop is given (LoopDependencies, RunJobOptions), what every step of
// it reads (JobRun), what it reports (LoopEvent), and the state it derives from the persisted iterations (LoopState),
// also on resume.
import { parseNotebook } from '../../../shared/lib/ipynb';
import type { ResolvedCase } from '../../../shared/models/case';
import type { EnvironmentDescription, RunnerEvent } from '../../../shared/models/execution';
import type { Fix, Iteration, JobSettings, StopReason } from '../../../shared/models/loop';
import type { Notebook } from '../../../shared/models/notebook';
import type { Fixer, FixHistoryEntry } from '../fixers/fixer';
import type { FixerChain } from '../fixers/fixer-chain';
import type { FixMemory } from '../fixers/llm/memory';
import type { Runtime } from '../runtime/runtime';
import type { Job } from '../store/jobs';
import type { Store } from '../store/store';
import { baseIteration, fixKeys } from './decisions';
import { acceptedIterations } from './fidelity-regression';
import type { LogBuffer } from './log-buffer';

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

export interface LoadedIteration {
  iteration: Iteration;
  notebook: Notebook;
  executed: Notebook | null;
}

/** The state the loop derives from the persisted iterations (also on resume). */
export interface LoopState {
  done: LoadedIteration[];
  history: FixHistoryEntry[];
  exclude: Set<string>;
  /** hashes of versions already executed: a fix that leads back to one makes no progress */
  seen: Set<string>;
}

/** What the loop does next: stop for a reason, or execute this version. */
export type Next = { stop: StopReason } | { notebook: Notebook };

/**
 * One run of one job in this process: what every step of the loop reads, built once at its start. The job's case,
 * original and settings do not change while it runs; its iterations do, and live in LoopState.
 */
export interface JobRun {
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

/** The state of a job from its persisted iterations: none for a new job, all of them for one that resumes. */
export function loadState(store: Store, jobId: string): LoopState {
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

/** The version the next fix builds on, among the iterations not set aside for a fidelity regression. */
export function baseOf(state: LoopState): LoadedIteration | undefined {
  const accepted = acceptedIterations(state.done.map((d) => d.iteration));
  const base = baseIteration(accepted);
  return state.done.find((d) => d.iteration.index === base?.index);
}
