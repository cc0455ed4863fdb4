// A remote worker's link to its host: JSON requests to /api/worker/* with the worker's token, retried with backoff
// while the host is unreachable or restarting (so a host restart costs a pause, not a job), and blob downloads
// that resume where they stopped (`Range`) and are checked against their sha256 before use.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NbreviveError } from '../../../shared/lib/errors';

/** The host refused the token (401): the worker stops; it cannot fix that by retrying. */
export class TokenRefusedError extends NbreviveError {
  constructor(host: string, message: string) {
    super('invalid-request', `the host ${host} refused this worker's token: ${message}`);
  }
}

/** The job is no longer this worker's (another worker took it over, it was requeued or deleted): stop it quietly. */
export class NotOwnerError extends NbreviveError {
  constructor(message: string) {
    super('invalid-request', message);
  }
}

export interface HostClientOptions {
  /** http(s)://HOST:PORT of `nbrevive serve --queue …` */
  baseUrl: string;
  token: string;
  /** how long a request is retried while the host does not answer (default 10 min) */
  retryForMs?: number;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

const RETRY_STATUSES = new Set([502, 503, 504]);

export class HostClient {
  readonly baseUrl: string;
  /** set when the worker stops: no request retries past it (a dead host must not hold the exit for minutes) */
  private giveUpAt = Infinity;

  constructor(private readonly options: HostClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  private async attempt<T>(what: string, fn: () => Promise<T>, retryForMs = this.options.retryForMs ?? 600_000) {
    const deadline = Date.now() + retryForMs;
    let delay = 250;
    let warned = false;
    for (;;) {
      try {
        return await fn();
      } catch (e) {
        const retryable = (e as { retryable?: boolean }).retryable === true || e instanceof TypeError;
        if (!retryable || Date.now() > Math.min(deadline, this.giveUpAt) || this.options.signal?.aborted) {
          if (retryable)
            throw new NbreviveError(
              'runtime-unavailable',
              `the host ${this.baseUrl} did not answer ${what}: ${(e as Error).message}`,
            );
          throw e;
        }
        if (!warned) this.options.log?.(`the host does not answer ${what} (${(e as Error).message}); retrying`);
        warned = true;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 5000);
      }
    }
  }

  /** from now on, requests retry for at most `ms` more */
  capRetries(ms: number): void {
    this.giveUpAt = Math.min(this.giveUpAt, Date.now() + ms);
  }

  /** POST /api/worker/<op> with a JSON body; the answer's JSON */
  post<T = unknown>(op: string, body: unknown, options: { retryForMs?: number } = {}): Promise<T> {
    return this.attempt(
      op,
      async () => {
        const res = await fetch(`${this.baseUrl}/api/worker/${op}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.options.token}` },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (res.ok) return JSON.parse(text) as T;
        throw this.failure(res.status, text);
      },
      options.retryForMs,
    );
  }

  private failure(status: number, text: string): Error {
    let message = text.slice(0, 500);
    let code = '';
    try {
      const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
      message = body.error?.message ?? message;
      code = body.error?.code ?? '';
    } catch {
      // not JSON: keep the text
    }
    if (status === 401) return new TokenRefusedError(this.baseUrl, message);
    if (status === 409 && code === 'not-owner') return new NotOwnerError(message);
    if (RETRY_STATUSES.has(status)) return Object.assign(new Error(`${status}: ${message}`), { retryable: true });
    return new NbreviveError(
      status === 404 ? 'not-found' : 'invalid-request',
      `the host answered ${status}: ${message}`,
    );
  }

  /**
   * Downloads blob `sha256` to `dest` (kept: a cache), resuming a partial download, and checks its hash. Returns
   * the path.
   */
  async download(sha256: string, dest: string): Promise<string> {
    if (fs.existsSync(dest)) return dest;
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    const partial = `${dest}.partial`;
    await this.attempt(`blob ${sha256.slice(0, 12)}`, async () => {
      const have = fs.existsSync(partial) ? fs.statSync(partial).size : 0;
      const res = await fetch(`${this.baseUrl}/api/worker/blob/${sha256}`, {
        headers: { Authorization: `Bearer ${this.options.token}`, ...(have > 0 ? { Range: `bytes=${have}-` } : {}) },
      });
      if (res.status === 416) fs.rmSync(partial, { force: true });
      if (!res.ok) throw this.failure(res.status === 416 ? 503 : res.status, await res.text());
      // a server that ignored the range sends the whole file: start over
      const append = res.status === 206;
      if (!res.body) throw Object.assign(new Error('empty body'), { retryable: true });
      try {
        await pipeline(
          Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
          fs.createWriteStream(partial, { flags: append ? 'a' : 'w' }),
        );
      } catch (e) {
        // the connection broke mid-file: the next attempt resumes from what arrived
        throw Object.assign(new Error(`download interrupted: ${(e as Error).message}`), { retryable: true });
      }
    });
    const hash = crypto.createHash('sha256');
    for await (const chunk of fs.createReadStream(partial)) hash.update(chunk as Buffer);
    if (hash.digest('hex') !== sha256) {
      fs.rmSync(partial, { force: true });
      throw new NbreviveError(
        'internal',
        `blob ${sha256} arrived corrupted (its hash differs); it is fetched again next time`,
      );
    }
    fs.renameSync(partial, dest);
    return dest;
  }
}
