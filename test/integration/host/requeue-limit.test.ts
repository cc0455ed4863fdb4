// A job that freezes every worker it runs in is not requeued forever (issue 15, item 1): after MAX_WORKER_LOSSES
// workers died holding it, the host fails it with stop reason worker-lost and a message saying what to do.
// A real host, real worker processes (a runner that busy-loops) and a real SQLite file.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_WORKER_LOSSES } from '../../../main/host/host';
import type { RunningServer } from '../../../main/host/serve';
import { createHttpApi } from '../../../renderer/src/lib/api-client';
import { REPO_ROOT } from '../../helpers/corpus';
import { startHost, stopHost } from '../../helpers/host';

let dir: string;
let server: RunningServer;
const logs: string[] = [];

beforeAll(async () => {
  ({ dir, server } = await startHost('nbrevive-requeue-', {
    heartbeatTimeoutMs: 1_500,
    workerArgs: [
      '--runner',
      path.join(REPO_ROOT, 'test/fixtures/host/frozen-runner.ts'),
      '--poll-ms',
      '100',
      '--heartbeat-ms',
      '200',
    ],
    log: (line) => logs.push(line),
  }));
});

afterAll(() => stopHost(dir, server));

it('fails a job after it froze its worker MAX_WORKER_LOSSES times, with stop reason worker-lost', async () => {
  const api = createHttpApi(server.baseUrl, server.token);
  const { cases } = await api.casesImport({ path: path.join(REPO_ROOT, 'test/fixtures/host/hello.ipynb') });
  const { jobs } = await api.jobsEnqueue({ caseIds: [cases[0]!.id] });
  const jobId = jobs[0]!.id;
  const deadline = Date.now() + 90_000;
  let job = (await api.jobsGet({ jobId })).job;
  while (!['failed', 'done', 'cancelled'].includes(job.status) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300));
    job = (await api.jobsGet({ jobId })).job;
  }
  expect(job.status, logs.join('\n')).toBe('failed');
  expect(job.stopReason).toBe('worker-lost');
  expect(job.error?.message).toMatch(new RegExp(`died ${MAX_WORKER_LOSSES} times`));
  expect(logs.filter((l) => /missed its heartbeat/.test(l))).toHaveLength(MAX_WORKER_LOSSES);
  // and it stays failed: no worker claims it again
  await new Promise((r) => setTimeout(r, 1_500));
  expect((await api.jobsGet({ jobId })).job.status).toBe('failed');
}, 120_000);
