// `nbrevive serve`: the host with its HTTP + SSE transport, for a browser (the workbench UI) or a script. Binds
// loopback unless --allow-remote, and prints the URL with the access token every /api request must carry.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NbreviveError } from '../../shared/lib/errors';
import { resolveDbPath } from '../core/store';
import { createToken, isLoopbackHost } from './auth';
import { NbreviveHost } from './host';
import { createHttpTransport } from './http-server';
import { readStoredQueueUrl } from './queue/queue-setting';

export const DEFAULT_STATIC_DIR = path.resolve(import.meta.dirname, '../../out/renderer');

export interface ServeOptions {
  /** default 0: a free port */
  port?: number;
  host?: string;
  db?: string | null;
  allowRemote?: boolean;
  /** default: a fresh random token */
  token?: string;
  /** the built renderer (default out/renderer) */
  staticDir?: string | null;
  concurrency?: number;
  workerArgs?: string[];
  heartbeatTimeoutMs?: number;
  /** false: no worker process (the API alone) */
  worker?: boolean;
  log?: (line: string) => void;
  /** the distributed mode: a BullMQ queue on this Redis (redis://, rediss://) instead of the local worker */
  queueUrl?: string | null;
  /** distributed mode: a remote worker silent this long has its jobs requeued (default 60 s) */
  remoteWorkerTimeoutMs?: number;
}

export interface RunningServer {
  host: NbreviveHost;
  /** http://HOST:PORT/?token=… */
  url: string;
  baseUrl: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const bindHost = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.error(line));
  if (!isLoopbackHost(bindHost) && !options.allowRemote) {
    throw new NbreviveError(
      'invalid-request',
      `refusing to bind ${bindHost}: it is reachable from other machines. Use ` +
        `--host 127.0.0.1 (and an SSH tunnel), or pass --allow-remote if you mean it`,
    );
  }
  const token = options.token ?? createToken();
  const dbPath = resolveDbPath(options.db ?? null);
  // --queue wins; without it, the queue URL stored in the settings (Settings → distributed queue), if any
  const queueUrl = options.queueUrl !== undefined ? options.queueUrl : readStoredQueueUrl(dbPath);
  const host = await NbreviveHost.start({
    dbPath,
    ...(options.concurrency !== undefined ? { defaultConcurrency: options.concurrency } : {}),
    ...(options.workerArgs ? { workerArgs: options.workerArgs } : {}),
    ...(options.heartbeatTimeoutMs !== undefined ? { heartbeatTimeoutMs: options.heartbeatTimeoutMs } : {}),
    ...(options.worker === false ? { worker: false } : {}),
    queueUrl,
    ...(options.remoteWorkerTimeoutMs !== undefined ? { remoteWorkerTimeoutMs: options.remoteWorkerTimeoutMs } : {}),
    log: (line) => log(`[nbrevive serve] ${line}`),
  });
  host.remote?.setHostToken(token);
  const remote = host.remote;
  const transport = createHttpTransport({
    dispatcher: host.dispatcher,
    events: host.events,
    token,
    staticDir: options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir,
    // --allow-remote on one address answers that name; on every interface (0.0.0.0, ::) any name can reach it
    allowedHosts: bindHost === '0.0.0.0' || bindHost === '::' ? 'any' : [bindHost],
    ...(remote ? { workerRoutes: (req, res, url) => remote.api.handle(req, res, url) } : {}),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      transport.server.once('error', reject);
      transport.server.listen(options.port ?? 0, bindHost, () => resolve());
    });
  } catch (e) {
    await host.close();
    const code = (e as NodeJS.ErrnoException).code;
    throw new NbreviveError(
      'invalid-request',
      code === 'EADDRINUSE'
        ? `port ${options.port} is in use: choose another with --port`
        : `cannot listen on ${bindHost}:${options.port}: ${(e as Error).message}`,
    );
  }
  const address = transport.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  const baseUrl = `http://${urlHost}:${port}`;
  if (!isLoopbackHost(bindHost)) {
    log(
      `WARNING: nbrevive serve is listening on ${bindHost}, reachable from other machines; anyone ` +
        `with the token can run code on this machine. Plain HTTP: use it only on a network you trust.`,
    );
  }
  let closed = false;
  return {
    host,
    url: `${baseUrl}/?token=${token}`,
    baseUrl,
    token,
    port,
    async close() {
      if (closed) return;
      closed = true;
      transport.closeStreams();
      await new Promise<void>((resolve) => transport.server.close(() => resolve()));
      transport.server.closeAllConnections();
      await host.close();
    },
  };
}

/** Runs the server until SIGINT/SIGTERM; resolves with the exit code. */
export const DEFAULT_PORT = 7878;

export async function serveCommand(options: ServeOptions = {}): Promise<number> {
  const server = await startServer({ ...options, port: options.port ?? DEFAULT_PORT });
  console.log(`nbrevive is serving ${server.host.store.path}`);
  console.log(`open: ${server.url}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

export const SERVE_HELP = `usage: nbrevive serve [--port N (default 7878; 0 = any free port)] [--host 127.0.0.1] [--db PATH] [--allow-remote] [--concurrency N] [--queue redis://HOST:PORT] [--yes]

Serves the workbench UI (built at install) and the HTTP API (docs/http-api.md) with a
worker running queued jobs. Prints a URL with a random token; every /api request needs it.
--queue redis://[user:pass@]HOST:PORT[/DB] (or rediss:// for TLS): the distributed mode —
jobs go into a BullMQ queue on that Redis and \`nbrevive worker --queue … --host URL --token T\`
runs them on any machine (docs/scale-out.md); no local worker. --queue none: the embedded queue
even when a queue URL is stored in the settings.
When no usable Python is found it offers to set up the managed runtime (--yes: without asking).`;

export function parseServeArgs(argv: string[]): ServeOptions & { help: boolean; yes: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      'allow-remote': { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      queue: { type: 'string' },
      yes: { type: 'boolean', short: 'y', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const int = (name: string, v: string | undefined, min: number) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min)
      throw new NbreviveError('invalid-request', `--${name} must be an integer ≥ ${min}, got '${v}'`);
    return n;
  };
  const port = int('port', values.port, 0);
  const concurrency = int('concurrency', values.concurrency, 1);
  return {
    help: values.help,
    yes: values.yes,
    ...(port !== undefined ? { port } : {}),
    ...(values.host ? { host: values.host } : {}),
    ...(values.db ? { db: values.db } : {}),
    allowRemote: values['allow-remote'],
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(values.queue !== undefined ? { queueUrl: values.queue === 'none' ? null : values.queue } : {}),
  };
}
