// Finds and kills a process and everything it started, so a timed-out or cancelled notebook leaves nothing
// running. The runner makes itself a child subreaper, so orphans stay in its tree while it is stopped, not killed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** session id (Linux; the process group elsewhere) */
  sid: number;
  state: string;
}

/** Every process on the machine (Linux: /proc; elsewhere: `ps`). */
export function readProcessTable(): ProcessInfo[] {
  if (process.platform === 'linux') {
    const table: ProcessInfo[] = [];
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const info = readProcStat(Number(name));
      if (info) table.push(info);
    }
    return table;
  }
  const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 4)
    .map(([pid, ppid, pgid, state]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      pgid: Number(pgid),
      sid: Number(pgid),
      state: (state ?? '?')[0] ?? '?',
    }));
}

function readProcStat(pid: number): ProcessInfo | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // exited meanwhile
  }
  // the command name may hold spaces and parentheses: the fields start after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid, state: fields[0] ?? '?', ppid: Number(fields[1]), pgid: Number(fields[2]), sid: Number(fields[3]) };
}

/** Whether a process exists and is not a zombie (a zombie has finished; it only waits to be reaped). */
export function isProcessAlive(pid: number): boolean {
  if (process.platform === 'linux') {
    const info = readProcStat(pid);
    return info !== null && info.state !== 'Z' && info.state !== 'X';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** pids of every living descendant of `root` (not `root` itself). */
export function descendantsOf(root: number, table: ProcessInfo[] = readProcessTable()): number[] {
  const children = new Map<number, number[]>();
  for (const p of table) {
    if (p.state === 'Z' || p.state === 'X') continue;
    const list = children.get(p.ppid) ?? [];
    list.push(p.pid);
    children.set(p.ppid, list);
  }
  const found: number[] = [];
  const todo = [root];
  while (todo.length > 0) {
    for (const child of children.get(todo.pop() as number) ?? []) {
      found.push(child);
      todo.push(child);
    }
  }
  return found;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/**
 * Kills `root` and all its descendants. The tree is frozen first (SIGSTOP, until no new process appears) so
 * nothing forks or escapes while it is being killed; then everything gets SIGKILL at once.
 * Returns the pids that were killed.
 */
export async function killProcessTree(root: number): Promise<number[]> {
  if (process.platform === 'win32') {
    try {
      execFileSync('taskkill', ['/pid', String(root), '/T', '/F'], { stdio: 'ignore' });
    } catch {
      // already gone
    }
    return [root];
  }
  const killed = new Set<number>();
  for (let round = 0; round < 20; round++) {
    const frozen = new Set<number>();
    if (isProcessAlive(root)) frozen.add(root);
    for (let pass = 0; pass < 10; pass++) {
      const found = descendantsOf(root).filter((pid) => !frozen.has(pid) && pid !== process.pid);
      if (found.length === 0) break;
      for (const pid of found) {
        signal(pid, 'SIGSTOP');
        frozen.add(pid);
      }
    }
    if (frozen.size === 0) break;
    if (frozen.has(root)) signal(root, 'SIGSTOP');
    for (const pid of frozen) {
      signal(pid, 'SIGKILL');
      killed.add(pid);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (![...frozen].some(isProcessAlive)) break;
  }
  return [...killed];
}

/** Session ids of `root`'s descendants (the kernel runs in a session of its own): remembered for `killSessions`. */
export function descendantSessions(root: number): number[] {
  const table = readProcessTable();
  const pids = new Set(descendantsOf(root, table));
  const own = table.find((p) => p.pid === process.pid)?.sid;
  return [...new Set(table.filter((p) => pids.has(p.pid) && p.sid !== own && p.sid > 1).map((p) => p.sid))];
}

/**
 * Kills every process left in the given sessions: what remains of a kernel whose runner died unexpectedly
 * (its orphans are re-parented to init, out of reach of `killProcessTree`). Returns the pids killed.
 */
export async function killSessions(sessions: number[]): Promise<number[]> {
  if (sessions.length === 0 || process.platform === 'win32') return [];
  const wanted = new Set(sessions);
  const own = readProcStatSid(process.pid);
  wanted.delete(own);
  const killed: number[] = [];
  for (let round = 0; round < 20; round++) {
    const victims = readProcessTable().filter(
      (p) => wanted.has(p.sid) && p.pid !== process.pid && p.state !== 'Z' && p.state !== 'X',
    );
    if (victims.length === 0) break;
    for (const p of victims) signal(p.pid, 'SIGSTOP');
    for (const p of victims) {
      signal(p.pid, 'SIGKILL');
      killed.push(p.pid);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return killed;
}

function readProcStatSid(pid: number): number {
  return process.platform === 'linux' ? (readProcStat(pid)?.sid ?? -1) : -1;
}
