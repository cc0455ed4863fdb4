// Remote workers of the distributed mode (`serve --queue`, `nbrevive worker --queue …`): machine, GPUs, slots,
// current jobs and last heartbeat, refreshed every few seconds, and their tokens (create, revoke). In the embedded
// mode it says how to scale out.
import { useEffect, useState } from 'react';
import { useApp } from '../../app/context';
import { errorMessage, formatTime } from '../../lib/format';
import { WorkerTokens } from './WorkerTokens';
import { TableHead } from '../../ui/TableHead';

type Workers = Awaited<ReturnType<ReturnType<typeof useApp>['api']['workersList']>>;

const REFRESH_MS = 5000;

export function WorkersPanel() {
  const { api } = useApp();
  const [workers, setWorkers] = useState<Workers | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    const load = () =>
      api.workersList({}).then(
        (w) => !stopped && (setWorkers(w), setError(null)),
        (e: unknown) => !stopped && setError(errorMessage(e)),
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api]);

  return (
    <section className="panel" aria-labelledby="workers-title">
      <h2 id="workers-title">Workers</h2>
      {error && <p className="error small">{error}</p>}
      {workers && workers.backend === 'local' && (
        <p className="muted">
          Jobs run in this host&apos;s own worker. To spread a corpus over several machines, start the host with{' '}
          <code>nbrevive serve --queue redis://HOST:PORT</code> and a worker on each machine (docs/scale-out.md).
        </p>
      )}
      {workers && workers.backend === 'redis' && (
        <>
          <p className="muted small">
            Queue: <code>{workers.queueUrl}</code>
          </p>
          {workers.items.length === 0 ? (
            <p className="muted">
              No worker has connected yet: on each machine run <code>nbrevive worker --queue … --host URL</code> with a
              token from <code>nbrevive worker token create NAME</code>.
            </p>
          ) : (
            <table className="plain" aria-label="remote workers">
              <TableHead columns={['Machine', 'Token', 'GPUs', 'Slots', 'Running', 'Heartbeat']} />
              <tbody>
                {workers.items.map((w) => (
                  <tr key={w.workerId} className={w.alive ? undefined : 'muted'}>
                    <td title={w.workerId}>
                      {w.machine} <span className="muted small">pid {w.pid}</span>
                    </td>
                    <td>{w.tokenName}</td>
                    <td>{w.gpus.length ? w.gpus.map((g) => g.name).join(', ') : 'none'}</td>
                    <td>{w.slots}</td>
                    <td>{w.running.length ? w.running.join(', ') : 'idle'}</td>
                    <td>
                      {formatTime(w.lastSeenAt)}
                      {w.alive ? '' : ' (gone)'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <WorkerTokens />
    </section>
  );
}
