// Ends what a dead worker leaves behind. A worker killed outright (SIGKILL, OOM) cannot stop the Python runner and
// kernel it started (they run in their own session), and they would keep writing into the folder of a job that is
// about to resume. Every process the worker starts inherits NBREVIVE_WORKER_TAG; on Linux we find them by it.
import fs from 'node:fs';
import { workRootFor } from '../core/engine';
import { ownerAlive } from '../core/jobs/job-owner';
import type { Store } from '../core/store';

export const WORKER_TAG_ENV = 'NBREVIVE_WORKER_TAG';

/** pids of live processes whose environment carries `NBREVIVE_WORKER_TAG=<tag>` (empty where /proc is absent) */
export function processesTagged(tag: string): number[] {
  const needle = Buffer.from(`${WORKER_TAG_ENV}=${tag}\0`);
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`);
      if (environ.includes(needle)) found.push(Number(entry));
    } catch {
      // gone already, or another user's process
    }
  }
  return found;
}

/** SIGKILLs every process tagged `tag`; returns how many were signalled */
export function killTagged(tag: string): number {
  let n = 0;
  for (const pid of processesTagged(tag)) {
    try {
      process.kill(pid, 'SIGKILL');
      n++;
    } catch {
      // exited meanwhile
    }
  }
  return n;
}

/**
 * Removes the Docker containers of this database's jobs that no live process runs (their worker or CLI was killed
 * outright). Without a reachable engine there is nothing to do: resolves with []. Returns the jobs whose
 * containers were removed.
 */
export async function removeOrphanJobContainers(store: Store, dockerHost?: string): Promise<string[]> {
  const { connectEngine } = await import('../core/runtime/docker/engine');
  const { removeOrphanContainers } = await import('../core/runtime/docker/container-run');
  let connection;
  try {
    connection = connectEngine(dockerHost);
    await connection.docker.ping();
  } catch {
    return [];
  }
  return removeOrphanContainers(connection, workRootFor(store), (jobId) => {
    const job = store.jobs.get(jobId);
    return job?.status === 'running' && ownerAlive(job.workerId);
  });
}
