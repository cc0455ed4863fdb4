// The access token of `nbrevive serve`: random, shown once in the printed URL, required on every /api request and
// compared in constant time so response timing does not leak it.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function createToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** Constant-time equality: both sides are hashed first so their lengths never differ. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The token a request carries: `Authorization: Bearer …`, else the `token` query parameter (EventSource cannot set headers). */
export function requestToken(req: IncomingMessage, url: URL): string | null {
  const header = req.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? (m[1] as string) : null;
  }
  return url.searchParams.get('token');
}

/** loopback hosts may be bound without --allow-remote */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
