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

/**
 * The token a request carries: `Authorization: Bearer …`, else the `token` query parameter (EventSource cannot set
 * headers).
 */
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

/** The host name of a Host header, lower-case, without the port or IPv6 brackets; null when it is malformed. */
export function hostHeaderName(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i.exec(header.trim());
  if (!m) return null;
  return (m[1] ?? m[2] ?? '').toLowerCase();
}

/**
 * Whether a request's Host header names this server: a loopback name, or one of `allowed` (the --allow-remote
 * bind address); 'any' when bound to every interface, where any name may reach it and only the token protects.
 * Refusing other names defeats DNS rebinding: a page on evil.example re-pointed at 127.0.0.1 still sends
 * `Host: evil.example`.
 */
export function hostAllowed(header: string | undefined, allowed: readonly string[] | 'any' = []): boolean {
  const name = hostHeaderName(header);
  if (name === null) return false;
  if (allowed === 'any' || isLoopbackHost(name)) return true;
  return allowed.some((a) => a.toLowerCase().replace(/^\[|\]$/g, '') === name);
}
