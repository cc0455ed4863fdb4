// Runs the real `nbrevive` command (bin/nbrevive.mjs, the compiled CLI) in a child process against a temporary
// database, from a working directory outside the checkout (as a user starts it from anywhere).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './corpus';
import { TEST_PYTHON } from './python';

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function tempDir(prefix = 'nbrevive-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

let outsideCwd: string | null = null;

/** A working directory outside the checkout, the same for every command of this test file. */
function outside(): string {
  outsideCwd ??= fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-cwd-'));
  return outsideCwd;
}

export function startCli(
  args: string[],
  options: { db: string; env?: NodeJS.ProcessEnv; cwd?: string },
): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/nbrevive.mjs'), ...args], {
    cwd: options.cwd ?? outside(),
    env: { ...process.env, NBREVIVE_DB: options.db, NBREVIVE_PYTHON: TEST_PYTHON, FORCE_COLOR: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<CliResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export function runCli(
  args: string[],
  options: { db: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<CliResult> {
  return startCli(args, options).done;
}

/** The one JSON object a `--json` command printed. */
export function jsonOf<T = Record<string, unknown>>(result: CliResult): T {
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new Error(`not JSON (exit ${result.code}): ${result.stdout}\n${result.stderr}`);
  }
}
