// The distributed mode end to end (issue 17): a real redis-server on a random loopback port (with a password, as
// docs/scale-out.md asks), a real `serve --queue` host (HTTP API, SQLite) and three real `nbrevive worker`
// processes running the real loop on small notebooks with Debian's Python. A corpus finishes with every iteration
// stored once; a worker killed with SIGKILL mid-iteration has its job finished by another from the host's last
// stored iteration; a Redis restarted without persistence mid-run loses no job; a wrong or revoked token is refused.
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../main/core/store';
import { RunningServer, startServer } from '../../../main/host/serve';
import { createHttpApi } from '../../../renderer/src/lib/api-client';
import type { NbreviveApi } from '../../../shared/contracts/api';
import { REPO_ROOT } from '../../helpers/corpus';
import { freePort } from '../../helpers/ports';
import { until } from '../../helpers/until';

const REDIS_SERVER = '/usr/bin/redis-server';
const PYTHON = '/usr/bin/python3';
const MISSING = !fs.existsSync(REDIS_SERVER)
  ? `${REDIS_SERVER} is missing (apt-get install redis-server; .ci/run installs it)`
  : !fs.existsSync(PYTHON)
    ? `${PYTHON} is missing`
    : null;
const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/scale');
const PASSWORD = 'scale-test-secret';
// short locks so a killed worker's job moves on within seconds. The timeouts are generous for a loaded 2-core
// machine; unloaded, the file takes about two minutes.
const WORKER_ARGS = ['--heartbeat-ms', '500', '--lock-ms', '4000'];

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Proc {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d) => (text += d));
  child.stderr!.on('data', (d) => (text += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

describe.skipIf(MISSING !== null)(`distributed mode on BullMQ/Redis${MISSING ? ` (skipped: ${MISSING})` : ''}`, () => {
  let dir: string;
  let redisPort: number;
  let redis: Proc | null = null;
  let server: RunningServer;
  let api: NbreviveApi;
  let queueUrl: string;
  const workers: Proc[] = [];
  let workerToken: string;

  const startRedis = async () => {
    // no persistence: a restart is a Redis that lost everything, the hardest case for "no lost job"
    redis = startProcess(REDIS_SERVER, [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--requirepass',
      PASSWORD,
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ]);
    await until('redis-server to accept connections', 10_000, () => redis!.output().includes('Ready to accept'));
  };

  const startWorker = (token = workerToken, extra: string[] = []): Proc => {
    const w = startProcess(
      process.execPath,
      [
        '--import',
        'tsx',
        'main/cli/index.ts',
        'worker',
        '--queue',
        queueUrl,
        '--host',
        server.baseUrl,
        '--cache',
        path.join(dir, `cache-${workers.length}`),
        ...WORKER_ARGS,
        ...extra,
      ],
      { NBREVIVE_WORKER_TOKEN: token, NBREVIVE_PYTHON: PYTHON },
    );
    workers.push(w);
    return w;
  };

  const job = (id: string): Job => server.host.store.jobs.require(id);
  const finished = (ids: string[], timeoutMs: number) =>
    until(`jobs ${ids.join(', ')} to finish`, timeoutMs, () => {
      const jobs = ids.map(job);
      return jobs.every((j) => ['done', 'failed', 'cancelled'].includes(j.status)) ? jobs : null;
    });
  /** every stored iteration of the job, and whether their indexes are exactly 0 … n-1, each once */
  const storedIterations = (jobId: string) =>
    server.host.store.db
      .prepare<[string], { idx: number; created_at: number }>(
        'SELECT idx, created_at FROM iterations WHERE job_id = ? ORDER BY idx',
      )
      .all(jobId);
  const expectExactlyOnce = (j: Job) => {
    const rows = storedIterations(j.id);
    expect(
      rows.map((r) => r.idx),
      j.id,
    ).toEqual([...Array(j.iterations).keys()]);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-scale-'));
    redisPort = await freePort();
    await startRedis();
    queueUrl = `redis://:${PASSWORD}@127.0.0.1:${redisPort}`;
    server = await startServer({
      db: path.join(dir, 'host.db'),
      port: 0,
      staticDir: null,
      queueUrl,
      remoteWorkerTimeoutMs: 30_000,
      log: () => {},
    });
    api = createHttpApi(server.baseUrl, server.token);
    workerToken = (await api.workersCreateToken({ name: 'scale-test' })).secret;
    for (let i = 0; i < 3; i++) startWorker();
    await until('three workers to say hello', 60_000, async () => (await api.workersList({})).items.length >= 3);
  });

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
    await Promise.race([Promise.all(workers.map((w) => w.exited)), new Promise((r) => setTimeout(r, 10_000))]);
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await server?.close();
    redis?.child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs a corpus on three workers, every iteration stored exactly once', async () => {
    const { cases } = await api.casesImport({ path: path.join(FIXTURES, 'cases'), kind: 'corpus' });
    expect(cases).toHaveLength(6);
    const { jobs } = await api.jobsEnqueue({ caseIds: cases.map((c) => c.id) });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, server.host.store.jobs.countByStatus().running)), 100);
    const done = await finished(
      jobs.map((j) => j.id),
      220_000,
    ).finally(() => clearInterval(watch));
    // the workers ran jobs side by side (no global cap unless one is set)
    expect(most).toBeGreaterThanOrEqual(2);
    expect((await api.queueStatus({})).concurrency).toBe(64);
    for (const j of done) {
      expect(j.status, `${j.id}: ${j.error?.message ?? ''}`).toBe('done');
      expect(j.outcome).toBe('reproducible');
      // the np.float cell fails, the rules fix it, the second version reproduces the score
      expect(j.iterations).toBe(2);
      expect(j.fixes).toBe(1);
      expect(j.score).toBeCloseTo(0.7);
      expectExactlyOnce(j);
      expect(server.host.store.logs.tail(j.id, { limit: 1000 }).length).toBeGreaterThan(0);
    }
    const list = await api.workersList({});
    expect(list.backend).toBe('redis');
    // the password never leaves the host
    expect(list.queueUrl).not.toContain(PASSWORD);
    expect(list.items.filter((w) => w.alive)).toHaveLength(3);
    // more than one worker ran the corpus: the attempts of each job are one (nothing ran twice)
    expect(done.every((j) => j.attempts === 1)).toBe(true);
  }, 240_000);

  it('finishes a job on another worker when its worker is killed mid-iteration, losing and duplicating nothing', async () => {
    const { cases } = await api.casesImport({ path: path.join(FIXTURES, 'slow/slow-tally'), kind: 'case' });
    const [queued] = (await api.jobsEnqueue({ caseIds: [cases[0]!.id] })).jobs;
    const id = queued!.id;
    // iteration 0 is stored on the host and iteration 1 is executing (its notebook sleeps 4 s)
    const running = await until('iteration 1 to start', 60_000, () => {
      const j = job(id);
      return j.status === 'running' && j.iterations === 1 && j.workerId ? j : null;
    });
    await new Promise((r) => setTimeout(r, 1000));
    const first = storedIterations(id);
    const pid = Number(running.workerId!.split(':').at(-2));
    const victim = workers.find((w) => w.child.pid === pid);
    expect(victim, `worker ${running.workerId} is one of ours`).toBeDefined();
    victim!.child.kill('SIGKILL');
    await victim!.exited;
    const [end] = await finished([id], 150_000);
    expect(end!.status, end!.error?.message).toBe('done');
    expect(end!.outcome).toBe('reproducible');
    expect(end!.iterations).toBe(2);
    expectExactlyOnce(end!);
    // iteration 0 was not run again: the new worker resumed after it
    expect(storedIterations(id)[0]).toEqual(first[0]);
    expect(end!.attempts).toBe(2);
    // a replacement, so three workers serve the next test
    startWorker();
  }, 180_000);

  it('completes a run when Redis restarts mid-run, even one that lost its data', async () => {
    const { cases } = await api.casesImport({ path: path.join(FIXTURES, 'cases'), kind: 'corpus' });
    const { jobs } = await api.jobsEnqueue({ caseIds: cases.slice(0, 4).map((c) => c.id) });
    const ids = jobs.map((j) => j.id);
    await until('a job to run', 60_000, () => ids.some((id) => job(id).status === 'running'));
    redis!.child.kill('SIGKILL');
    await redis!.exited;
    await new Promise((r) => setTimeout(r, 1500));
    await startRedis();
    const done = await finished(ids, 220_000);
    for (const j of done) {
      expect(j.status, `${j.id}: ${j.error?.message ?? ''}`).toBe('done');
      expect(j.iterations).toBe(2);
      expectExactlyOnce(j);
    }
  }, 240_000);

  it('refuses a worker with a wrong token, and one whose token was revoked', async () => {
    const wrong = startWorker('nbw_aaaaaaaa_this-is-not-a-token-at-all');
    expect(await wrong.exited).toBe(2);
    expect(wrong.output()).toMatch(/refused this worker's token/);
    const { token, secret } = await api.workersCreateToken({ name: 'to-revoke' });
    expect((await api.workersRevokeToken({ tokenId: token.id })).revokedAt).not.toBeNull();
    const revoked = startWorker(secret);
    expect(await revoked.exited).toBe(2);
    // the host's token for the app API is no worker token, and a worker token opens no app API route
    const res = await fetch(`${server.baseUrl}/api/app:jobs.list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${workerToken}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });
});
