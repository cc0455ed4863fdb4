// The HTTP transport of `nbrevive serve` against a real server and a real SQLite file (no worker process: these
// tests are about the API surface): token checks, schema validation, error mapping, static serving, SSE replay,
// and the renderer's HTTP client calling every kind of channel.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, RunningServer } from '../../../main/host/serve';
import { createHttpApi, ApiError } from '../../../renderer/src/lib/api-client';
import type { NbreviveApi } from '../../../shared/contracts/api';
import { describeCorpus, REPO_ROOT } from '../../helpers/corpus';
import { startHost, stopHost } from '../../helpers/host';
import { SseReader } from './sse';

const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/host/hello.ipynb');

let dir: string;
let server: RunningServer;
let api: NbreviveApi;
const logs: string[] = [];

async function post(channel: string, body: string | undefined, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return {
    status: res.status,
    body: (await res.json()) as { error?: { code: string; message: string } } & Record<string, unknown>,
    headers: res.headers,
  };
}
const auth = () => ({ authorization: `Bearer ${server.token}` });

beforeAll(async () => {
  ({ dir, server } = await startHost('nbrevive-http-', (root) => {
    const staticDir = path.join(root, 'renderer');
    fs.mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>nbrevive test shell</title>');
    fs.writeFileSync(path.join(staticDir, 'assets/app.js'), 'console.log("app")');
    fs.writeFileSync(path.join(root, 'secret.txt'), 'do not serve');
    return { staticDir, worker: false, log: (l) => logs.push(l) };
  }));
  api = createHttpApi(server.baseUrl, server.token);
});

afterAll(() => stopHost(dir, server));

