// The host's BullMQ backend against a real redis-server: queued jobs of the store go into the queue once each, in
// priority order; pause, global concurrency, reprioritizing and removing a cancelled job are BullMQ operations; a
// Redis that lost its data gets every queued job back; a silent remote worker's job is requeued.
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueueUrl } from '../../../main/core/distributed/redis-url';
import { createJob, importCase } from '../../../main/core/jobs/job-service';
import { openStore, type CaseRecord, type Store } from '../../../main/core/store';
import { BullQueueBackend, NO_GLOBAL_CAP } from '../../../main/host/queue/bullmq-backend';
import { REPO_ROOT } from '../../helpers/corpus';
import { freePort } from '../../helpers/ports';

const REDIS_SERVER = '/usr/bin/redis-server';
const MISSING = fs.existsSync(REDIS_SERVER) ? null : `${REDIS_SERVER} is missing (apt-get install redis-server)`;

async function until(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(MISSING !== null)(`the BullMQ queue backend${MISSING ? ` (skipped: ${MISSING})` : ''}`, () => {
  let dir: string;
  let redis: ChildProcess;
  let store: Store;
  let backend: BullQueueBackend;
  let record: CaseRecord;
  let redisPort: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-queue-controls-'));
    const port = await freePort();
    redisPort = port;
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir], {
      stdio: 'ignore',
    });
    store = openStore(path.join(dir, 'host.db'));
    record = await importCase(store, path.join(REPO_ROOT, 'test/fixtures/scale/cases/tally-a'));
    backend = new BullQueueBackend({
      store,
      connection: parseQueueUrl(`redis://127.0.0.1:${port}?prefix=controls`, {}),
      log: () => {},
      reconcileMs: 200,
      workerTimeoutMs: 1000,
    });
    await backend.start();
  });

  afterAll(async () => {
    await backend?.close();
    store?.close();
    redis?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const queuedIds = async () => (await backend.queue.getJobs(['prioritized', 'waiting'], 0, -1, true)).map((j) => j.id);

  it('adds each queued job once, highest priority first, and honours pause, concurrency and priority changes', async () => {
    const low = createJob(store, record, {}, { priority: 0 }).id;
    const high = createJob(store, record, {}, { priority: 5 }).id;
    backend.sync();
    backend.sync();
    await backend.idle();
    expect(await queuedIds()).toEqual([high, low]);
    await backend.reprioritize(low, 9);
    expect(await queuedIds()).toEqual([low, high]);
    await backend.configure(3, true);
    expect(await backend.queue.isPaused()).toBe(true);
    expect(await backend.queue.getGlobalConcurrency()).toBe(3);
    await backend.configure(NO_GLOBAL_CAP, false);
    expect(await backend.queue.isPaused()).toBe(false);
    // the default: no cap across workers, each worker's slots decide
    expect(await backend.queue.getGlobalConcurrency()).toBeNull();
    store.jobs.update(high, { status: 'cancelled', stopReason: 'cancelled' });
    await backend.dequeue(high);
    expect(await queuedIds()).toEqual([low]);
  });

  it('puts every queued job back into a Redis that lost its data', async () => {
    const before = await queuedIds();
    expect(before.length).toBeGreaterThan(0);
    // another client, as a restarted Redis without persistence would be: empty
    const client = new Redis({ host: '127.0.0.1', port: redisPort });
    await client.flushall();
    client.disconnect();
    await until('the queue to be rebuilt', async () => (await queuedIds()).length === before.length);
    expect((await queuedIds()).sort()).toEqual([...before].sort());
  });

  it("requeues the running job of a remote worker that went silent, and leaves a CLI's job alone", async () => {
    const remote = createJob(store, record, {}, { status: 'running', workerId: 'box:1:remote-dead' }).id;
    const cli = createJob(store, record, {}, { status: 'running', workerId: 'box:2:cli' }).id;
    store.jobs.update(remote, { heartbeatAt: Date.now() - 5000 });
    store.jobs.update(cli, { heartbeatAt: Date.now() - 5000 });
    await until('the silent job to be requeued', () => store.jobs.require(remote).status === 'queued');
    expect(store.jobs.require(cli).status).toBe('running');
    await until('it to be in the queue', async () => (await queuedIds()).includes(remote));
  });
});
