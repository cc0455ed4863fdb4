// The desktop app's worker: the same worker code as `nbrevive worker` (main/worker), started as an Electron
// utilityProcess instead of a forked Node child, and adapted to the supervisor's WorkerProcess shape.
import { EventEmitter } from 'node:events';
import type { HostToWorkerMessage } from '../../shared/contracts/worker';
import type { WorkerProcess } from '../host/worker-supervisor';

/** The part of Electron's UtilityProcess the adapter uses. */
export interface UtilityProcessLike {
  readonly pid: number | undefined;
  postMessage(message: unknown): void;
  kill(): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  on(event: 'error', listener: (type: string, location: string) => void): unknown;
}

/**
 * Wraps a utilityProcess as a WorkerProcess. kill() of a utilityProcess is a SIGTERM (the worker then stops its jobs
 * gracefully); the supervisor's SIGKILL for a worker that stopped answering goes to the pid directly.
 */
export function utilityWorkerProcess(
  proc: UtilityProcessLike,
  killPid: (pid: number, signal: NodeJS.Signals) => void = process.kill,
): WorkerProcess {
  const events = new EventEmitter();
  let exitCode: number | null = null;
  proc.on('message', (message) => events.emit('message', message));
  proc.on('error', (type, location) => events.emit('error', new Error(`worker ${type} at ${location}`)));
  proc.on('exit', (code) => {
    exitCode = code;
    events.emit('exit', code, null);
  });
  return {
    get pid() {
      return proc.pid;
    },
    get exitCode() {
      return exitCode;
    },
    signalCode: null,
    get connected() {
      return exitCode === null;
    },
    send(message: HostToWorkerMessage) {
      if (exitCode === null) proc.postMessage(message);
    },
    kill(signal?: NodeJS.Signals) {
      if (exitCode !== null) return false;
      if (signal === 'SIGKILL' && proc.pid !== undefined) {
        try {
          killPid(proc.pid, 'SIGKILL');
          return true;
        } catch {
          // already gone: its exit event follows
          return false;
        }
      }
      return proc.kill();
    },
    on(event: string, listener: (...args: never[]) => void) {
      events.on(event, listener as (...args: unknown[]) => void);
      return this;
    },
    once(event: string, listener: (...args: never[]) => void) {
      events.once(event, listener as (...args: unknown[]) => void);
      return this;
    },
  } as WorkerProcess;
}

/**
 * The worker entry's arguments from a utilityProcess's argv: everything from the first `--db` on (what comes before
 * it — the executable, the module path — differs between Electron versions and platforms).
 */
export function workerArgsFromArgv(argv: readonly string[]): string[] {
  const at = argv.indexOf('--db');
  return at === -1 ? [] : argv.slice(at);
}
