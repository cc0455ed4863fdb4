// The utilityProcess adapter over a real child: a Node process forked with IPC and presented in utilityProcess's
// shape (postMessage / 'message' / 'exit' with a code / kill() as SIGTERM), as Electron's would be.
import { ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UtilityProcessLike, utilityWorkerProcess, workerArgsFromArgv } from '../../../../main/app/utility-worker';

function asUtilityProcess(child: ChildProcess): UtilityProcessLike {
  const events = new EventEmitter();
  child.on('message', (m) => events.emit('message', m));
  child.on('exit', (code, signal) => events.emit('exit', code ?? (signal ? 128 + os.constants.signals[signal] : 0)));
  return {
    get pid() {
      return child.pid;
    },
    postMessage: (m) => void child.send(m as never),
    kill: () => child.kill('SIGTERM'),
    on: (event: string, listener: (...args: never[]) => void) =>
      events.on(event, listener as (...args: unknown[]) => void),
  } as UtilityProcessLike;
}

const ECHO = `
process.on('message', (m) => { if (m.type === 'shutdown') process.exit(0); process.send({ type: 'echo', got: m }); });
process.on('SIGTERM', () => process.exit(3));
process.send({ type: 'ready' });
setInterval(() => {}, 1000);
`;

let dir: string | null = null;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function start() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-utility-'));
  const script = path.join(dir, 'echo.cjs');
  fs.writeFileSync(script, ECHO);
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const worker = utilityWorkerProcess(asUtilityProcess(child));
  const messages: unknown[] = [];
  const ready = new Promise<void>((resolve) =>
    worker.on('message', (m) => {
      messages.push(m);
      if ((m as { type: string }).type === 'ready') resolve();
    }),
  );
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    worker.once('exit', (code, signal) => resolve([code, signal])),
  );
  return { worker, messages, ready, exited };
}

describe('the utilityProcess worker adapter', () => {
  it('carries messages both ways and reports a clean exit', async () => {
    const { worker, messages, ready, exited } = start();
    await ready;
    expect(worker.pid).toBeGreaterThan(0);
    expect(worker.connected).toBe(true);
    worker.send({ type: 'wake' });
    await expect.poll(() => messages.length).toBe(2);
    expect(messages[1]).toEqual({ type: 'echo', got: { type: 'wake' } });
    worker.send({ type: 'shutdown' });
    expect(await exited).toEqual([0, null]);
    expect(worker.exitCode).toBe(0);
    expect(worker.connected).toBe(false);
    expect(worker.kill('SIGKILL')).toBe(false);
  });

  it('kills a hung worker by pid for SIGKILL (utilityProcess.kill is only a SIGTERM)', async () => {
    const { worker, ready, exited } = start();
    await ready;
    worker.kill('SIGKILL');
    const [code] = await exited;
    expect(code).toBe(128 + os.constants.signals.SIGKILL);
  });

  it('finds the worker arguments whatever precedes them in argv', () => {
    expect(
      workerArgsFromArgv([
        '/opt/nbrevive/nbrevive',
        '/app/out/main/app/worker.js',
        '--db',
        '/d.sqlite',
        '--poll-ms',
        '5',
      ]),
    ).toEqual(['--db', '/d.sqlite', '--poll-ms', '5']);
    expect(workerArgsFromArgv(['--db', 'x'])).toEqual(['--db', 'x']);
    expect(workerArgsFromArgv(['electron'])).toEqual([]);
  });
});
