// The desktop bundles built for real (esbuild) into a scratch app folder: the preload needs nothing but 'electron',
// module folders are rewritten to their source folders, and the worker bundle runs under plain Node, speaks the
// worker protocol and exits cleanly on shutdown (under Electron the same file runs as a utilityProcess).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../tools/build-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let app: string;

beforeAll(async () => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-build-'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'));
  fs.symlinkSync(path.join(ROOT, 'resources'), path.join(app, 'resources'));
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ type: 'module' }));
  await buildApp(path.join(app, 'out'));
}, 120_000);

afterAll(() => fs.rmSync(app, { recursive: true, force: true }));

describe('the desktop app bundles', () => {
  it('writes main, worker and a self-contained CommonJS preload', () => {
    const preload = fs.readFileSync(path.join(app, 'out/preload/preload.cjs'), 'utf8');
    const required = [...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect([...new Set(required)]).toEqual(['electron']);
    expect(preload).toContain('exposeInMainWorld("nbrevive"');
    for (const bundle of ['main', 'worker']) {
      const text = fs.readFileSync(path.join(app, `out/main/app/${bundle}.js`), 'utf8');
      expect(text, bundle).not.toContain('import.meta.dirname');
      expect(text).toContain('__nbreviveAppRoot');
    }
    expect(fs.readFileSync(path.join(app, 'out/main/app/main.js'), 'utf8')).toContain(
      '__nbreviveJoin(__nbreviveAppRoot, "main/app")',
    );
  });

  it('runs the worker bundle: ready, heartbeat, clean exit on shutdown', async () => {
    const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-build-db-'));
    try {
      const child = fork(
        path.join(app, 'out/main/app/worker.js'),
        ['--db', path.join(dbDir, 'nbrevive.db'), '--heartbeat-ms', '100'],
        {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        },
      );
      const seen: string[] = [];
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.on('message', (m: { type: string }) => {
        seen.push(m.type);
        if (m.type === 'heartbeat' && !seen.includes('sent-shutdown')) {
          seen.push('sent-shutdown');
          child.send({ type: 'shutdown' });
        }
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      expect(await exit).toBe(0);
      clearTimeout(timer);
      expect(seen.slice(0, 3)).toEqual(['ready', 'heartbeat', 'sent-shutdown']);
    } finally {
      fs.rmSync(dbDir, { recursive: true, force: true });
    }
  });
});
