// The Redis connection of the distributed mode, from one URL: `redis://[user:password@]host:port[/db]` or
// `rediss://…` (TLS). Host and workers parse it the same way. Password and TLS options are passed to ioredis as
// given; reconnects never give up (a restarted Redis is waited for, not a reason to exit), and BullMQ's blocking
// commands need `maxRetriesPerRequest: null`.
import fs from 'node:fs';
import { NbreviveError } from '../../../shared/lib/errors';

/** What ioredis (under BullMQ) is given; a plain object, so this module needs neither package. */
export interface RedisOptions {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls?: { servername: string; ca?: Buffer; cert?: Buffer; key?: Buffer };
  maxRetriesPerRequest: null;
  enableReadyCheck: boolean;
  retryStrategy: (times: number) => number;
  connectionName: string;
}

export interface QueueConnection {
  /** ioredis options for BullMQ's `connection` */
  options: RedisOptions;
  /** the URL without its password, for logs and the UI */
  display: string;
  /** BullMQ's key prefix (default 'nbrevive'): two deployments can share one Redis */
  prefix: string;
}

export interface QueueTlsFiles {
  /** PEM file of the CA that signed the server's certificate (NBREVIVE_REDIS_CA) */
  ca?: string;
  /** client certificate and key for mutual TLS (NBREVIVE_REDIS_CERT, NBREVIVE_REDIS_KEY) */
  cert?: string;
  key?: string;
}

/** Parses a queue URL; a wrong one is a typed error that says what a right one looks like. */
export function parseQueueUrl(
  url: string,
  tls: QueueTlsFiles = {
    ca: process.env.NBREVIVE_REDIS_CA,
    cert: process.env.NBREVIVE_REDIS_CERT,
    key: process.env.NBREVIVE_REDIS_KEY,
  },
): QueueConnection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badUrl(url);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw badUrl(url);
  if (!parsed.hostname) throw badUrl(url);
  const port = parsed.port ? Number(parsed.port) : 6379;
  const dbText = parsed.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!Number.isInteger(db) || db < 0) throw badUrl(url);
  const prefix = parsed.searchParams.get('prefix') ?? 'nbrevive';
  const options: RedisOptions = {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port,
    db,
    // BullMQ workers block on Redis; a command must wait for a reconnect instead of failing after N retries
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    // back off to 2 s between attempts, forever: the host and the workers outlive a Redis restart
    retryStrategy: (times) => Math.min(200 * times, 2000),
    connectionName: 'nbrevive',
  };
  if (parsed.username) options.username = decodeURIComponent(parsed.username);
  if (parsed.password) options.password = decodeURIComponent(parsed.password);
  if (parsed.protocol === 'rediss:') {
    const read = (file: string | undefined, what: string) => {
      if (!file) return undefined;
      try {
        return fs.readFileSync(file);
      } catch (e) {
        throw new NbreviveError(
          'invalid-request',
          `cannot read the Redis TLS ${what} ${file}: ${(e as Error).message}`,
        );
      }
    };
    const ca = read(tls.ca, 'CA file');
    const cert = read(tls.cert, 'certificate');
    const key = read(tls.key, 'key');
    options.tls = {
      servername: options.host,
      ...(ca ? { ca } : {}),
      ...(cert ? { cert } : {}),
      ...(key ? { key } : {}),
    };
  }
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return { options, display: shown.toString(), prefix };
}

/** The URL with its password masked, or the text unchanged when it is not a URL. */
export function redactQueueUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function badUrl(url: string): NbreviveError {
  return new NbreviveError(
    'invalid-request',
    `'${redactQueueUrl(url)}' is not a Redis URL: use redis://HOST:PORT, ` +
      `redis://:PASSWORD@HOST:PORT/DB or rediss://USER:PASSWORD@HOST:PORT (TLS)`,
  );
}

/**
 * BullMQ's priority for a job's: BullMQ runs 1 first and lower numbers before higher (up to 2^21), nbrevive runs
 * higher priorities first (0 by default, negative allowed).
 */
export function bullPriority(priority: number): number {
  return Math.min(2_097_152, Math.max(1, 1_000_000 - priority));
}
