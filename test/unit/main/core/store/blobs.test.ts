// Blob keys and encoding, without a database: sha256 of the raw bytes, brotli when it helps, raw when not.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hashContent, prepareBlob } from '../../../../../main/core/store/blobs';

describe('hashContent', () => {
  it('is the sha256 hex of the raw bytes (a string as UTF-8)', () => {
    // the FIPS 180-2 test vector
    expect(hashContent('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashContent(Buffer.from('abc'))).toBe(hashContent('abc'));
    expect(hashContent(new Uint8Array([0x61, 0x62, 0x63]))).toBe(hashContent('abc'));
    expect(hashContent('é')).toBe(
      crypto
        .createHash('sha256')
        .update(Buffer.from([0xc3, 0xa9]))
        .digest('hex'),
    );
  });
});

describe('prepareBlob', () => {
  it('compresses text with brotli and decodes back to the same bytes', () => {
    const text = '{"cells": []}\n'.repeat(10_000);
    const blob = prepareBlob(text);
    expect(blob.codec).toBe('br');
    expect(blob.size).toBe(text.length);
    expect(blob.data.length).toBeLessThan(text.length / 50);
    expect(zlib.brotliDecompressSync(blob.data).toString('utf8')).toBe(text);
  });

  it('keeps random bytes raw', () => {
    const bytes = crypto.randomBytes(4096);
    const blob = prepareBlob(bytes);
    expect(blob.codec).toBe('raw');
    expect(blob.data.equals(bytes)).toBe(true);
    expect(blob.hash).toBe(hashContent(bytes));
  });
});
