// Queue controls: paused or running, what runs and waits, and the concurrency.
import { useEffect, useState } from 'react';
import type { QueueStatus } from '../../../../shared/contracts/schemas';
import { useApp, useNotifyError } from '../../app/context';

export function QueueControls() {
  const { api } = useApp();
  const notifyError = useNotifyError();
  const [status, setStatus] = useState<QueueStatus | null>(null);
  const [concurrency, setConcurrency] = useState('');
  useEffect(() => {
    api.queueStatus({}).then((s) => {
      setStatus(s);
      setConcurrency(String(s.concurrency));
    }, notifyError);
    return api.onQueueChanged((q) => setStatus(q));
  }, [api, notifyError]);
  const act = async (f: () => Promise<QueueStatus>) => {
    try {
      const s = await f();
      setStatus(s);
      setConcurrency(String(s.concurrency));
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <section className="panel" aria-labelledby="queue-title">
      <h2 id="queue-title">Queue</h2>
      {status ? (
        <div className="row">
          <span data-testid="queue-state">
            {status.paused ? 'Paused' : 'Running'} · {status.running} running · {status.queued} queued
          </span>
          <button
            type="button"
            onClick={() => void act(() => (status.paused ? api.queueResume({}) : api.queuePause({})))}
          >
            {status.paused ? 'Resume' : 'Pause'}
          </button>
          <label>
            Concurrency{' '}
            <input
              type="number"
              min={1}
              max={64}
              value={concurrency}
              onChange={(e) => setConcurrency(e.target.value)}
              className="narrow"
            />
          </label>
          <button
            type="button"
            onClick={() => void act(() => api.queueSetConcurrency({ concurrency: Number(concurrency) }))}
            disabled={Number(concurrency) === status.concurrency}
          >
            Apply
          </button>
        </div>
      ) : (
        <span className="muted">…</span>
      )}
    </section>
  );
}
