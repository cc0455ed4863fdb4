// The host's routes for remote workers over real HTTP and a real SQLite store (no Redis needed: the queue only
// carries ids): tokens, claim and takeover, idempotent iterations, log resends, cancel over the heartbeat, the
// requeue of a stopped worker's job, and blob downloads that resume.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCase, createJob } from '../../../main/core/jobs/job-service';
import { openStore, type Store } from '../../../main/core/store';
import { hashContent } from '../../../main/core/store/blobs';
import { EventHub } from '../../../main/host/event-hub';
import { createHttpTransport } from '../../../main/host/http-server';
import { WorkerApi } from '../../../main/host/queue/worker-api';
import { WorkerTokens } from '../../../main/host/queue/worker-tokens';
import { ClaimAnswerSchema } from '../../../shared/contracts/remote-worker';
import { REPO_ROOT } from '../../helpers/corpus';

const A = 'box-a:101:remote-aaaa';
const B = 'box-b:202:remote-bbbb';

const report = {
  status: 'error',
  wallTimeMs: 1200,
  timeoutMs: 600_000,
  errors: [],
  cells: [],
  filesWritten: [],
  scores: [null],
  score: null,
};
const verdict = {
  reproducible: false,
  errorFree: false,
  problem: 'error',
  reason: 'one cell failed',
  score: null,
  target: 0.7,
  relativeDeviation: null,
  pValue: null,
  method: 'tolerance',
};
const fix = {
  type: 'error-repair',
  source: 'rules',
  ruleIds: ['numpy.builtin-type-aliases'],
  plan: 'np.float → float',
  edits: [],
};

