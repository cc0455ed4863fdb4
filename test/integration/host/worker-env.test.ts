// The worker process gets no secrets through its environment (issue 15, item 4): a notebook can read its parents'
// /proc/<pid>/environ, so an OPENAI_API_KEY the host was started with reaches the worker over the port instead.
// A real host on a real SQLite file; the worker process is a stand-in that records what it was given.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { NbreviveHost } from '../../../main/host/host';
import type { WorkerProcess } from '../../../main/host/worker-supervisor';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-worker-env-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("keeps secret-named variables out of the worker's environment and sends the host's OPENAI_API_KEY over the port", async () => {
  const saved = { key: process.env.OPENAI_API_KEY, token: process.env.SOME_SERVICE_TOKEN };
  process.env.OPENAI_API_KEY = 'sk-host-env-0123456789';
  process.env.SOME_SERVICE_TOKEN = 'tok-0123456789';
  const given: { env?: NodeJS.ProcessEnv; sent: unknown[] } = { sent: [] };
  const host = await NbreviveHost.start({
    dbPath: path.join(dir, 'nbrevive.db'),
    defaultConcurrency: 1,
    secrets: { getKey: () => null, setKey: () => {}, hasKey: () => false } as never,
    spawnWorker: (_args, env) => {
      given.env = env;
      const child: EventEmitter & { exitCode: number | null; connected: boolean } = Object.assign(new EventEmitter(), {
        pid: 1,
        exitCode: null as number | null,
        signalCode: null,
        connected: true,
        send: (m: unknown) => {
          given.sent.push(m);
          if ((m as { type: string }).type === 'shutdown') exit();
        },
        kill: () => (exit(), true),
      });
      const exit = () =>
        setImmediate(() => {
          child.exitCode = 0;
          child.connected = false;
          child.emit('exit', 0, null);
        });
      setImmediate(() => child.emit('message', { type: 'ready', workerId: 'w-test', pid: 1 }));
      return child as unknown as WorkerProcess;
    },
  });
  try {
    for (let i = 0; i < 50 && !given.sent.some((m) => (m as { type: string }).type === 'configure'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(given.env?.OPENAI_API_KEY).toBeUndefined();
    expect(given.env?.SOME_SERVICE_TOKEN).toBeUndefined();
    expect(given.env?.PATH).toBe(process.env.PATH);
    expect(given.env?.NBREVIVE_WORKER_TAG).toMatch(/^[0-9a-f]{16}$/);
    expect(given.sent).toContainEqual(
      expect.objectContaining({ type: 'configure', llmApiKey: 'sk-host-env-0123456789' }),
    );
  } finally {
    await host.close();
    for (const [name, value] of [
      ['OPENAI_API_KEY', saved.key],
      ['SOME_SERVICE_TOKEN', saved.token],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});
