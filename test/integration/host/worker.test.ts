// The worker process with the real loop on a real corpus case, through a real `serve` host: events stream in
// order over SSE, a worker SIGKILLed mid-iteration loses no persisted iteration and its job completes, and a host
// killed outright leaves a queue the next host finishes.
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../../../main/core/store';
import { processesTagged } from '../../../main/host/orphans';
import type { RunningServer } from '../../../main/host/serve';
import { createHttpApi } from '../../../renderer/src/lib/api-client';
import type { NbreviveApi } from '../../../shared/contracts/api';
import type { IterationSummary, JobProgressEvent, LogLine } from '../../../shared/contracts/schemas';
import { corpusCase, describeCorpus, REPO_ROOT } from '../../helpers/corpus';
import { startHost, stopHost } from '../../helpers/host';
import { TEST_PYTHON } from '../../helpers/python';
import { SseReader } from './sse';
import { until as untilEvery } from '../../helpers/until';

const CASE = 'srk-titanic-exploration';
const WORKER_ARGS = ['--poll-ms', '200', '--heartbeat-ms', '500'];

/** this file polls every 250 ms */
const until = <T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>) =>
  untilEvery(what, timeoutMs, probe, 250);

/** the Python processes (runner, kernel) a worker started: everything tagged with its tag except Node's own */
function pythonProcesses(tag: string): string[] {
  return processesTagged(tag)
    .map((pid) => {
      try {
        return `${pid}: ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 160)}`;
      } catch {
        return '';
      }
    })
    .filter((line) => /python/i.test(line));
}

const finished = (api: NbreviveApi, jobId: string, timeoutMs: number) =>
  until(`job ${jobId} to finish`, timeoutMs, async () => {
    const { job } = await api.jobsGet({ jobId });
    return ['done', 'failed', 'cancelled'].includes(job.status) ? job : null;
  });

describeCorpus('worker and host with the real loop', () => {
  let dir: string;
  let server: RunningServer;
  let api: NbreviveApi;

  beforeAll(async () => {
    ({ dir, server } = await startHost('nbrevive-worker-', { workerArgs: WORKER_ARGS }));
    api = createHttpApi(server.baseUrl, server.token);
    await api.casesImport({ path: corpusCase(CASE) });
  });

  afterAll(() => stopHost(dir, server));

  it('streams progress, log lines and finished iterations in order over SSE', async () => {
    const sse = new SseReader(`${server.baseUrl}/api/events?token=${server.token}`);
    expect(await sse.ready).toBe(200);
    const { jobs } = await api.jobsEnqueue({ caseIds: [CASE], settings: { python: TEST_PYTHON, maxIterations: 2 } });
    const jobId = jobs[0]?.id as string;
    const job = await finished(api, jobId, 240_000);
    expect(job.status).toBe('done');
    await sse.waitFor(
      (m) => m.some((x) => x.event === 'app:jobs.progress' && x.data.includes('"phase":"finished"')),
      10_000,
    );
    sse.close();
    const ids = sse.messages.map((m) => m.id as number);
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] as number))).toBe(true);

    const mine = sse.messages.filter((m) => (JSON.parse(m.data) as { jobId?: string }).jobId === jobId);
    const logs = mine.filter((m) => m.event === 'app:logs.line').map((m) => JSON.parse(m.data) as LogLine);
    // every stored line arrived live, once, in order, with the sequence number `logs.tail` gives it
    const stored = (await api.logsTail({ jobId, limit: 5000 })).lines;
    expect(logs.map((l) => l.seq)).toEqual(stored.map((l) => l.seq));
    expect(logs.map((l) => l.text)).toEqual(stored.map((l) => l.text));
    expect(stored.map((l) => l.seq)).toEqual(stored.map((_, i) => i + 1));

    const iterations = mine
      .filter((m) => m.event === 'app:iterations.finished')
      .map((m) => JSON.parse(m.data) as IterationSummary);
    expect(iterations.map((i) => i.index)).toEqual((await api.iterationsList({ jobId })).items.map((i) => i.index));
    expect(iterations.length).toBe(job.iterations);
    // each iteration's progress (executing, cell by cell) comes before its finished event, and 'finished' is last
    const order = mine.map((m) => {
      const p = JSON.parse(m.data) as { phase?: string; iteration?: number | null; index?: number };
      return m.event === 'app:jobs.progress'
        ? `p${p.phase}:${p.iteration}`
        : m.event === 'app:iterations.finished'
          ? `i:${p.index}`
          : 'log';
    });
    for (const it of iterations) {
      const executing = order.indexOf(`pexecuting:${it.index}`);
      expect(executing).toBeGreaterThanOrEqual(0);
      expect(executing).toBeLessThan(order.indexOf(`i:${it.index}`));
    }
    expect(order.filter((o) => o !== 'log').at(-1)).toMatch(/^pfinished:/);
    const cells = mine
      .filter((m) => m.event === 'app:jobs.progress')
      .map((m) => JSON.parse(m.data) as JobProgressEvent)
      .filter((p) => p.iteration === 0 && p.cell);
    expect(cells.map((p) => p.cell?.ordinal)).toEqual(cells.map((_, i) => i + 1));
  });

  it('cancels a running job within seconds and stops its Python processes', async () => {
    const sse = new SseReader(`${server.baseUrl}/api/events?token=${server.token}`);
    await sse.ready;
    const { jobs } = await api.jobsEnqueue({ caseIds: [CASE], settings: { python: TEST_PYTHON, maxIterations: 2 } });
    const jobId = jobs[0]?.id as string;
    await sse.waitFor(
      (m) =>
        m.some(
          (x) => x.event === 'app:jobs.progress' && x.data.includes(jobId) && x.data.includes('"cell":{"ordinal":2'),
        ),
      120_000,
      'cell 2 to run',
    );
    sse.close();
    const tag = server.host.supervisor?.workerTag as string;
    expect(pythonProcesses(tag).length, 'runner and kernel').toBeGreaterThanOrEqual(2);
    const t0 = Date.now();
    expect((await api.jobsCancel({ jobId })).status).toBe('running');
    const job = await finished(api, jobId, 15_000);
    expect(job.status).toBe('cancelled');
    expect(Date.now() - t0, 'milliseconds from cancel to cancelled').toBeLessThan(10_000);
    await until('the runner and kernel to exit', 20_000, async () => pythonProcesses(tag).length === 0).catch(
      (e: Error) => {
        throw new Error(`${e.message}; left: ${pythonProcesses(tag).join('; ')}`);
      },
    );
  });

  it('resumes a job whose worker was SIGKILLed mid-iteration without losing a persisted iteration', async () => {
    const sse = new SseReader(`${server.baseUrl}/api/events?token=${server.token}`);
    await sse.ready;
    const { jobs } = await api.jobsEnqueue({ caseIds: [CASE], settings: { python: TEST_PYTHON, maxIterations: 3 } });
    const jobId = jobs[0]?.id as string;
    const executingSecond = (m: { event: string; data: string }[]) =>
      m.some(
        (x) =>
          x.event === 'app:jobs.progress' &&
          x.data.includes(jobId) &&
          /"phase":"executing","iteration":1,.*"cell":\{"ordinal":2/.test(x.data),
      );
    await sse.waitFor(executingSecond, 180_000, 'iteration 1 to be executing');
    const before = (await api.iterationsList({ jobId })).items;
    expect(before.map((i) => i.index)).toEqual([0]);
    const workerPid = server.host.supervisor?.pid as number;
    const tag = server.host.supervisor?.workerTag as string;
    expect(pythonProcesses(tag).length, 'runner and kernel').toBeGreaterThanOrEqual(2);
    process.kill(workerPid, 'SIGKILL');
    await until('a new worker', 30_000, async () =>
      server.host.supervisor?.alive && server.host.supervisor.pid !== workerPid ? true : null,
    );
    // the runner and kernel (and tsx's esbuild) the dead worker left are ended before the job resumes in their folder
    expect(processesTagged(tag)).toEqual([]);
    const job = await finished(api, jobId, 240_000);
    sse.close();
    expect(job.status).toBe('done');
    const after = (await api.iterationsList({ jobId })).items;
    expect(after.map((i) => i.index)).toEqual(after.map((_, i) => i));
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(after[0]).toEqual({ ...before[0], fix: before[0]?.fix ?? null });
    const store = openStore(path.join(dir, 'nbrevive.db'));
    try {
      expect(store.jobs.require(jobId).attempts).toBe(2);
    } finally {
      store.close();
    }
  });
});

