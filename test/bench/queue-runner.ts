// A job runner for the queue benchmark: emits timestamped log-line events from the worker process, so the
// benchmark measures the path worker → host (IPC) → SSE client without notebook execution in the way.
import type { Store } from '../../main/core/store';
import type { ClaimedJobRunner } from '../../main/worker/claimed-job';

export const BENCH_EVENTS = 300;

export function createRunner(_store: Store): ClaimedJobRunner {
  return async (jobId, { onEvent, signal }) => {
    for (let seq = 1; seq <= BENCH_EVENTS && !signal.aborted; seq++) {
      onEvent({
        channel: 'app:logs.line',
        payload: {
          jobId,
          seq,
          iteration: 0,
          stream: 'stdout',
          text: String(performance.timeOrigin + performance.now()),
          at: new Date().toISOString(),
        },
      });
      await new Promise((r) => setTimeout(r, 5));
    }
  };
}
