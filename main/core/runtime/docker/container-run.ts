// Runs one container from create to removal: stdout and stderr demultiplexed and streamed live, a wall-time limit
// and an abort signal that stop it (SIGTERM, a grace period, then SIGKILL), and removal in every case — success,
// error, timeout, cancel — so nothing is left behind on the engine.
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import { NbreviveError } from '../../../../shared/lib/errors';
import { JOB_DIR_LABEL } from './container-config';
import { type EngineConnection, dockerMessage, engineError, imageMissingError, isNotFound } from './engine';

export interface ContainerRunOptions {
  /** called with each chunk of the container's stdout / stderr as it arrives */
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  /** wall-time limit counted from the container's start (not its creation, which copies the image on vfs) */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** how long SIGTERM has to end the main process before SIGKILL (the runner reports what ran so far in it) */
  graceMs?: number;
  /** called once the container exists (its id), e.g. to record it */
  onCreated?: (id: string) => void;
}

export interface ContainerRunResult {
  exitCode: number | null;
  oomKilled: boolean;
  timedOut: boolean;
  cancelled: boolean;
  /** ms from start to exit */
  wallTimeMs: number;
}

export async function runContainer(
  connection: EngineConnection,
  create: Docker.ContainerCreateOptions,
  options: ContainerRunOptions = {},
): Promise<ContainerRunResult> {
  const { docker } = connection;
  if (options.signal?.aborted) throw cancelledError();
  let container: Docker.Container;
  try {
    container = await docker.createContainer(create);
  } catch (error) {
    if (isNotFound(error)) throw imageMissingError(String(create.Image));
    throw containerError('create', error, connection);
  }
  options.onCreated?.(container.id);
  let timer: NodeJS.Timeout | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const outcome = { timedOut: false, cancelled: false };
  try {
    if (options.signal?.aborted) throw cancelledError();
    const stream = await container.attach({ stream: true, stdout: true, stderr: true, logs: true });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    if (options.onStdout) stdout.on('data', options.onStdout);
    else stdout.resume();
    if (options.onStderr) stderr.on('data', options.onStderr);
    else stderr.resume();
    docker.modem.demuxStream(stream, stdout, stderr);
    const streamEnded = new Promise<void>((resolve) => {
      stream.on('end', resolve);
      stream.on('close', resolve);
      stream.on('error', () => resolve());
    });
    // next-exit: the default (not-running) would answer at once for a container that is created but not started
    const exited = container.wait({ condition: 'next-exit' }) as Promise<{ StatusCode?: number }>;
    exited.catch(() => {}); // when start() fails, the wait is abandoned (the container is removed under it)
    const stop = (why: 'timeout' | 'cancel') => {
      if (outcome.timedOut || outcome.cancelled) return;
      if (why === 'timeout') outcome.timedOut = true;
      else outcome.cancelled = true;
      container.kill({ signal: 'SIGTERM' }).catch(() => {});
      killTimer = setTimeout(() => container.kill({ signal: 'SIGKILL' }).catch(() => {}), options.graceMs ?? 5_000);
    };
    onAbort = () => stop('cancel');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    await container.start();
    const t0 = Date.now();
    if (options.timeoutMs !== undefined) timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    if (options.signal?.aborted) stop('cancel');
    const status = await exited;
    const wallTimeMs = Date.now() - t0;
    // the last bytes of output can trail the exit: wait for the stream to drain (bounded)
    await Promise.race([streamEnded, new Promise((r) => setTimeout(r, 2_000))]);
    stdout.end();
    stderr.end();
    const inspect = await container.inspect().catch(() => null);
    return {
      exitCode: typeof status.StatusCode === 'number' ? status.StatusCode : null,
      oomKilled: inspect?.State.OOMKilled ?? false,
      timedOut: outcome.timedOut,
      cancelled: outcome.cancelled,
      wallTimeMs,
    };
  } catch (error) {
    if (error instanceof NbreviveError) throw error;
    throw containerError('run', error, connection);
  } finally {
    clearTimeout(timer);
    clearTimeout(killTimer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    await removeContainer(container);
  }
}

/** Force-removes a container (killing it if it still runs); a container already gone is fine. */
export async function removeContainer(container: Docker.Container): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await container.remove({ force: true, v: true });
      return;
    } catch (error) {
      if (isNotFound(error)) return;
      // "removal already in progress" / device busy right after a kill: retry briefly
      if (attempt >= 10)
        throw new NbreviveError(
          'internal',
          `could not remove container ${container.id.slice(0, 12)}: ${dockerMessage(error)}`,
        );
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

/** Removes containers nbrevive left behind (the host process was killed mid-run); returns how many. */
export async function removeStaleContainers(connection: EngineConnection, label: string): Promise<number> {
  const list = await connection.docker.listContainers({ all: true, filters: { label: [label] } }).catch((e) => {
    throw engineError(e, connection.address);
  });
  for (const c of list) await removeContainer(connection.docker.getContainer(c.Id));
  return list.length;
}

/**
 * Removes the containers of jobs under `workRoot` (one database's work folder) that nobody runs any more: a worker
 * or CLI killed outright leaves its container running untrusted code until someone ends it. `isRunning(jobId)`
 * says whether a live process still runs the job; those containers stay. Returns the removed containers' jobs.
 */
export async function removeOrphanContainers(
  connection: EngineConnection,
  workRoot: string,
  isRunning: (jobId: string) => boolean,
): Promise<string[]> {
  const list = await connection.docker.listContainers({ all: true, filters: { label: [JOB_DIR_LABEL] } }).catch((e) => {
    throw engineError(e, connection.address);
  });
  const removed: string[] = [];
  for (const c of list) {
    const jobDir = c.Labels?.[JOB_DIR_LABEL] ?? '';
    if (path.dirname(jobDir) !== workRoot) continue;
    const jobId = path.basename(jobDir);
    if (isRunning(jobId)) continue;
    await removeContainer(connection.docker.getContainer(c.Id));
    removed.push(jobId);
  }
  return removed;
}

export function cancelledError(): NbreviveError {
  return new NbreviveError('cancelled', 'the execution was cancelled; its container was removed');
}

function containerError(what: string, error: unknown, connection: EngineConnection): NbreviveError {
  const code = (error as { code?: string } | null)?.code;
  if (code) return engineError(error, connection.address);
  return new NbreviveError('runtime-unavailable', `Docker could not ${what} the container: ${dockerMessage(error)}`);
}
