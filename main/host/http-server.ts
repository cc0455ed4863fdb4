// The HTTP + server-sent-events transport of the app API (`nbrevive serve`): POST /api/<channel> per invoke
// channel, GET /api/events for the event stream (Last-Event-ID replay), and the built renderer with SPA fallback.
// Every /api request needs the token; nothing is shared cross-origin (no CORS headers).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { API_EVENT_CHANNELS } from '../../shared/contracts/api';
import { ErrorInfo } from '../../shared/contracts/channel';
import { hostAllowed, requestToken, tokenMatches } from './auth';
import { EventHub, HubEvent } from './event-hub';
import { ApiDispatcher } from './handlers';

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; worker-src 'self' blob:; connect-src " +
  "'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const MAX_BODY_BYTES = 20 * 1024 * 1024;
const SSE_KEEPALIVE_MS = 15_000;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

export interface HttpTransportOptions {
  dispatcher: ApiDispatcher;
  events: EventHub;
  token: string;
  /** the built renderer (out/renderer); null serves no UI */
  staticDir: string | null;
  /** Host header names answered besides the loopback ones (--allow-remote); 'any' when bound to every interface */
  allowedHosts?: readonly string[] | 'any';
  /** the remote workers' routes, /api/worker/* (distributed mode): they check their own per-worker tokens */
  workerRoutes?: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void;
}