describe('the worker routes of a distributed host', () => {
  let dir: string;
  let store: Store;
  let base: string;
  let secret: string;
  let close: () => Promise<void>;

  const post = async (op: string, body: unknown, token = secret) => {
    const res = await fetch(`${base}/api/worker/${op}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string } } };
  };
  const newJob = async () => {
    const record = await importCase(store, path.join(REPO_ROOT, 'test/fixtures/scale/cases/tally-a'));
    return createJob(store, record, {}).id;
  };
  const iteration = (workerId: string, jobId: string, index: number, extra: Record<string, unknown> = {}) => {
    const notebook = `{"cells": [], "index": ${index}}`;
    return {
      workerId,
      jobId,
      index,
      report,
      verdict,
      fix: null,
      fixFailed: false,
      createdAt: new Date().toISOString(),
      notebook,
      versionHash: hashContent(notebook),
      executed: null,
      executedHash: null,
      ...extra,
    };
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-worker-routes-'));
    store = openStore(path.join(dir, 'host.db'));
    const tokens = new WorkerTokens(store);
    secret = tokens.create('box').secret;
    const api = new WorkerApi({
      store,
      events: new EventHub(),
      tokens,
      backend: null,
      hostToken: () => 'the-host-token',
      changed: () => {},
      log: () => {},
    });
    const transport = createHttpTransport({
      dispatcher: { channels: [], has: (() => false) as never, dispatch: async () => ({ ok: true, value: null }) },
      events: new EventHub(),
      token: 'the-host-token',
      staticDir: null,
      workerRoutes: (req, res, url) => api.handle(req, res, url),
    });
    await new Promise<void>((r) => transport.server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(transport.server.address() as { port: number }).port}`;
    close = () => new Promise((r) => transport.server.close(() => r()));
  });

  afterAll(async () => {
    await close();
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses requests without a valid token, and accepts the host token too', async () => {
    expect((await post('hello', {}, 'nbw_aaaaaaaa_wrongwrongwrongwrongwrong')).status).toBe(401);
    expect((await post('hello', {}, '')).status).toBe(401);
    const hello = { workerId: A, machine: 'box-a', pid: 101, slots: 2 };
    expect((await post('hello', hello)).status).toBe(200);
    expect((await post('hello', hello, 'the-host-token')).status).toBe(200);
  });

  it('hands out the bundle, stores each iteration once and fences a worker that lost its job', async () => {
    const jobId = await newJob();
    const claim = ClaimAnswerSchema.parse((await post('claim', { workerId: A, jobId })).body);
    expect(claim.run).toBe(true);
    if (!claim.run) return;
    expect(claim.files.map((f) => f.path)).toEqual(['data/numbers.csv']);
    expect(claim.iterations).toEqual([]);
    // the data file by its hash, resumed from byte 10
    const file = claim.files[0]!;
    const res = await fetch(`${base}/api/worker/blob/${file.sha256}`, {
      headers: { Authorization: `Bearer ${secret}`, Range: 'bytes=10-' },
    });
    expect(res.status).toBe(206);
    const full = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/scale/cases/tally-a/input/numbers.csv'));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(full.subarray(10));

    expect((await post('iteration', iteration(A, jobId, 0))).body).toEqual({ stored: 'inserted' });
    expect((await post('iteration', iteration(A, jobId, 0))).body).toEqual({ stored: 'unchanged' });
    expect((await post('iteration', iteration(A, jobId, 0, { fix }))).body).toEqual({ stored: 'updated' });
    expect((await post('iteration', iteration(A, jobId, 2))).status).toBe(409);
    expect(store.iterations.list(jobId)).toHaveLength(1);
    expect(store.iterations.get(jobId, 0)?.fix?.plan).toBe('np.float → float');

    // B takes the job over (A stalled): A's writes are refused from then on, B continues after iteration 0
    const takeover = ClaimAnswerSchema.parse((await post('claim', { workerId: B, jobId })).body);
    expect(takeover.run && takeover.iterations.map((i) => i.index)).toEqual([0]);
    const fenced = await post('iteration', iteration(A, jobId, 1));
    expect(fenced.status).toBe(409);
    expect(fenced.body.error?.code).toBe('not-owner');
    expect((await post('heartbeat', { workerId: A, machine: 'a', pid: 1, slots: 1, running: [jobId] })).body).toEqual({
      cancel: [],
      lost: [jobId],
    });
    expect((await post('iteration', iteration(B, jobId, 1))).body).toEqual({ stored: 'inserted' });
    expect(store.jobs.require(jobId).iterations).toBe(2);
  });

  it('drops resent log lines and ends a job its worker stopped back in the queue', async () => {
    const jobId = await newJob();
    await post('claim', { workerId: A, jobId });
    const line = (seq: number) => ({
      seq,
      iteration: 0,
      stream: 'stdout',
      text: `line ${seq}`,
      at: new Date().toISOString(),
    });
    expect((await post('logs', { workerId: A, jobId, lines: [line(1), line(2)] })).body).toEqual({ stored: 2 });
    expect((await post('logs', { workerId: A, jobId, lines: [line(2), line(3)] })).body).toEqual({ stored: 1 });
    expect(store.logs.tail(jobId).map((l) => l.text)).toEqual(['line 1', 'line 2', 'line 3']);
    const end = {
      workerId: A,
      jobId,
      status: 'paused',
      outcome: null,
      stopReason: null,
      bestIteration: null,
      score: null,
      error: null,
    };
    expect((await post('finish', end)).body).toEqual({ status: 'queued' });
    expect(store.jobs.require(jobId)).toMatchObject({ status: 'queued', workerId: null });
  });

  it('tells a worker about a cancel at its heartbeat, and skips a job cancelled in the queue', async () => {
    const running = await newJob();
    await post('claim', { workerId: A, jobId: running });
    store.jobs.update(running, { cancelRequested: true });
    const beat = await post('heartbeat', { workerId: A, machine: 'a', pid: 1, slots: 1, running: [running] });
    expect(beat.body).toEqual({ cancel: [running], lost: [] });
    const queued = await newJob();
    store.jobs.update(queued, { status: 'cancelled', stopReason: 'cancelled' });
    expect((await post('claim', { workerId: B, jobId: queued })).body).toEqual({ run: false, status: 'cancelled' });
  });
});
