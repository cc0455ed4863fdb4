// What the worker needs from the modernization loop: run one claimed job to its end, resumably, reporting events.
import type { WorkerEventInput } from '../../shared/contracts/worker';

export interface ClaimedJobContext {
  workerId: string;
  /**
   * aborted on cancel (reason 'cancel') or worker shutdown (reason 'pause': the job stays resumable); the runtime kills
   * its processes
   */
  signal: AbortSignal;
  onEvent(event: WorkerEventInput): void;
}

/**
 * Runs a job that the worker has claimed (status 'running'), continuing after its last persisted iteration, and
 * persists its end state (done / failed / cancelled). Resolves when the job has stopped, also when aborted.
 */
export type ClaimedJobRunner = (jobId: string, context: ClaimedJobContext) => Promise<void>;
