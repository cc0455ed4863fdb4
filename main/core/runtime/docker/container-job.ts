// The docker runtime's job folders and how a container run ended: host paths as the kernel sees them (Kaggle's
// layout), the working folders handed to the container's user, and the outcome of a run that did not end cleanly.
import fs from 'node:fs';
import path from 'node:path';
import { formatDuration } from '../../../../shared/lib/format';
import { ExecutionTracker, whileRunning } from '../execution-report';
import { lastLines } from '../run-result';
import type { TailBuffer } from '../runner-protocol';
import { CONTAINER_EXTRA_DIR, CONTAINER_INPUT_DIR, CONTAINER_WORKING_DIR, GiB } from './container-config';
import type { ContainerRunResult } from './container-run';

/** The job's folders as the kernel sees them: Kaggle's own paths, so /kaggle/input literals need no rewriting. */
export function kernelPathMapper(jobDir: string): (hostPath: string) => string {
  const kernelRoots: Array<[string, string]> = [
    [path.join(jobDir, 'input'), CONTAINER_INPUT_DIR],
    [path.join(jobDir, 'working'), CONTAINER_WORKING_DIR],
    [path.join(jobDir, 'extra'), CONTAINER_EXTRA_DIR],
  ];
  return (hostPath: string): string => {
    for (const [host, inContainer] of kernelRoots) {
      const rel = path.relative(host, hostPath);
      if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)))
        return path.posix.join(inContainer, ...rel.split(path.sep));
    }
    return hostPath;
  };
}

/**
 * The working dir must be writable by the container's user; as root we hand it over (as a user, it is ours already).
 */
export function chownForContainer(dir: string, user: string): void {
  if (process.getuid?.() !== 0) return;
  const [uid, gid] = user.split(':').map(Number);
  if (uid === undefined || Number.isNaN(uid)) return;
  const g = gid === undefined || Number.isNaN(gid) ? uid : gid;
  const walk = (p: string) => {
    fs.lchownSync(p, uid, g);
    if (fs.lstatSync(p).isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
}

/** How a container run ended when it was not cleanly: past its time limit, out of memory, or without a result. */
export function containerOutcome(
  run: ContainerRunResult,
  tracker: ExecutionTracker,
  stderr: TailBuffer,
  memoryBytes: number,
  timeoutMs: number,
): { status: 'timeout' | 'crashed'; message: string } | null {
  const where = whileRunning(tracker.runningCell);
  if (run.timedOut) {
    return {
      status: 'timeout',
      message:
        `the notebook exceeded the time limit of ` + `${formatDuration(timeoutMs)}: its container was stopped ${where}`,
    };
  }
  if (run.oomKilled) {
    const memory = `${(memoryBytes / GiB).toFixed(1)} GiB`;
    return {
      status: 'crashed',
      message: `the container ran out of memory (limit ${memory}) ${where}: raise the memory limit (--memory)`,
    };
  }
  if (tracker.done) return null;
  const tail = lastLines(stderr.toString(), 15);
  return {
    status: 'crashed',
    message:
      `the runner exited with code ${run.exitCode} ${where}, without reporting a ` +
      `result${tail ? `:\n${tail}` : ''}`,
  };
}
