// Ends what a dead worker leaves behind. A worker killed outright (SIGKILL, OOM) cannot stop the Python runner and
// kernel it started (they run in their own session), and they would keep writing into the folder of a job that is
// about to resume. Every process the worker starts inherits NBREVIVE_WORKER_TAG; on Linux we find them by it.
import fs from 'node:fs';
import { workRootFor } from '../core/job-setup';
import { ownerAlive } from '../core/jobs/job-owner';
import { descendantsOf, readProcessTable } from '../core/runtime/process-tree';
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

function signal(pid: number, sig: NodeJS.Signals): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false; // exited meanwhile
  }
}

/**
 * Kills every process tagged `tag` and everything below them, tagged or not: a notebook's child may empty its
 * environment and double-fork into a session of its own (setsid), so neither the tag nor the process group finds
 * it; but the runner is its child subreaper, so it stays in the runner's tree. The tree is frozen first (SIGSTOP,
 * the runner included, so it can neither exit and orphan its children to init half-way through its own clean-up
 * nor fork on), then all of it is SIGKILLed at once. Returns how many processes were killed.
 */
export function killTagged(tag: string): number {
  const frozen = new Set<number>();
  for (const pid of processesTagged(tag)) if (signal(pid, 'SIGSTOP')) frozen.add(pid);
  if (frozen.size === 0) return 0;
  for (let pass = 0; pass < 20; pass++) {
    const table = readProcessTable();
    const found = [...frozen]
      .flatMap((root) => descendantsOf(root, table))
      .filter((pid) => !frozen.has(pid) && pid !== process.pid);
    if (found.length === 0) break;
    for (const pid of found) if (signal(pid, 'SIGSTOP')) frozen.add(pid);
  }
  let n = 0;
  for (const pid of frozen) if (signal(pid, 'SIGKILL')) n++;
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
