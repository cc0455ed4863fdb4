// The serve token leaves the address bar (issue 15, item 6): it moves into session storage and the URL is
// replaced without it, so it is not kept in the browser's history; a reload finds it in session storage.
import { describe, expect, it } from 'vitest';
import { httpApiFromLocation } from '../../../../../renderer/src/lib/api-client';

function fakeBrowser(href: string) {
  const url = new URL(href);
  const stored = new Map<string, string>();
  const replaced: string[] = [];
  const location = { search: url.search, origin: url.origin, pathname: url.pathname, hash: url.hash };
  const storage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
  };
  const history = {
    state: { route: 1 },
    replaceState: (_s: unknown, _t: string, next?: string | URL | null) => void replaced.push(String(next)),
  };
  return { location, storage, history, stored, replaced };
}

describe('httpApiFromLocation', () => {
  it('keeps the token in session storage and replaces the URL without it (other parameters kept)', async () => {
    const b = fakeBrowser('http://127.0.0.1:7878/jobs/j-1?token=s3cret&tab=logs#top');
    const api = httpApiFromLocation(b.location, b.storage, b.history);
    expect(b.stored.get('nbrevive.token')).toBe('s3cret');
    expect(b.replaced).toEqual(['/jobs/j-1?tab=logs#top']);
    expect(b.replaced.join('')).not.toContain('s3cret');
    expect(api).toBeTruthy();
    // after a reload the address has no token: it comes from session storage
    const again = fakeBrowser('http://127.0.0.1:7878/jobs/j-1?tab=logs');
    again.storage.setItem('nbrevive.token', 's3cret');
    httpApiFromLocation(again.location, again.storage, again.history);
    expect(again.replaced).toEqual([]);
  });
});
