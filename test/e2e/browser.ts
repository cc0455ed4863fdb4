// Chromium for the UI tests and the UI benchmark (playwright-core drives the system's /usr/bin/chromium), and the
// real `nbrevive serve` in a child process, its URL read from what it prints.
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Browser, chromium } from 'playwright-core';
import { REPO_ROOT } from '../helpers/corpus';

export const CHROMIUM = process.env.NBREVIVE_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_SKIP_REASON = fs.existsSync(CHROMIUM)
  ? null
  : `skipped: no Chromium at ${CHROMIUM} (install chromium or set NBREVIVE_CHROMIUM)`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Builds out/renderer when it is missing or older than the renderer sources. */
export function ensureRendererBuilt(): void {
  const index = path.join(REPO_ROOT, 'out/renderer/index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = path.join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  // the renderer bundles shared/ (the contract, models) too
  const sources = Math.max(newest(path.join(REPO_ROOT, 'renderer/src')), newest(path.join(REPO_ROOT, 'shared')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts'],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
}

export interface ServeProcess {
  url: string;
  baseUrl: string;
  token: string;
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

export async function startServe(dbPath: string, env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'bin/nbrevive.mjs'), 'serve', '--port', '0', '--db', dbPath],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const rl = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
      const timer = setTimeout(
        () => reject(new Error(`nbrevive serve printed no URL in 60 s:\n${output.join('')}`)),
        60_000,
      );
      rl.on('line', (line) => {
        output.push(`${line}\n`);
        const m = /open: (http\S+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1] as string);
        }
      });
      child.once('exit', (code) => reject(new Error(`nbrevive serve exited with ${code}:\n${output.join('')}`)));
    });
    const u = new URL(url);
    return { url, baseUrl: u.origin, token: u.searchParams.get('token') ?? '', child, output, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
