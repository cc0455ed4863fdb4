// Processes that stand for a job's owner in the ownership tests: a live one whose command line says nbrevive (as
// the CLI's and the worker's do) and the pid of one that has exited.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Started and exec'd (its /proc cmdline shows `name`); the caller kills it. */
export async function spawnLookalike(name = 'nbrevive-test-owner'): Promise<ChildProcess & { pid: number }> {
  // `; true` keeps bash from exec'ing sleep, which would replace the command line
  const child = spawn('bash', ['-c', 'sleep 60; true', name], { stdio: 'ignore' });
  const pid = child.pid as number;
  for (let i = 0; i < 100 && !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(name); i++)
    await new Promise((r) => setTimeout(r, 20));
  return child as ChildProcess & { pid: number };
}

/** The pid of a process that has exited. */
export function deadPid(): number {
  return Number(spawnSync('bash', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim());
}
