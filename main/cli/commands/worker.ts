// `nbrevive worker`: three things under one name.
// - `worker --queue redis://… --host URL --token T`: a remote worker of the distributed mode (issue 17), on any
//   machine: runs jobs a `serve --queue` host put in the BullMQ queue (main/worker/remote/).
// - `worker token create NAME | list | revoke ID`: the per-worker tokens, on the host's database.
// - `worker --db PATH`: the embedded worker the host forks (unchanged).
import { openStore, resolveDbPath } from '../../core/store';
import { WorkerTokens } from '../../host/queue/worker-tokens';
import { runRemoteWorker } from '../../worker/remote/remote-worker';
import { parseWorkerArgs, workerCommand as embeddedWorker } from '../../worker/worker-main';
import { parse, stringOptions, UsageError } from '../options';

export const WORKER_HELP = `usage: nbrevive worker --queue redis://HOST:PORT --host URL [--token T] [--slots N] [--cache DIR] [--python PATH]
       nbrevive worker token create NAME | list | revoke ID|NAME   [--db PATH]

A worker of the distributed mode (docs/scale-out.md): runs the jobs a host started with
\`nbrevive serve --queue …\` puts in the BullMQ queue, on this machine's runtimes.
  --queue URL      the host's Redis: redis://[user:pass@]HOST:PORT[/DB], rediss://… for TLS
                   (NBREVIVE_REDIS_CA / _CERT / _KEY: PEM files for TLS)
  --host URL       the host's address, as \`serve\` printed it (http://HOST:PORT)
  --token T        this worker's token (default: NBREVIVE_WORKER_TOKEN; prefer it: a token on the
                   command line shows in ps). Create one on the host: nbrevive worker token create NAME
  --slots N        jobs at once (default: one per GPU, else one)
  --cache DIR      bundles and scratch databases (default ~/.cache/nbrevive-worker, NBREVIVE_WORKER_CACHE)
  --python PATH    the Python for local-runtime jobs on this machine (default: detected; NBREVIVE_PYTHON)
  --lock-ms N      BullMQ lock: a worker silent this long has its jobs handed to another (default 30000)
  --heartbeat-ms N how often the host hears from it (default 5000)
Ctrl-C stops it: running jobs go back to the queue and resume on a worker from their last iteration.

token create prints a new token once (only its hash is stored); revoke refuses it from the next request.`;

function int(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be an integer ≥ ${min}, got '${v}'`);
  return n;
}

async function tokenCommand(args: string[]): Promise<number> {
  const parsed = parse(args, { db: { type: 'string' }, json: { type: 'boolean', default: false } });
  const [verb, arg] = parsed.positionals;
  const store = openStore(resolveDbPath(parsed.values.db ?? null));
  try {
    const tokens = new WorkerTokens(store);
    if (verb === 'create') {
      if (!arg) throw new UsageError('worker token create needs a NAME (e.g. the machine: gpu-box-1)');
      const { token, secret } = tokens.create(arg);
      if (parsed.values.json) console.log(JSON.stringify({ ...token, secret }));
      else {
        console.log(secret);
        console.error(
          `token ${token.id} for '${token.name}': shown once; give ` +
            `it to the worker with NBREVIVE_WORKER_TOKEN or --token`,
        );
      }
      return 0;
    }
    if (verb === 'list') {
      const items = tokens.list();
      if (parsed.values.json) console.log(JSON.stringify(items));
      else if (items.length === 0) console.log('no worker tokens: create one with `nbrevive worker token create NAME`');
      else
        for (const t of items)
          console.log(
            `${t.id}  ${t.name.padEnd(20)} created ${t.createdAt}  ` +
              `${t.revokedAt ? `revoked ${t.revokedAt}` : `last used ${t.lastUsedAt ?? 'never'}`}`,
          );
      return 0;
    }
    if (verb === 'revoke') {
      if (!arg) throw new UsageError('worker token revoke needs the token id or name');
      const t = tokens.revoke(arg);
      console.log(`revoked ${t.id} (${t.name}): its worker is refused from its next request`);
      return 0;
    }
    throw new UsageError(`worker token ${verb ?? ''}: use create NAME, list or revoke ID`);
  } finally {
    store.close();
  }
}

export async function workerCommand(args: string[]): Promise<number> {
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(WORKER_HELP);
    return 0;
  }
  if (args[0] === 'token') return tokenCommand(args.slice(1));
  if (!args.includes('--queue')) {
    let parsed;
    try {
      parsed = parseWorkerArgs(args);
    } catch (e) {
      // the parser only reads argv: whatever it throws is about the arguments
      throw new UsageError((e as Error).message);
    }
    return embeddedWorker(parsed);
  }
  const queueOptions = stringOptions(
    'queue',
    'host',
    'token',
    'slots',
    'cache',
    'python',
    'lock-ms',
    'heartbeat-ms',
    'runner',
  );
  const { values } = parse(args, queueOptions, false);
  if (!values.host) throw new UsageError('--host URL is needed: the address `nbrevive serve --queue …` printed');
  if (!/^https?:\/\/\S+$/.test(values.host))
    throw new UsageError(`--host must be http(s)://HOST:PORT, got '${values.host}'`);
  const token = values.token ?? process.env.NBREVIVE_WORKER_TOKEN;
  if (!token)
    throw new UsageError(
      'a worker token is needed: --token T or NBREVIVE_WORKER_TOKEN (on the host: nbrevive worker token create NAME)',
    );
  const slots = int('slots', values.slots, 1);
  const lockMs = int('lock-ms', values['lock-ms'], 1000);
  const heartbeatMs = int('heartbeat-ms', values['heartbeat-ms'], 100);
  const python = values.python ?? process.env.NBREVIVE_PYTHON;
  return runRemoteWorker({
    queueUrl: values.queue as string,
    hostUrl: values.host,
    token,
    ...(slots !== undefined ? { slots } : {}),
    ...(values.cache ? { cacheDir: values.cache } : {}),
    ...(python ? { python } : {}),
    ...(lockMs !== undefined ? { lockMs } : {}),
    ...(heartbeatMs !== undefined ? { heartbeatMs } : {}),
    ...(values.runner ? { runnerModule: values.runner } : {}),
  });
}
