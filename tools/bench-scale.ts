// Scale-out benchmark (`npm run bench:scale`, issue 17): throughput of the distributed mode with 1, 2 and 4
// workers on notebooks that mostly sleep (so two cores do not limit it), as ratios to one worker (goal: ≥ 1.9× with
// 2, ≥ 3.6× with 4), and the per-job overhead the BullMQ queue adds against the embedded local queue, measured on
// one-cell notebooks that do nothing. Real parts throughout: a redis-server on a random loopback port, a real
// `serve` host, real `nbrevive worker` processes running the loop with a real Python.
//   BENCH_JOBS (24), BENCH_SLEEP_S (5), BENCH_WORKERS ("1,2,4"), BENCH_OVERHEAD_JOBS (6), NBREVIVE_PYTHON
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RunningServer, startServer } from '../main/host/serve';
import { createHttpApi } from '../renderer/src/lib/api-client';
import { freePort } from '../test/helpers/ports';
import { until } from '../test/helpers/until';

const ROOT = path.resolve(import.meta.dirname, '..');
const REDIS_SERVER = process.env.NBREVIVE_REDIS_SERVER ?? '/usr/bin/redis-server';
const PYTHON = process.env.NBREVIVE_PYTHON ?? '/usr/bin/python3';
const JOBS = Number(process.env.BENCH_JOBS ?? 24);
const SLEEP_S = Number(process.env.BENCH_SLEEP_S ?? 5);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const OVERHEAD_JOBS = Number(process.env.BENCH_OVERHEAD_JOBS ?? 6);
/** how often the clock checks whether a step is done */
const POLL_MS = 100;

if (!fs.existsSync(REDIS_SERVER)) {
  console.error(`bench:scale needs ${REDIS_SERVER} (apt-get install redis-server, or NBREVIVE_REDIS_SERVER=PATH)`);
  process.exit(2);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-bench-scale-'));

function notebook(source: string): string {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
    cells: [{ cell_type: 'code', id: 'c0', metadata: {}, execution_count: null, outputs: [], source }],
  });
}

/** a corpus folder of `n` bare notebooks (score kind none: one error-free execution each) */
function corpus(name: string, n: number, source: string): string {
  const root = path.join(dir, name);
  for (let i = 0; i < n; i++) {
    // distinct content per notebook, as in a real corpus (no blob is shared)
    const file = path.join(root, `nb-${String(i).padStart(3, '0')}`, 'notebook.ipynb');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, notebook(`${source}\n# notebook ${i}\n`));
  }
  return root;
}

function startWorker(queueUrl: string, host: string, token: string, cache: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      path.join(ROOT, 'bin/nbrevive.mjs'),
      'worker',
      '--queue',
      queueUrl,
      '--host',
      host,
      '--slots',
      '1',
      '--cache',
      cache,
      '--heartbeat-ms',
      '1000',
    ],
    { cwd: dir, env: { ...process.env, NBREVIVE_WORKER_TOKEN: token, NBREVIVE_PYTHON: PYTHON }, stdio: 'ignore' },
  );
}

async function stopWorkers(workers: ChildProcess[]): Promise<void> {
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.exitCode !== null) return resolve();
          w.once('exit', () => resolve());
          w.kill('SIGTERM');
        }),
    ),
  );
}

/** seconds from enqueueing every case of `folder` to the last job's end */
async function runCorpus(server: RunningServer, folder: string): Promise<number> {
  const api = createHttpApi(server.baseUrl, server.token);
  const { cases } = await api.casesImport({ path: folder, kind: 'corpus' });
  const t0 = performance.now();
  const { jobs } = await api.jobsEnqueue({ caseIds: cases.map((c) => c.id), settings: { python: PYTHON } });
  await until(
    'the jobs to finish',
    3600_000,
    () => jobs.every((j) => ['done', 'failed', 'cancelled'].includes(server.host.store.jobs.require(j.id).status)),
    POLL_MS,
  );
  const seconds = (performance.now() - t0) / 1000;
  const failed = jobs.map((j) => server.host.store.jobs.require(j.id)).filter((j) => j.status !== 'done');
  if (failed.length) throw new Error(`${failed.length} job(s) did not finish done: ${failed[0]?.error?.message}`);
  return seconds;
}

