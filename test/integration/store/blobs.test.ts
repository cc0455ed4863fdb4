// Content-addressed blobs in a real database file: stored once per hash, compressed, returned byte for byte.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashContent } from '../../../main/core/store';
import { notebookText, useTempStores } from './store-fixtures';

describe('blobs', () => {
  const temp = useTempStores();

  it('stores a 1 MB repetitive notebook once, far smaller than its text', () => {
    const store = temp.open();
    const text = notebookText('big', 1_000_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1_000_000);
    const sizeBefore = fs.statSync(store.path).size + fs.statSync(`${store.path}-wal`).size;
    const first = store.blobs.put(text);
    const second = store.blobs.put(text);
    expect(second).toBe(first);
    expect(first).toBe(crypto.createHash('sha256').update(text, 'utf8').digest('hex'));
    expect(store.db.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 1 });
    const info = store.blobs.info(first);
    expect(info?.codec).toBe('br');
    expect(info?.size).toBe(Buffer.byteLength(text));
    expect(info!.storedSize).toBeLessThan(info!.size / 100);
    // the file on disk grew by about the compressed size, not the raw one
    const sizeAfter = fs.statSync(store.path).size + fs.statSync(`${store.path}-wal`).size;
    expect(sizeAfter - sizeBefore).toBeLessThan(100_000);
    expect(store.blobs.getText(first)).toBe(text);
  });

  it('keeps incompressible content raw and returns exact bytes', () => {
    const store = temp.open();
    const bytes = crypto.randomBytes(64 * 1024);
    const hash = store.blobs.put(bytes);
    expect(hash).toBe(hashContent(bytes));
    expect(store.blobs.info(hash)?.codec).toBe('raw');
    expect(store.blobs.get(hash).equals(bytes)).toBe(true);
  });

  it('treats a string and its UTF-8 bytes as the same content', () => {
    const store = temp.open();
    const text = 'naïve café — 数据 🚀\n';
    const a = store.blobs.put(text);
    const b = store.blobs.put(Buffer.from(text, 'utf8'));
    expect(a).toBe(b);
    expect(store.blobs.getText(a)).toBe(text);
    expect(store.blobs.has(a)).toBe(true);
  });

  it('says which hash is missing', () => {
    const store = temp.open();
    expect(() => store.blobs.get('0'.repeat(64))).toThrow(`no stored content with hash ${'0'.repeat(64)}`);
    expect(store.blobs.info('nope')).toBeNull();
  });
});
