// The worker's queue operations over the SQLite store (the jobs table is the queue; WAL lets the host read while
// the worker writes).
import { openStore, Store } from '../core/store';
import type { WorkerQueue } from './job-scheduler';

export function storeWorkerQueue(store: Store): WorkerQueue {
  return {
    claim: (workerId) => store.jobs.claimNext(workerId)?.id ?? null,
    heartbeat(workerId, jobIds) {
      const cancelled: string[] = [];
      for (const id of jobIds) {
        store.jobs.heartbeat(id, workerId);
        const job = store.jobs.get(id);
        // a cancel the host wrote while its message was in flight (or lost with a restarted host)
        if (!job || job.cancelRequested || job.status === 'cancelled') cancelled.push(id);
      }
      return cancelled;
    },
    settle(jobId, { reason, error }) {
      return store.transaction(() => {
        const job = store.jobs.require(jobId);
        if (job.status === 'queued') return 'interrupted';
        if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') {
          // the runner recorded the end itself; a cancel that raced with the end still wins for the user
          return job.status;
        }
        // the loop parks a job it was told to pause as 'paused': a worker shutdown puts it back in the queue
        if (reason === 'shutdown' || job.status === 'paused') {
          store.jobs.update(jobId, { status: 'queued', workerId: null });
          return 'interrupted';
        }
        if (reason === 'cancel' || job.cancelRequested) {
          store.jobs.update(jobId, { status: 'cancelled', stopReason: 'cancelled', cancelRequested: false });
          return 'cancelled';
        }
        if (error) {
          store.jobs.update(jobId, { status: 'failed', stopReason: 'failed', error });
          return 'failed';
        }
        store.jobs.update(jobId, { status: 'done' });
        return 'done';
      });
    },
  };
}

export function openWorkerQueue(dbPath: string): { store: Store; queue: WorkerQueue; close(): void } {
  const store = openStore(dbPath);
  return { store, queue: storeWorkerQueue(store), close: () => store.close() };
}