/** a distributed host with `n` workers (started and connected before the clock starts) running the corpus */
async function distributed(queueUrl: string, folder: string, n: number, tag: string): Promise<number> {
  const server = await startServer({
    db: path.join(dir, `${tag}.db`),
    port: 0,
    staticDir: null,
    queueUrl,
    log: () => {},
  });
  const api = createHttpApi(server.baseUrl, server.token);
  const token = (await api.workersCreateToken({ name: tag })).secret;
  const workers = Array.from({ length: n }, (_, i) =>
    startWorker(queueUrl, server.baseUrl, token, path.join(dir, `cache-${tag}-${i}`)),
  );
  try {
    await until(
      `${n} worker(s) to connect`,
      120_000,
      async () => (await api.workersList({})).items.length >= n,
      POLL_MS,
    );
    return await runCorpus(server, folder);
  } finally {
    await stopWorkers(workers);
    await server.close();
  }
}

const port = await freePort();
const password = 'bench-scale';
const redis = spawn(
  REDIS_SERVER,
  ['--port', String(port), '--bind', '127.0.0.1', '--requirepass', password, '--save', '', '--dir', dir],
  { stdio: 'ignore' },
);
const queueUrl = `redis://:${password}@127.0.0.1:${port}`;
try {
  await new Promise((r) => setTimeout(r, 500));
  console.log(
    `bench:scale: ${JOBS} notebooks sleeping ${SLEEP_S} s each, workers ${WORKER_COUNTS.join(', ')} (one slot each); ` +
      `${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; Python ${PYTHON}`,
  );
  const sleepy = corpus('sleepy', JOBS, `import time\ntime.sleep(${SLEEP_S})\nprint('slept')`);
  const times = new Map<number, number>();
  for (const n of WORKER_COUNTS) {
    const seconds = await distributed(queueUrl, sleepy, n, `scale-${n}`);
    times.set(n, seconds);
    console.log(`  ${n} worker(s): ${seconds.toFixed(1)} s, ${((JOBS / seconds) * 60).toFixed(1)} jobs/min`);
  }
  const base = times.get(WORKER_COUNTS[0] ?? 1) ?? NaN;
  console.log(`\nthroughput vs ${WORKER_COUNTS[0]} worker (goal ≥ 1.9× with 2, ≥ 3.6× with 4)`);
  for (const [n, seconds] of times) {
    const goal = n === 2 ? 1.9 : n === 4 ? 3.6 : null;
    const ratio = base / seconds;
    const verdict = goal === null ? '' : ratio >= goal ? `  (goal ${goal}×: met)` : `  (goal ${goal}×: NOT met)`;
    console.log(`  ${n} worker(s): ${ratio.toFixed(2)}×${verdict}`);
  }

  // ---- the queue's own cost per job: trivial notebooks, one at a time, local queue vs BullMQ + one worker
  const trivial = corpus('trivial', OVERHEAD_JOBS, "print('hello')");
  const local = await startServer({
    db: path.join(dir, 'local.db'),
    port: 0,
    staticDir: null,
    concurrency: 1,
    log: () => {},
  });
  let localSeconds: number;
  try {
    await until('the local worker to start', 120_000, () => local.host.supervisor?.alive ?? false, POLL_MS);
    localSeconds = await runCorpus(local, trivial);
  } finally {
    await local.close();
  }
  const remoteSeconds = await distributed(queueUrl, trivial, 1, 'overhead');
  const perLocal = (localSeconds / OVERHEAD_JOBS) * 1000;
  const perRemote = (remoteSeconds / OVERHEAD_JOBS) * 1000;
  console.log(`\nper-job time on one-cell notebooks, one at a time (${OVERHEAD_JOBS} jobs)`);
  console.log(`  local queue (embedded worker):   ${perLocal.toFixed(0)} ms`);
  console.log(`  BullMQ queue (one remote worker): ${perRemote.toFixed(0)} ms`);
  console.log(
    `  overhead of the distributed queue: ${(perRemote - perLocal).toFixed(0)} ms per job ` +
      `(${(perRemote / perLocal).toFixed(2)}×)`,
  );
} finally {
  redis.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