describeCorpus('host restart', () => {
  let dir: string;
  const hosts: ChildProcess[] = [];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-restart-'));
  });
  afterAll(() => {
    for (const h of hosts) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function startHost(db: string): Promise<{ child: ChildProcess; api: NbreviveApi; workerPid: number }> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'test/integration/host/serve-process.ts'), db],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    hosts.push(child);
    const line = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`host exited with ${code} before it was ready`)));
    });
    const { baseUrl, token, workerPid } = JSON.parse(line) as { baseUrl: string; token: string; workerPid: number };
    return { child, api: createHttpApi(baseUrl, token), workerPid };
  }

  it('continues the queue after the host is killed and started again', async () => {
    const db = path.join(dir, 'nbrevive.db');
    const first = await startHost(db);
    await first.api.casesImport({ path: corpusCase(CASE) });
    const { jobs } = await first.api.jobsEnqueue({
      caseIds: [CASE, CASE],
      settings: { python: TEST_PYTHON, maxIterations: 1 },
    });
    const ids = jobs.map((j) => j.id);
    await until(
      'the first job to run',
      60_000,
      async () => (await first.api.jobsGet({ jobId: ids[0] as string })).job.status === 'running',
    );
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    // the orphaned worker sees its host gone, parks its job and exits
    await until('the old worker to exit', 30_000, async () => {
      try {
        process.kill(first.workerPid, 0);
        return null;
      } catch {
        return true;
      }
    });
    const second = await startHost(db);
    for (const id of ids) expect((await finished(second.api, id as string, 240_000)).status).toBe('done');
    const listed = await second.api.jobsList({ status: ['done'] });
    expect(listed.total).toBe(2);
    for (const id of ids)
      expect((await second.api.iterationsList({ jobId: id as string })).items.map((i) => i.index)).toEqual([0]);
    const store = openStore(db);
    try {
      // the job that was running when the host died was claimed again
      expect(store.jobs.require(ids[0] as string).attempts).toBe(2);
    } finally {
      store.close();
    }
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  });
});
