// Request-parsing hardening of `nbrevive serve` (issue 15): malformed paths, bodies that are not JSON, bodies over
// the limit, Host/Origin checks. A real server on a real SQLite file, raw requests through node:http so nothing
// normalizes what the test sends.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../main/host/serve';

let dir: string;
let server: RunningServer;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request as written, on its own connection; rejects when the connection is reset. */
function raw(method: string, pathAndQuery: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path: pathAndQuery, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-http-hard-'));
  server = await startServer({ db: path.join(dir, 'nbrevive.db'), staticDir: null, worker: false, concurrency: 1, log: () => {} });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

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
