// Request-parsing hardening of `nbrevive serve` (issue 15): malformed paths, bodies that are not JSON, bodies over
// the limit, Host/Origin checks. A real server on a real SQLite file, raw requests through node:http so nothing
// normalizes what the test sends.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../main/host/serve';
import { REPO_ROOT } from '../../helpers/corpus';
import { startBareHost, stopHost } from '../../helpers/host';

const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/host/hello.ipynb');

let dir: string;
let server: RunningServer;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request as written, on its own connection; rejects when the connection is reset. */
function raw(
  method: string,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method, path: pathAndQuery, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  ({ dir, server } = await startBareHost('nbrevive-http-hard-'));
});

afterAll(() => stopHost(dir, server));

describe('malformed request paths', () => {
  it('answers a path that is not valid percent-encoding with 400 and keeps serving', async () => {
    const bad = await raw('POST', `/api/%E0%A4%A?token=${server.token}`, json, '{}');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe('invalid-request');
    expect(JSON.parse(bad.body).error.message).toMatch(/percent-encoding/);
    const after = await raw('POST', `/api/app:queue.status?token=${server.token}`, json, '{}');
    expect(after.status).toBe(200);
  });
});

describe('job settings the CLI refuses are refused by the API too (item 6)', () => {
  async function enqueue(settings: Record<string, unknown>) {
    const imported = await raw(
      'POST',
      `/api/app:cases.import?token=${server.token}`,
      json,
      JSON.stringify({ path: FIXTURE }),
    );
    expect(imported.status, imported.body).toBe(200);
    const caseId = (JSON.parse(imported.body) as { cases: { id: string }[] }).cases[0]!.id;
    return raw(
      'POST',
      `/api/app:jobs.enqueue?token=${server.token}`,
      json,
      JSON.stringify({ caseIds: [caseId], settings }),
    );
  }

  it('maxIterations 0 is a 400 naming the rule', async () => {
    const r = await enqueue({ maxIterations: 0 });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error.message).toMatch(/maxIterations must be at least 1/);
  });

  it('a timeout past Node timers (2^31 ms) is a 400, not a run that times out after 1 ms', async () => {
    const r = await enqueue({ timeoutMs: 2 ** 31 });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error.message).toMatch(/timeoutMs must be at most 2147483647 ms/);
    expect((await enqueue({ timeoutMs: 2 ** 31 - 1 })).status).toBe(200);
  });

  it('jobs stored by earlier versions with such settings still load (as one execution, the longest timeout)', async () => {
    const ok = await enqueue({});
    const jobId = (JSON.parse(ok.body) as { jobs: { id: string }[] }).jobs[0]!.id;
    const db = new Database(path.join(dir, 'nbrevive.db'));
    db.prepare('UPDATE jobs SET settings = ? WHERE id = ?').run(
      JSON.stringify({ maxIterations: 0, timeoutMs: 2 ** 40 }),
      jobId,
    );
    db.close();
    const got = await raw('POST', `/api/app:jobs.get?token=${server.token}`, json, JSON.stringify({ jobId }));
    expect(got.status, got.body).toBe(200);
    expect(JSON.parse(got.body).job.settings).toMatchObject({ maxIterations: 1, timeoutMs: 2 ** 31 - 1 });
  });
});

describe('importing something that is not a file or folder through the API (item 3)', () => {
  it.each(['/dev/zero', '/dev/urandom', 'FIFO'])('app:cases.import %s answers 400 at once', async (target) => {
    let file = target;
    if (target === 'FIFO') {
      file = path.join(dir, 'pipe.ipynb');
      if (!fs.existsSync(file)) execFileSync('mkfifo', [file]);
    }
    const started = Date.now();
    const r = await raw('POST', `/api/app:cases.import?token=${server.token}`, json, JSON.stringify({ path: file }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.status, r.body).toBe(400);
    expect(JSON.parse(r.body).error.message).toMatch(
      /is (a character device|a named pipe \(FIFO\)), not a file or folder/,
    );
  });

  it('a FIFO inside a folder being imported is skipped, not read', async () => {
    const folder = path.join(dir, 'with-fifo');
    fs.mkdirSync(folder, { recursive: true });
    execFileSync('mkfifo', [path.join(folder, 'stuck.ipynb')]);
    fs.copyFileSync(FIXTURE, path.join(folder, 'hello.ipynb'));
    const started = Date.now();
    const r = await raw('POST', `/api/app:cases.import?token=${server.token}`, json, JSON.stringify({ path: folder }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.status, r.body).toBe(200);
  });
});

describe('bodies (item 6)', () => {
  it('a text/plain or form body is refused with 415, even when it holds JSON', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
      const r = await raw('POST', `/api/app:queue.status?token=${server.token}`, { 'content-type': type }, '{}');
      expect(r.status, type).toBe(415);
      expect(JSON.parse(r.body).error.message).toMatch(/Content-Type: application\/json/);
    }
    expect((await raw('POST', `/api/app:queue.status?token=${server.token}`, json, '{}')).status).toBe(200);
    // no body at all needs no type
    expect((await raw('POST', `/api/app:queue.status?token=${server.token}`)).status).toBe(200);
  });

  it('a body over the limit gets the 413 JSON answer, not a connection reset', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    const r = await raw(
      'POST',
      `/api/app:queue.status?token=${server.token}`,
      { ...json, 'content-length': String(big.length) },
      big,
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.message).toMatch(/over the 20 MiB limit/);
    expect((await raw('POST', `/api/app:queue.status?token=${server.token}`, json, '{}')).status).toBe(200);
  });
});

describe('Host and Origin (item 6)', () => {
  it('answers the loopback names and refuses any other Host (DNS rebinding), for the API and the UI', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, 'localhost']) {
      expect(
        (await raw('POST', `/api/app:queue.status?token=${server.token}`, { ...json, host }, '{}')).status,
        host,
      ).toBe(200);
    }
    for (const host of [`evil.example:${server.port}`, 'evil.example', '127.0.0.1.evil.example']) {
      const api = await raw('POST', `/api/app:queue.status?token=${server.token}`, { ...json, host }, '{}');
      expect(api.status, host).toBe(403);
      expect(JSON.parse(api.body).error.message).toMatch(/answers only to its own address/);
      expect((await raw('GET', '/', { host })).status, host).toBe(403);
    }
  });

  it('refuses cross-origin API requests and accepts same-origin ones', async () => {
    const cross = await raw(
      'POST',
      `/api/app:queue.status?token=${server.token}`,
      { ...json, origin: 'http://evil.example' },
      '{}',
    );
    expect(cross.status).toBe(403);
    expect(JSON.parse(cross.body).error.message).toMatch(/cross-origin API requests are refused/);
    const same = await raw(
      'POST',
      `/api/app:queue.status?token=${server.token}`,
      { ...json, origin: `http://127.0.0.1:${server.port}` },
      '{}',
    );
    expect(same.status).toBe(200);
  });

  it('with --allow-remote on one address, answers that name too', async () => {
    const { hostAllowed } = await import('../../../main/host/auth');
    expect(hostAllowed('10.1.2.3:7878', ['10.1.2.3'])).toBe(true);
    expect(hostAllowed('evil.example:7878', ['10.1.2.3'])).toBe(false);
    expect(hostAllowed('anything:1', 'any')).toBe(true);
    expect(hostAllowed('[::1]:7878')).toBe(true);
    expect(hostAllowed(undefined)).toBe(false);
  });
});
