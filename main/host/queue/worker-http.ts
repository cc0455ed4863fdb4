// The HTTP plumbing of the worker routes (worker-api.ts): JSON bodies in and out, errors that carry their status,
// and blobs served by content address with resumable ranges.
import fs from 'node:fs';
import type http from 'node:http';
import type { z } from 'zod';
import type { BlobRepository } from '../../core/store/blobs';

// an executed notebook with images can be large; it arrives in one request
const MAX_BODY_BYTES = 256 * 1024 * 1024;
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function readJson(req: http.IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json')
    return Promise.reject(new HttpError(415, 'invalid-request', 'send the body as application/json'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'invalid-request', `the body is over ${MAX_BODY_BYTES / 1024 / 1024} MiB`));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch (e) {
        reject(new HttpError(400, 'invalid-request', `the body is not JSON: ${(e as Error).message}`));
      }
    });
    req.on('error', reject);
  });
}

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new HttpError(
      400,
      'invalid-request',
      r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  return r.data;
}

/**
 * A stored blob (notebook versions) or a file a bundle listed, by its sha256; `Range: bytes=N-` resumes a large
 * download, HEAD answers the size alone.
 */
export function serveBlob(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  hash: string,
  blobs: Pick<BlobRepository, 'has' | 'get'>,
  bundleFile: (hash: string) => string | undefined,
): void {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new HttpError(400, 'invalid-request', 'a blob is named by its sha256');
  const range = /^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''));
  const start = range ? Number(range[1]) : 0;
  const head = (size: number) => {
    if (start > size) throw new HttpError(416, 'invalid-request', 'the range starts past the end');
    res.writeHead(range ? 206 : 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': size - start,
      ...(range ? { 'Content-Range': `bytes ${start}-${size - 1}/${size}` } : {}),
    });
  };
  if (blobs.has(hash)) {
    const data = blobs.get(hash);
    head(data.length);
    return void res.end(req.method === 'HEAD' ? undefined : data.subarray(start));
  }
  const file = bundleFile(hash);
  const st = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
  if (!file || !st) throw new HttpError(404, 'not-found', `no blob ${hash} (claim the job again for a fresh bundle)`);
  head(st.size);
  if (req.method === 'HEAD') return void res.end();
  fs.createReadStream(file, { start })
    .on('error', () => res.destroy())
    .pipe(res);
}
