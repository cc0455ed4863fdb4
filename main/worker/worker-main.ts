// The worker process: opens the shared SQLite file, claims queued jobs and runs them with the modernization loop,
// reporting to the host over its port. `nbrevive worker` and the host's fork both start here.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { HostToWorkerMessageSchema } from '../../shared/contracts/worker';
import { toErrorInfo } from '../../shared/lib/errors';
import type { Store } from '../core/store';
import type { ClaimedJobRunner } from './claimed-job';
import { currentProcessPort, MessagePortLike } from './port';
import { JobScheduler } from './job-scheduler';
import { openWorkerQueue } from './worker-queue';
import { loopJobDependencies } from './loop-job-dependencies';
import { registerSecret } from '../core/runtime/kernel-env';
import { createLoopJobRunner } from './loop-job-runner';

export interface WorkerCommandOptions {
  db: string;
  concurrency?: number;
  paused?: boolean;
  workerId?: string;
  pollMs?: number;
  heartbeatMs?: number;
  /** a module exporting `createRunner(store): ClaimedJobRunner`, used instead of the loop (benchmarks, tests) */
  runnerModule?: string;
  port?: MessagePortLike;
}

/** Runs until the host says shutdown or goes away; resolves with the exit code. */
export async function workerCommand(options: WorkerCommandOptions): Promise<number> {
  const port = options.port ?? currentProcessPort();
  const { store, queue, close } = openWorkerQueue(options.db);
  // the key the host sends with its configuration; this process's jobs read it when they start
  let hostApiKey: string | null | undefined;
  let runner: ClaimedJobRunner;
  try {
    if (options.runnerModule) {
      const mod = (await import(pathToFileURL(path.resolve(options.runnerModule)).href)) as {
        createRunner(store: Store): ClaimedJobRunner;
      };
      runner = mod.createRunner(store);
    } else {
      runner = createLoopJobRunner(store, loopJobDependencies(store, { hostApiKey: () => hostApiKey }));
    }
  } catch (e) {
    close();
    throw e;
  }
  const loop = new JobScheduler({
    workerId: options.workerId,
    queue,
    runner,
    send: (m) => port.postMessage(m),
    concurrency: options.concurrency,
    paused: options.paused,
    pollMs: options.pollMs,
    heartbeatMs: options.heartbeatMs,
    onApiKey: (key) => {
      // scrubbed from what notebooks print, like the secrets in this process's environment
      registerSecret(key);
      hostApiKey = key;
    },
  });
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const shutdown = () => void loop.stop().then(resolveDone, resolveDone);
  const offMessage = port.onMessage((raw) => {
    const parsed = HostToWorkerMessageSchema.safeParse(raw);
    if (!parsed.success)
      return port.postMessage({ type: 'error', error: { code: 'invalid-request', message: parsed.error.message } });
    loop.handle(parsed.data);
    if (parsed.data.type === 'shutdown') shutdown();
  });
  const offClose = port.onClose(shutdown);
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  try {
    loop.start();
    await done;
    return 0;
  } catch (e) {
    port.postMessage({ type: 'error', error: toErrorInfo(e) });
    return 1;
  } finally {
    offMessage();
    offClose();
    close();
  }
}

/** `nbrevive worker --db PATH [--concurrency N] [--paused] [--poll-ms N] [--heartbeat-ms N] [--runner MODULE]` */
export function parseWorkerArgs(argv: string[]): WorkerCommandOptions {
  const options: Partial<WorkerCommandOptions> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--db') options.db = value();
    else if (arg === '--concurrency') options.concurrency = Number(value());
    else if (arg === '--paused') options.paused = true;
    else if (arg === '--worker-id') options.workerId = value();
    else if (arg === '--poll-ms') options.pollMs = Number(value());
    else if (arg === '--heartbeat-ms') options.heartbeatMs = Number(value());
    else if (arg === '--runner') options.runnerModule = value();
    else throw new Error(`unknown worker option ${arg}`);
  }
  if (!options.db) throw new Error('nbrevive worker needs --db PATH (the host passes its database)');
  return options as WorkerCommandOptions;
}
