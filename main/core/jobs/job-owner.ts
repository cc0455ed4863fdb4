// Who runs a job: the worker of a host, or a CLI process (`nbrevive run`, `modernize`, `corpus run`). A running
// job records its owner as "<hostname>:<pid>:<kind>", so a host starting on the same database can tell a job whose
// process is still alive (leave it alone) from one a killed process left behind (requeue it, to resume).
import fs from 'node:fs';
import os from 'node:os';

/** The owner id of this process, e.g. "gpu-box:4242:cli". */
export function ownerId(kind: string, pid = process.pid): string {
  return `${os.hostname()}:${pid}:${kind}`;
}

/**
 * True when the owner is a live nbrevive process on this machine. Owners on other machines (a shared database)
 * count as alive: we cannot tell. A pid that was reused by an unrelated process (its command line does not
 * mention nbrevive) counts as dead.
 */
export function ownerAlive(owner: string | null): boolean {
  if (!owner) return false;
  const m = /^(.*):(\d+):[^:]*$/.exec(owner);
  if (!m) return false;
  if (m[1] !== os.hostname()) return true;
  const pid = Number(m[2]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to another user
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return /nbrevive|worker/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    // no /proc (macOS, Windows): trust the pid
    return true;
  }
}