export interface HttpTransport {
  server: http.Server;
  /** ends open event streams so close() can finish */
  closeStreams(): void;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendError(res: http.ServerResponse, status: number, error: ErrorInfo): void {
  sendJson(res, status, { error });
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return; // discarded: the 413 is on its way; the connection closes after it
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        over = true;
        chunks.length = 0;
        // no destroy here: the client would see a reset instead of the 413 answer
        reject(
          Object.assign(
            new Error(
              `the request body is over the ${MAX_BODY_BYTES / 1024 / 1024} ` +
                `MiB limit: send less per request (uploads go in chunks)`,
            ),
            {
              status: 413,
            },
          ),
        );
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function formatSse(event: HubEvent): string {
  return `id: ${event.id}\nevent: ${event.channel}\ndata: ${JSON.stringify(event.payload)}\n\n`;
}

/** One API call: POST /api/<channel> with a JSON body, answered with the handler's result as JSON. */
async function handleInvoke(
  dispatcher: ApiDispatcher,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  channel: string,
): Promise<void> {
  if (!dispatcher.has(channel))
    return sendError(res, 404, { code: 'not-found', message: `no such API channel: ${channel}` });
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    return sendError(res, 405, { code: 'invalid-request', message: `use POST for ${channel}` });
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const declaresBody =
    req.headers['content-length'] !== undefined
      ? req.headers['content-length'] !== '0'
      : req.headers['transfer-encoding'] !== undefined;
  if (declaresBody && type !== 'application/json') {
    // a text/plain or form body is what a cross-site form can send without a preflight: JSON only
    res.setHeader('Connection', 'close');
    return sendError(res, 415, {
      code: 'invalid-request',
      message: `send the request body as JSON with Content-Type: application/json (got ${type ? `'${type}'` : 'none'})`,
    });
  }
  let body: string;
  try {
    body = await readBody(req);
  } catch (e) {
    const status = (e as { status?: number }).status ?? 400;
    if (status === 413) {
      // answer, then close: the rest of the body is not read; a client still sending gets the answer first
      res.setHeader('Connection', 'close');
      res.once('finish', () => setTimeout(() => req.destroy(), 1_000).unref());
    }
    return sendError(res, status, { code: 'invalid-request', message: (e as Error).message });
  }
  let input: unknown = {};
  if (body.trim() !== '') {
    try {
      input = JSON.parse(body);
    } catch (e) {
      return sendError(res, 400, {
        code: 'invalid-request',
        message: `the request body is not JSON: ${(e as Error).message}`,
      });
    }
  }
  const result = await dispatcher.dispatch(channel, input);
  if (result.ok) sendJson(res, 200, result.value);
  else sendError(res, result.status, result.error);
}

/** GET /api/events: the hub's events as Server-Sent Events, from Last-Event-ID on; the stream joins `streams`. */
function handleEvents(
  events: EventHub,
  streams: Set<http.ServerResponse>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): void {
  const wanted = url.searchParams.get('channels');
  const filter = wanted ? new Set(wanted.split(',')) : null;
  const unknown = filter ? [...filter].filter((c) => !(API_EVENT_CHANNELS as string[]).includes(c)) : [];
  if (unknown.length)
    return sendError(res, 400, { code: 'invalid-request', message: `unknown event channel: ${unknown.join(', ')}` });
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const send = (event: HubEvent) => {
    if (!filter || filter.has(event.channel)) res.write(formatSse(event));
  };
  const lastHeader = req.headers['last-event-id'] ?? url.searchParams.get('lastEventId');
  const lastId = Number(Array.isArray(lastHeader) ? lastHeader[0] : lastHeader);
  // retry: how long EventSource waits before reconnecting; the first comment flushes headers to the client
  res.write(`retry: 2000\n: connected ${events.lastId}\n\n`);
  if (Number.isFinite(lastId) && lastId >= 0 && lastHeader != null) for (const e of events.since(lastId)) send(e);
  const off = events.onDidEmit(send);
  const keepalive = setInterval(() => res.write(': keepalive\n\n'), SSE_KEEPALIVE_MS);
  streams.add(res);
  const cleanup = () => {
    off();
    clearInterval(keepalive);
    streams.delete(res);
  };
  req.on('close', cleanup);
  res.on('close', cleanup);
}

/** The workbench UI: a file of the built renderer, or its index.html for a route (a missing asset is a 404). */
function serveStatic(root: string | null, req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' });
    res.end();
    return;
  }
  const index = root ? path.join(root, 'index.html') : null;
  if (!root || !index || !fs.existsSync(index)) {
    res.writeHead(503, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(
      'The workbench UI is not built: run `npm run build` in the checkout (npm ' +
        'ci does it), then restart `nbrevive serve`. The API under /api/ works.\n',
    );
    return;
  }
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    rel = '/';
  }
  const file = path.resolve(root, '.' + path.posix.normalize(rel));
  const inside = file === root || file.startsWith(root + path.sep);
  let target = index;
  if (inside && fs.existsSync(file) && fs.statSync(file).isFile()) target = file;
  else if (path.extname(rel) !== '' && rel !== '/') {
    // an asset that does not exist: a 404, not the app shell (SPA fallback is for routes only)
    res.writeHead(404, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('not found\n');
    return;
  }
  const type = MIME[path.extname(target)] ?? 'application/octet-stream';
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': type,
    'Cache-Control': target === index ? 'no-cache' : 'public, max-age=3600',
  });
  if (req.method === 'HEAD') return void res.end();
  fs.createReadStream(target)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** /api/*: same origin and the token checked, then the event stream or one call */
function handleApi(
  options: HttpTransportOptions,
  streams: Set<http.ServerResponse>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): void {
  const { dispatcher, events, token } = options;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`) {
    // a page of another origin calling the API (its fetch may carry the token from a leaked URL): refused
    return sendError(res, 403, {
      code: 'invalid-request',
      message: `cross-origin API requests are refused (Origin: ${origin.slice(0, 100)})`,
    });
  }
  if (!tokenMatches(token, requestToken(req, url))) {
    res.setHeader('WWW-Authenticate', 'Bearer');
    return sendError(res, 401, {
      code: 'unauthorized',
      message:
        'missing or wrong token: use the URL `nbrevive serve` ' +
        'printed (Authorization: Bearer <token> or ?token=<token>)',
    });
  }
  const rest = url.pathname.slice('/api/'.length);
  if (rest === 'events') {
    if (req.method !== 'GET')
      return sendError(res, 405, { code: 'invalid-request', message: 'use GET for /api/events' });
    return handleEvents(events, streams, req, res, url);
  }
  let channel: string;
  try {
    channel = decodeURIComponent(rest);
  } catch {
    return sendError(res, 400, {
      code: 'invalid-request',
      message: `the request path is not valid percent-encoding: ${rest.slice(0, 200)}`,
    });
  }
  void handleInvoke(dispatcher, req, res, channel).catch((e: unknown) => {
    console.error('[nbrevive host] request failed:', e);
    if (!res.headersSent) sendError(res, 500, { code: 'internal', message: String(e) });
  });
}

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const streams = new Set<http.ServerResponse>();

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!hostAllowed(req.headers.host, options.allowedHosts)) {
      // DNS rebinding: a foreign name pointed at this address; nothing is served to it
      return sendError(res, 403, {
        code: 'invalid-request',
        message:
          `this server answers only to its own address, not to Host: ` +
          `${String(req.headers.host ?? '(none)').slice(0, 100)}`,
      });
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (options.workerRoutes && url.pathname.startsWith('/api/worker/') && req.headers.origin === undefined) {
      // a worker is a program, never a page (no Origin); its token is one of the per-worker tokens
      return options.workerRoutes(req, res, url);
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return handleApi(options, streams, req, res, url);
    serveStatic(options.staticDir, req, res, url);
  }

  const server = http.createServer((req, res) => {
    // a request that cannot be parsed is the client's mistake: it must never take the server (and its worker) down
    try {
      handle(req, res);
    } catch (e) {
      console.error('[nbrevive host] could not parse a request:', e);
      if (!res.headersSent)
        sendError(res, 400, {
          code: 'invalid-request',
          message: `the request could not be parsed: ${(e as Error).message}`,
        });
      else res.destroy();
    }
  });

  return {
    server,
    closeStreams() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}
