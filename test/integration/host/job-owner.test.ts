// Who owns a running job, against real processes and a real SQLite file: a host starting on a database requeues
// the jobs a killed process left running, but leaves alone the jobs of a live `nbrevive` process (a CLI run in a
// terminal, another host's worker); a CLI resuming a job takes it atomically.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerAlive, ownerId } from '../../../main/core/jobs/job-owner';
import { NbreviveHost } from '../../../main/host/host';
import { deadPid, spawnLookalike } from '../../helpers/processes';
import { seedCase, useTempStores } from '../store/store-fixtures';

const stores = useTempStores();
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

async function liveNbreviveProcess(): Promise<number> {
  const child = await spawnLookalike();
  children.push(child);
  return child.pid;
}

describe('ownerAlive', () => {
  it('tells live nbrevive processes from dead ones, reused pids and malformed owners', async () => {
    expect(ownerAlive(ownerId('cli'))).toBe(true);
    expect(ownerAlive(ownerId('cli', await liveNbreviveProcess()))).toBe(true);
    expect(ownerAlive(ownerId('cli', deadPid()))).toBe(false);
    // a live process that is not nbrevive: its pid was reused
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(other);
    for (let i = 0; i < 100 && !fs.readFileSync(`/proc/${other.pid}/cmdline`, 'utf8').startsWith('sleep'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(ownerAlive(ownerId('cli', other.pid as number))).toBe(false);
    // another machine sharing the database: cannot tell, so alive
    expect(ownerAlive(`not-${os.hostname()}:1:cli`)).toBe(true);
    expect(ownerAlive(null)).toBe(false);
    expect(ownerAlive('garbage')).toBe(false);
  });
});

describe('host start', () => {
  it('requeues only the running jobs whose process is gone', async () => {
    const dir = stores.dir();
    const file = path.join(dir, 'nbrevive.db');
    const store = stores.open(file);
    const caseId = seedCase(store);
    const live = store.jobs.create({
      caseId,
      status: 'running',
      workerId: ownerId('cli', await liveNbreviveProcess()),
    });
    const dead = store.jobs.create({ caseId, status: 'running', workerId: ownerId('cli', deadPid()) });
    const anonymous = store.jobs.create({ caseId, status: 'running' });
    const host = await NbreviveHost.start({ dbPath: file, worker: false, defaultConcurrency: 1 });
    try {
      expect(store.jobs.require(live.id).status).toBe('running');
      expect(store.jobs.require(dead.id)).toMatchObject({ status: 'queued', workerId: null });
      expect(store.jobs.require(anonymous.id).status).toBe('queued');
    } finally {
      await host.close();
    }
  });
});

describe('claiming one job', () => {
  it('takes it only from the given statuses, once', () => {
    const store = stores.open();
    const caseId = seedCase(store);
    const job = store.jobs.create({ caseId });
    store.jobs.update(job.id, {
      status: 'failed',
      error: { code: 'internal', message: 'boom' },
      finishedAt: Date.now(),
    });
    const claimed = store.jobs.claim(job.id, 'me:1:cli', ['queued', 'failed']);
    expect(claimed).toMatchObject({ status: 'running', workerId: 'me:1:cli', attempts: 1, finishedAt: null });
    // a second claimant loses: the job is running now
    expect(store.jobs.claim(job.id, 'other:2:cli', ['queued', 'failed'])).toBeNull();
    expect(store.jobs.require(job.id).workerId).toBe('me:1:cli');
    // and the host's worker never claims a running job
    expect(store.jobs.claimNext('worker:3:x')).toBeNull();
  });
});
