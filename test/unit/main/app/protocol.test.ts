import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  CONTENT_SECURITY_POLICY,
  isAppUrl,
  resolveAppPath,
  serveAppRequest,
} from '../../../../main/app/protocol';

let root: string;
let outside: string;

beforeAll(() => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-protocol-'));
  root = path.join(base, 'renderer');
  outside = path.join(base, 'secret.txt');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>nbrevive</title>');
  fs.writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(outside, 'do not serve');
  fs.symlinkSync(outside, path.join(root, 'assets', 'link.txt'));
});

afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

describe('app:// path mapping', () => {
  it('maps our origin to files under the root, / to index.html', () => {
    expect(resolveAppPath(root, 'app://nbrevive/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppPath(root, APP_ENTRY_URL)).toBe(path.join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://nbrevive/assets/app.js?v=1#x')).toBe(path.join(root, 'assets', 'app.js'));
    expect(resolveAppPath(root, 'app://nbrevive/assets/a%20b.js')).toBe(path.join(root, 'assets', 'a b.js'));
  });

  it('never maps a URL outside the root: dot segments are normalised away, encoded escapes refused', () => {
    // the URL parser resolves plain and %2e dot segments at the origin's top: they stay inside the root
    expect(resolveAppPath(root, 'app://nbrevive/../secret.txt')).toBe(path.join(root, 'secret.txt'));
    expect(resolveAppPath(root, 'app://nbrevive/%2e%2e/secret.txt')).toBe(path.join(root, 'secret.txt'));
    expect(resolveAppPath(root, 'app://nbrevive/%2fetc%2fpasswd')).toBe(path.join(root, 'etc', 'passwd'));
    // an encoded separator survives the parser and would climb out after decoding: refused
    for (const url of [
      'app://nbrevive/..%2fsecret.txt',
      'app://nbrevive/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://nbrevive/..%5csecret.txt',
      'app://nbrevive/assets%5c..%5c..%5csecret.txt',
      'app://nbrevive/index.html%00.js',
      'app://nbrevive/%E0%A4%A',
      'app://other/index.html',
      'app://nbrevive.evil/index.html',
      'file:///etc/passwd',
      'https://nbrevive/index.html',
      'not a url',
    ]) {
      expect(resolveAppPath(root, url), url).toBeNull();
    }
  });

  it('recognises only our origin as ours', () => {
    expect(isAppUrl('app://nbrevive/index.html')).toBe(true);
    expect(isAppUrl('app://nbrevive.evil/index.html')).toBe(false);
    expect(isAppUrl('app://evil/')).toBe(false);
    expect(isAppUrl('http://nbrevive/')).toBe(false);
  });
});

describe('serving the renderer', () => {
  it('answers files with their type and the CSP', async () => {
    const res = await serveAppRequest(root, { url: 'app://nbrevive/', method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
    expect(await res.text()).toContain('<title>nbrevive</title>');
    const js = await serveAppRequest(root, { url: 'app://nbrevive/assets/app.js', method: 'GET' });
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('refuses traversal and symlinks out of the root, 404s missing files and refuses writes', async () => {
    expect((await serveAppRequest(root, { url: 'app://nbrevive/..%2fsecret.txt', method: 'GET' })).status).toBe(403);
    expect((await serveAppRequest(root, { url: 'app://nbrevive/%2e%2e/secret.txt', method: 'GET' })).status).toBe(404);
    const link = await serveAppRequest(root, { url: 'app://nbrevive/assets/link.txt', method: 'GET' });
    expect(link.status).toBe(403);
    expect(await link.text()).not.toContain('do not serve');
    expect((await serveAppRequest(root, { url: 'app://nbrevive/nope.js', method: 'GET' })).status).toBe(404);
    expect((await serveAppRequest(root, { url: 'app://nbrevive/assets', method: 'GET' })).status).toBe(404);
    expect((await serveAppRequest(root, { url: 'app://nbrevive/index.html', method: 'POST' })).status).toBe(405);
  });
});
