// Runtimes: the Python interpreters found (each checked, with what to do when unusable), GPUs, and the Docker
// runtime's status for an image.
import { useEffect, useState } from 'react';
import { useApp } from '../../app/context';
import { errorMessage } from '../../lib/format';

type Check = { ok: boolean; message: string; environment: { python: string; packages: Record<string, string> } | null };
type Pythons = Awaited<ReturnType<ReturnType<typeof useApp>['api']['runtimesList']>>;

export function RuntimesPage() {
  const { api, notify } = useApp();
  const [list, setList] = useState<Pythons | null>(null);
  const [checks, setChecks] = useState<Record<string, Check | 'checking'>>({});
  const [image, setImage] = useState('');

  useEffect(() => {
    api.runtimesList({}).then(setList, (e) => notify(errorMessage(e), 'error'));
  }, [api, notify]);

  const check = async (key: string, input: { runtime: 'local' | 'docker'; python?: string | null; image?: string | null }) => {
    setChecks((c) => ({ ...c, [key]: 'checking' }));
    try {
      const res = await api.runtimesCheck({ runtime: input.runtime, python: input.python ?? null, image: input.image ?? null });
      setChecks((c) => ({ ...c, [key]: res }));
    } catch (e) {
      setChecks((c) => ({ ...c, [key]: { ok: false, message: errorMessage(e), environment: null } }));
    }
  };

  return (
    <div className="page runtimes-page">
      <h1>Runtimes</h1>
      <section className="panel" aria-labelledby="docker-title">
        <h2 id="docker-title">Docker</h2>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            void check('docker', { runtime: 'docker', image: image.trim() || null });
          }}
        >
          <input aria-label="docker image" placeholder="image (empty: the default nbrevive image)" value={image} onChange={(e) => setImage(e.target.value)} className="grow" />
          <button type="submit">Check Docker</button>
        </form>
        <CheckResult check={checks['docker']} />
      </section>
      <section className="panel" aria-labelledby="py-title">
        <h2 id="py-title">Python interpreters</h2>
        {!list ? (
          <p className="muted">Detecting…</p>
        ) : (
          <table className="plain">
            <thead>
              <tr>
                <th>Path</th>
                <th>Version</th>
                <th>Found via</th>
                <th>Can run notebooks</th>
                <th>Check</th>
              </tr>
            </thead>
            <tbody>
              {list.pythons.map((p) => (
                <tr key={p.path}>
                  <td>
                    <code>{p.path}</code>
                  </td>
                  <td>{p.version ?? '–'}</td>
                  <td>{p.source}</td>
                  <td>
                    {p.usable ? <span className="ok">yes</span> : <span className="bad">no</span>}
                    {p.note && <div className="hint">{p.note}</div>}
                  </td>
                  <td>
                    <button type="button" onClick={() => void check(p.path, { runtime: 'local', python: p.path })} aria-label={`check ${p.path}`}>
                      Check
                    </button>
                    <CheckResult check={checks[p.path]} />
                  </td>
                </tr>
              ))}
              {!list.pythons.length && (
                <tr>
                  <td colSpan={5} className="hint">
                    No Python found: install Python 3 with nbclient and ipykernel, or set NBREVIVE_PYTHON.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel" aria-labelledby="gpu-title">
        <h2 id="gpu-title">GPUs</h2>
        {list && (list.gpus.length ? <ul>{list.gpus.map((g) => <li key={g}>{g}</li>)}</ul> : <p className="muted">No GPU found on the host (nvidia-smi absent or none visible): jobs run on the CPU.</p>)}
      </section>
    </div>
  );
}

function CheckResult({ check }: { check: Check | 'checking' | undefined }) {
  if (!check) return null;
  if (check === 'checking') return <p className="muted small">checking…</p>;
  const pkgs = check.environment ? Object.entries(check.environment.packages).filter(([k]) => ['pandas', 'numpy', 'scikit-learn', 'matplotlib', 'nbclient', 'ipykernel'].includes(k)) : [];
  return (
    <div className={`check ${check.ok ? 'ok' : 'bad'}`} role="status">
      <b>{check.ok ? '✓ ok' : '✗ not usable'}</b> <span className="hint">{check.message}</span>
      {pkgs.length > 0 && <div className="muted small">{pkgs.map(([k, v]) => `${k} ${v}`).join(' · ')}</div>}
    </div>
  );
}
