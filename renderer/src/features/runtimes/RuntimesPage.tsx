// Runtimes: the Python interpreters found (each checked, with what to do when unusable), GPUs, the Docker
// runtime's status for an image, and the engine's local images with the presets and how to get each.
import { useCallback, useEffect, useState } from 'react';
import { useApp, useNotifyError } from '../../app/context';
import { errorMessage } from '../../lib/format';
import { formatBytes } from '../../../../shared/lib/format';
import { WorkersPanel } from './WorkersPanel';
import { TableHead } from '../../ui/TableHead';
import { RowForm, RowInput } from '../../ui/RowForm';

type Check = { ok: boolean; message: string; environment: { python: string; packages: Record<string, string> } | null };
type Pythons = Awaited<ReturnType<ReturnType<typeof useApp>['api']['runtimesList']>>;
type Images = Awaited<ReturnType<ReturnType<typeof useApp>['api']['runtimesImages']>>;

export function RuntimesPage() {
  const { api, notify } = useApp();
  const notifyError = useNotifyError();
  const [list, setList] = useState<Pythons | null>(null);
  const { checks, check } = useRuntimeChecks();
  const [image, setImage] = useState('');

  useEffect(() => {
    api.runtimesList({}).then(setList, notifyError);
  }, [api, notify]);

  return (
    <div className="page runtimes-page">
      <h1>Runtimes</h1>
      <section className="panel" aria-labelledby="docker-title">
        <h2 id="docker-title">Docker</h2>
        <RowForm onSubmit={() => void check('docker', { runtime: 'docker', image: image.trim() || null })}>
          <RowInput
            label="docker image"
            placeholder="image (empty: the default nbrevive image)"
            value={image}
            onChange={setImage}
          />
          <button type="submit">Check Docker</button>
        </RowForm>
        <CheckResult check={checks['docker']} />
        <DockerImages />
      </section>
      <section className="panel" aria-labelledby="py-title">
        <h2 id="py-title">Python interpreters</h2>
        {!list ? (
          <p className="muted">Detecting…</p>
        ) : (
          <PythonsTable pythons={list.pythons} checks={checks} check={check} />
        )}
      </section>
      <section className="panel" aria-labelledby="gpu-title">
        <h2 id="gpu-title">GPUs</h2>
        {list &&
          (list.gpus.length ? (
            <ul>
              {list.gpus.map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">No GPU found on the host (nvidia-smi absent or none visible): jobs run on the CPU.</p>
          ))}
      </section>
      <WorkersPanel />
    </div>
  );
}

type CheckInput = { runtime: 'local' | 'docker'; python?: string | null; image?: string | null };
type RunCheck = (key: string, input: CheckInput) => Promise<void>;

/** The runtime checks asked for on this screen, by key (an interpreter's path, or 'docker'), and check() to ask. */
function useRuntimeChecks(): { checks: Record<string, Check | 'checking'>; check: RunCheck } {
  const { api } = useApp();
  const [checks, setChecks] = useState<Record<string, Check | 'checking'>>({});
  const check: RunCheck = async (key, input) => {
    setChecks((c) => ({ ...c, [key]: 'checking' }));
    try {
      const res = await api.runtimesCheck({
        runtime: input.runtime,
        python: input.python ?? null,
        image: input.image ?? null,
      });
      setChecks((c) => ({ ...c, [key]: res }));
    } catch (e) {
      setChecks((c) => ({ ...c, [key]: { ok: false, message: errorMessage(e), environment: null } }));
    }
  };
  return { checks, check };
}

function PythonsTable({
  pythons,
  checks,
  check,
}: {
  pythons: Pythons['pythons'];
  checks: Record<string, Check | 'checking'>;
  check: RunCheck;
}) {
  return (
    <table className="plain">
      <TableHead columns={['Path', 'Version', 'Found via', 'Can run notebooks', 'Check']} />
      <tbody>
        {pythons.map((p) => (
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
              <button
                type="button"
                onClick={() => void check(p.path, { runtime: 'local', python: p.path })}
                aria-label={`check ${p.path}`}
              >
                Check
              </button>
              <CheckResult check={checks[p.path]} />
            </td>
          </tr>
        ))}
        {!pythons.length && (
          <tr>
            <td colSpan={5} className="hint">
              No Python found: install Python 3 with nbclient and ipykernel, or set NBREVIVE_PYTHON.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function CheckResult({ check }: { check: Check | 'checking' | undefined }) {
  if (!check) return null;
  if (check === 'checking') return <p className="muted small">checking…</p>;
  const pkgs = check.environment
    ? Object.entries(check.environment.packages).filter(([k]) =>
        ['pandas', 'numpy', 'scikit-learn', 'matplotlib', 'nbclient', 'ipykernel'].includes(k),
      )
    : [];
  return (
    <div className={`check ${check.ok ? 'ok' : 'bad'}`} role="status">
      <b>{check.ok ? '✓ ok' : '✗ not usable'}</b> <span className="hint">{check.message}</span>
      {pkgs.length > 0 && <div className="muted small">{pkgs.map(([k, v]) => `${k} ${v}`).join(' · ')}</div>}
    </div>
  );
}

function DockerImages() {
  const { api, notify } = useApp();
  const notifyError = useNotifyError();
  const [images, setImages] = useState<Images | null>(null);
  const [loading, setLoading] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    api.runtimesImages({}).then(
      (res) => {
        setImages(res);
        setLoading(false);
      },
      (e) => {
        notifyError(e);
        setLoading(false);
      },
    );
  }, [api, notify]);
  useEffect(load, [load]);

  return (
    <div aria-labelledby="images-title" className="images">
      <div className="row">
        <h3 id="images-title">Images</h3>
        <button type="button" onClick={load} disabled={loading} aria-label="refresh the image list">
          {loading ? 'Listing…' : 'Refresh'}
        </button>
      </div>
      {!images ? (
        <p className="muted small">Asking the Docker engine…</p>
      ) : (
        <>
          <p className={`check ${images.ok ? 'ok' : 'bad'}`} role="status" data-testid="docker-engine">
            <b>{images.ok ? '✓ engine' : '✗ no engine'}</b> <span className="hint">{images.message}</span>
          </p>
          {images.ok && <ImagesTable images={images.images} />}
          <ImagePresets presets={images.presets} />
        </>
      )}
    </div>
  );
}

function ImagesTable({ images }: { images: Images['images'] }) {
  return (
    <table className="plain" aria-label="local Docker images">
      <TableHead columns={['Image', 'Preset', 'Size', 'Created', 'Id']} />
      <tbody>
        {images.map((i) => (
          <tr key={i.id}>
            <td>
              <code>{i.tags.join(', ') || '<untagged>'}</code>
            </td>
            <td>{i.preset ?? '–'}</td>
            <td>{formatBytes(i.sizeBytes)}</td>
            <td>{i.created.slice(0, 10)}</td>
            <td>
              <code title={i.id}>{i.id.replace(/^sha256:/, '').slice(0, 12)}</code>
            </td>
          </tr>
        ))}
        {!images.length && (
          <tr>
            <td colSpan={5} className="hint">
              No local images yet: get a preset below.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function ImagePresets({ presets }: { presets: Images['presets'] }) {
  return (
    <ul className="presets" aria-label="image presets">
      {presets.map((p) => (
        <li key={p.name}>
          <b>{p.name}</b> <code>{p.image}</code> {p.gpu && <span className="muted">(GPU)</span>} —{' '}
          {p.present ? (
            <span className="ok">present</span>
          ) : (
            <span className="hint">
              missing: run <code>{p.hint}</code>
            </span>
          )}
          <div className="muted small">{p.description}</div>
        </li>
      ))}
    </ul>
  );
}
