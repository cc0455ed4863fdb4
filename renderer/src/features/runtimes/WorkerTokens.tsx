// Worker tokens of the distributed mode: one per remote worker, created here (its secret shown once, to give to
// `nbrevive worker`, best in NBREVIVE_WORKER_TOKEN) and revocable here; a revoked token is refused at the worker's next
// request. The host stores only a hash of each secret.
import { useCallback, useEffect, useState } from 'react';
import { WorkerTokenNameSchema, type WorkerToken } from '../../../../shared/contracts/remote-worker';
import { useApp, useNotifyError } from '../../app/context';
import { formatTime } from '../../lib/format';
import { TableHead } from '../../ui/TableHead';
import { RowForm, RowInput } from '../../ui/RowForm';

export function WorkerTokens() {
  const { api, notify } = useApp();
  const notifyError = useNotifyError();
  const [tokens, setTokens] = useState<WorkerToken[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  const load = useCallback(
    () => api.workersTokens({}).then((t) => setTokens(t.items), notifyError),
    [api, notifyError],
  );
  useEffect(() => void load(), [load]);

  const parsedName = WorkerTokenNameSchema.safeParse(name.trim());
  const nameProblem = name.trim() && !parsedName.success ? parsedName.error.issues[0]?.message : null;

  const create = async () => {
    if (!parsedName.success) return;
    try {
      const { token, secret } = await api.workersCreateToken({ name: parsedName.data });
      setCreated({ name: token.name, secret });
      setName('');
      await load();
    } catch (e) {
      notifyError(e);
    }
  };
  const revoke = async (token: WorkerToken) => {
    try {
      await api.workersRevokeToken({ tokenId: token.id });
      notify(`token ${token.name} revoked: a worker using it is refused from its next request`);
      await load();
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <div aria-label="worker tokens">
      <h3>Worker tokens</h3>
      <RowForm onSubmit={() => void create()}>
        <RowInput
          label="new worker token name"
          placeholder="name of the worker (e.g. its machine)"
          value={name}
          onChange={setName}
        />
        <button type="submit" disabled={!parsedName.success}>
          Create token
        </button>
      </RowForm>
      {nameProblem && <p className="error small">{nameProblem}</p>}
      {created && <NewTokenSecret created={created} onDone={() => setCreated(null)} />}
      {tokens && tokens.length === 0 && <p className="muted small">No worker tokens yet.</p>}
      {tokens && tokens.length > 0 && <TokensTable tokens={tokens} revoke={revoke} />}
    </div>
  );
}

/** A new token's secret, shown once, with how to start a worker with it. */
function NewTokenSecret({ created, onDone }: { created: { name: string; secret: string }; onDone(): void }) {
  return (
    <p className="small" role="status">
      Token <b>{created.name}</b>, shown only now: <code aria-label="new worker token">{created.secret}</code> — start
      the worker with <code>NBREVIVE_WORKER_TOKEN={created.secret} nbrevive worker --queue … --host URL</code>.{' '}
      <button type="button" onClick={onDone}>
        Done
      </button>
    </p>
  );
}

function TokensTable({ tokens, revoke }: { tokens: WorkerToken[]; revoke(token: WorkerToken): Promise<void> }) {
  return (
    <table className="plain" aria-label="worker tokens list">
      <TableHead columns={['Name', 'Created', 'Last used', 'State', '']} />
      <tbody>
        {tokens.map((t) => (
          <tr key={t.id} className={t.revokedAt ? 'muted' : undefined}>
            <td>{t.name}</td>
            <td>{formatTime(t.createdAt)}</td>
            <td>{t.lastUsedAt ? formatTime(t.lastUsedAt) : 'never'}</td>
            <td>{t.revokedAt ? `revoked ${formatTime(t.revokedAt)}` : 'active'}</td>
            <td>
              {!t.revokedAt && (
                <button type="button" onClick={() => void revoke(t)} aria-label={`revoke token ${t.name}`}>
                  Revoke
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
