// The queue: its status (queued, running, workers) and its settings (paused, concurrency), stored and sent to the
// worker.
import type { QueueStatus } from '../../../shared/contracts/schemas';
import { queueSettings, SETTINGS_KEYS, type AppHandlerDependencies, type FeatureHandlers } from './context';

export function queueHandlers({ store, queue, defaultConcurrency }: AppHandlerDependencies): FeatureHandlers<'queue'> {
  const queueStatus = (): QueueStatus => {
    const counts = store.jobs.countByStatus();
    return {
      ...queueSettings(store, defaultConcurrency),
      queued: counts.queued,
      running: counts.running,
      workers: queue.workers(),
    };
  };
  const setQueue = (patch: { paused?: boolean; concurrency?: number }, reason: string): QueueStatus => {
    const next = { ...queueSettings(store, defaultConcurrency), ...patch };
    store.settings.set(SETTINGS_KEYS.queue, next);
    queue.configure(next.concurrency, next.paused);
    queue.changed(reason);
    return queueStatus();
  };
  return {
    'app:queue.status': () => queueStatus(),
    'app:queue.pause': () => setQueue({ paused: true }, 'paused'),
    'app:queue.resume': () => setQueue({ paused: false }, 'resumed'),
    'app:queue.setConcurrency': ({ concurrency }) => setQueue({ concurrency }, 'concurrency'),
  } satisfies FeatureHandlers<'queue'>;
}