describe('token', () => {
  it('refuses /api requests without the token or with a wrong one (401)', async () => {
    expect((await post('app:queue.status', '{}')).status).toBe(401);
    const wrong = await post('app:queue.status', '{}', { authorization: `Bearer ${server.token}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.code).toBe('unauthorized');
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect((await post('app:queue.status', '{}', { authorization: `Basic ${server.token}` })).status).toBe(401);
    const viaQuery = await fetch(`${server.baseUrl}/api/app:queue.status?token=nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(viaQuery.status).toBe(401);
    const events = new SseReader(`${server.baseUrl}/api/events?token=wrong`);
    expect(await events.ready).toBe(401);
    events.close();
    await expect(createHttpApi(server.baseUrl, 'wrong').queueStatus({})).rejects.toMatchObject({
      code: 'unauthorized',
      status: 401,
    });
  });

  it('accepts the token as a bearer header or a query parameter', async () => {
    expect((await post('app:queue.status', '{}', auth())).status).toBe(200);
    const viaQuery = await fetch(`${server.baseUrl}/api/app:queue.status?token=${server.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(viaQuery.status).toBe(200);
    expect(server.url).toBe(`${server.baseUrl}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
  });
});

describe('validation and errors', () => {
  it('answers a malformed request with 400 and the schema message', async () => {
    const empty = await post('app:jobs.enqueue', JSON.stringify({ caseIds: [] }), auth());
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({
      code: 'invalid-request',
      message: 'caseIds: caseIds must name at least one case',
    });
    const wrongType = await post('app:queue.setConcurrency', JSON.stringify({ concurrency: 0 }), auth());
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error?.message).toBe('concurrency: concurrency must be at least 1');
    const extra = await post('app:queue.status', JSON.stringify({ surprise: 1 }), auth());
    expect(extra.status).toBe(400);
    expect(extra.body.error?.message).toMatch(/Unrecognized key: "surprise"/);
    const notJson = await post('app:jobs.list', '{nope', auth());
    expect(notJson.status).toBe(400);
    expect(notJson.body.error?.message).toMatch(/not JSON/);
    await expect(api.jobsList({ limit: 5000 })).rejects.toMatchObject({
      status: 400,
      message: 'limit: limit must be at most 1000',
    });
  });

  it('maps typed errors to HTTP statuses and refuses unknown channels and methods', async () => {
    const missing = await post('app:jobs.get', JSON.stringify({ jobId: 'j-none' }), auth());
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe('not-found');
    expect(missing.body.error?.message).toMatch(/no job with id j-none/);
    expect((await post('app:jobs.explode', '{}', auth())).status).toBe(404);
    const get = await fetch(`${server.baseUrl}/api/app:queue.status`, { headers: auth() });
    expect(get.status).toBe(405);
    const nothing = await post('app:cases.import', JSON.stringify({ path: path.join(dir, 'absent.ipynb') }), auth());
    expect(nothing.status).toBe(404);
    expect(nothing.body.error?.code).toBe('file-not-found');
  });
});

describe('static renderer', () => {
  it('serves the built UI with security headers, SPA fallback and no CORS', async () => {
    const index = await fetch(`${server.baseUrl}/`, { headers: { origin: 'http://evil.example' } });
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('nbrevive test shell');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(index.headers.get('access-control-allow-origin')).toBeNull();
    const route = await fetch(`${server.baseUrl}/jobs/j-123`);
    expect(await route.text()).toContain('nbrevive test shell');
    const asset = await fetch(`${server.baseUrl}/assets/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${server.baseUrl}/assets/missing.js`)).status).toBe(404);
    const traversal = await fetch(`${server.baseUrl}/%2e%2e/secret.txt`);
    expect(await traversal.text()).not.toContain('do not serve');
    const api401 = await fetch(`${server.baseUrl}/api/app:queue.status`, {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    });
    expect(api401.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('events', () => {
  it('streams events with increasing ids and replays the ones after Last-Event-ID', async () => {
    const live = new SseReader(`${server.baseUrl}/api/events?token=${server.token}`);
    expect(await live.ready).toBe(200);
    const first = server.host.events.lastId;
    for (let i = 0; i < 3; i++) await api.queueSetConcurrency({ concurrency: i + 1 });
    await live.waitFor((m) => m.filter((x) => x.event === 'app:queue.changed').length >= 3, 5000);
    const ids = live.messages.map((m) => m.id ?? -1);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(live.payloads<{ concurrency: number }>('app:queue.changed').map((p) => p.concurrency)).toEqual([1, 2, 3]);
    live.close();
    const replay = new SseReader(`${server.baseUrl}/api/events?token=${server.token}`, {
      'last-event-id': String(first + 1),
    });
    await replay.waitFor((m) => m.length >= 2, 5000);
    expect(replay.messages.map((m) => m.id)).toEqual([first + 2, first + 3]);
    replay.close();
  });
});

describe('the HTTP client over every kind of channel', () => {
  it('imports a notebook, queues, reprioritises, cancels, retries, reviews and exports', async () => {
    const sse = new SseReader(`${server.baseUrl}/api/events?token=${server.token}`);
    const client = createHttpApi(server.baseUrl, server.token, { createEventSource: () => sse.asEventSource() });
    const changes: string[] = [];
    const off = client.onQueueChanged((e) => changes.push(e.reason));
    await client.queuePause({});
    const imported = await client.casesImport({ path: FIXTURE });
    expect(imported.errors).toEqual([]);
    const caseId = imported.cases[0]?.id as string;
    expect(caseId).toBe('hello');
    const listed = await client.casesList({ search: 'hell' });
    expect(listed.items.map((c) => c.id)).toEqual(['hello']);
    const { jobs } = await client.jobsEnqueue({
      caseIds: [caseId, caseId],
      settings: { maxIterations: 2 },
      priority: 1,
    });
    expect(jobs.map((j) => j.status)).toEqual(['queued', 'queued']);
    expect(jobs[0]?.settings.maxIterations).toBe(2);
    const [a, b] = jobs.map((j) => j.id) as [string, string];
    expect((await client.jobsSetPriority({ jobId: b, priority: 5 })).priority).toBe(5);
    const byPriority = await client.jobsList({ sort: 'priority', order: 'desc', status: ['queued'] });
    expect(byPriority.items[0]?.id).toBe(b);
    expect(byPriority.total).toBe(2);
    expect((await client.jobsCancel({ jobId: a })).status).toBe('cancelled');
    await expect(client.jobsRetry({ jobId: b })).rejects.toBeInstanceOf(ApiError);
    expect((await client.jobsRetry({ jobId: a })).status).toBe('queued');
    expect((await client.queueStatus({})).queued).toBe(2);
    expect((await client.casesGet({ caseId })).jobs).toHaveLength(2);
    const review = await client.reviewsSet({ jobId: a, verdict: 'unsure', note: 'plots differ' });
    expect((await client.reviewsGet({ jobId: a })).review).toEqual(review);
    expect((await client.jobsGet({ jobId: a })).review?.note).toBe('plots differ');
    // the jobs table's Review column and the review filters read the verdict from the listed jobs
    expect((await client.jobsGet({ jobId: a })).job.reviewVerdict).toBe('unsure');
    const listedVerdicts = (await client.jobsList({})).items.map((j) => [j.id, j.reviewVerdict]);
    expect(listedVerdicts).toEqual(
      expect.arrayContaining([
        [a, 'unsure'],
        [b, null],
      ]),
    );
    await expect(client.iterationsGetReport({ jobId: a, index: 0 })).rejects.toMatchObject({ code: 'not-found' });
    expect((await client.iterationsList({ jobId: a })).items).toEqual([]);
    const csv = await client.exportsReport({ format: 'csv', jobIds: [a] });
    expect(csv.content?.split('\r\n')[0]).toMatch(/^jobId,caseId,outcome/);
    const stats = await client.statsCorpus({ jobIds: [a, b] });
    expect(stats.jobs).toBe(2);
    await sse.waitFor((m) => m.some((x) => x.event === 'app:queue.changed' && x.data.includes('"retried"')), 5000);
    expect(changes).toEqual(expect.arrayContaining(['enqueued', 'cancelled', 'retried', 'priority']));
    off();
    off();
    await client.queueResume({});
  });

  it('keeps the API key on the host: settings only say hasKey', async () => {
    const before = await api.settingsGet({});
    expect(before.llm.hasKey).toBe(false);
    const after = await api.settingsSet({
      llm: { apiKey: 'sk-test-secret', model: 'gpt-x' },
      defaults: { maxIterations: 3 },
    });
    expect(after.llm).toMatchObject({ hasKey: true, model: 'gpt-x' });
    expect(after.defaults.maxIterations).toBe(3);
    expect(JSON.stringify(after)).not.toContain('sk-test-secret');
    const keyFile = path.join(dir, 'llm-api-key');
    expect(fs.statSync(keyFile).mode & 0o077).toBe(0);
    expect((await api.settingsSet({ llm: { apiKey: null } })).llm.hasKey).toBe(false);
  });

  it('checks a runtime and reports what is wrong', async () => {
    const bad = await api.runtimesCheck({ runtime: 'local', python: path.join(dir, 'no-python') });
    expect(bad.ok).toBe(false);
    expect(bad.message).toMatch(/not found/);
  });
});

describe('binding', () => {
  it('refuses a non-loopback host without --allow-remote and warns with it', async () => {
    await expect(startServer({ db: path.join(dir, 'remote.db'), host: '0.0.0.0', worker: false })).rejects.toThrow(
      /--allow-remote/,
    );
    const warnings: string[] = [];
    const remote = await startServer({
      db: path.join(dir, 'remote.db'),
      host: '0.0.0.0',
      allowRemote: true,
      worker: false,
      staticDir: null,
      log: (l) => warnings.push(l),
    });
    try {
      expect(warnings.join('\n')).toMatch(/WARNING: .*reachable from other machines/);
    } finally {
      await remote.close();
    }
  });
});

describeCorpus('importing a corpus folder', (corpusDir) => {
  it('imports every case below the folder and lists them', async () => {
    const result = await api.casesImport({ path: corpusDir });
    expect(result.errors).toEqual([]);
    const ids = result.cases.map((c) => c.id);
    expect(ids).toContain('srk-titanic-exploration');
    expect(ids.length).toBe(
      fs.readdirSync(corpusDir).filter((d) => fs.existsSync(path.join(corpusDir, d, 'nbrevive.case.json'))).length,
    );
    const page = await api.casesList({ sort: 'id', order: 'asc', limit: 3, offset: 1 });
    expect(page.total).toBeGreaterThanOrEqual(ids.length);
    expect(page.items).toHaveLength(3);
    const detail = await api.casesGet({ caseId: 'srk-titanic-exploration' });
    expect(detail.case.score.kind).toBe('output');
    expect(detail.summary.target?.value).toBeCloseTo(0.7084745762711865);
  });
});
