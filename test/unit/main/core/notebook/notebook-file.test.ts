// Notebook files on a real filesystem: every bad input gets its exact message, writes are atomic and byte-exact.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNotebookFile, writeFileAtomic, writeNotebookFile } from '../../../../../main/core/notebook/notebook-file';
import { formatBytes } from '../../../../../shared/lib/format';
import { serializeNotebook } from '../../../../../shared/lib/ipynb';
import { rejection } from '../../../../helpers/errors';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/notebooks');
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-nbfile-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function put(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

describe('readNotebookFile', () => {
  it('reads and validates a notebook (nbformat 3 upgraded)', async () => {
    const nb = await readNotebookFile(path.join(FIXTURES, 'v3-legacy.ipynb'));
    expect(nb.nbformat).toBe(4);
    expect(nb.cells).toHaveLength(6);
  });

  it('file not found', async () => {
    const file = path.join(dir, 'missing.ipynb');
    const e = await rejection(readNotebookFile(file));
    expect(e.code).toBe('file-not-found');
    expect(e.message).toBe(`notebook not found: ${file} (check the path)`);
    const below = await rejection(readNotebookFile(path.join(dir, 'missing.ipynb', 'x.ipynb')));
    expect(below.code).toBe('file-not-found');
  });

  it('relative paths are reported absolute', async () => {
    const e = await rejection(readNotebookFile('no-such-notebook-here.ipynb'));
    expect(e.message).toBe(`notebook not found: ${path.resolve('no-such-notebook-here.ipynb')} (check the path)`);
  });

  it('a folder', async () => {
    const e = await rejection(readNotebookFile(dir));
    expect(e.code).toBe('not-a-notebook');
    expect(e.message).toBe(
      `${dir} is a folder, not a notebook file: give the path of an .ipynb file, or of a case folder holding nbrevive.case.json`,
    );
  });

  it('binary file with NUL bytes', async () => {
    const file = put('image.ipynb', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    const e = await rejection(readNotebookFile(file));
    expect(e.code).toBe('binary-file');
    expect(e.message).toBe(
      `${file} is a binary file, not a notebook (it contains NUL bytes): an .ipynb notebook is JSON text`,
    );
  });

  it('text that is not UTF-8', async () => {
    const file = put('latin1.ipynb', Buffer.from('{"nbformat": 4, "x": "caf\xe9"}', 'latin1'));
    const e = await rejection(readNotebookFile(file));
    expect(e.code).toBe('binary-file');
    expect(e.message).toBe(
      `${file} is a binary file, not a notebook (it is not UTF-8 text): an .ipynb notebook is JSON text in UTF-8; if it is in another encoding, save it as UTF-8`,
    );
  });

  it('file too large, with the size and the limit', async () => {
    const file = put('big.ipynb', ' '.repeat(3000));
    const e = await rejection(readNotebookFile(file, { maxBytes: 2048 }));
    expect(e.code).toBe('file-too-large');
    expect(e.message).toBe(
      `${file} is 2.9 KiB, over the 2.0 KiB limit for notebooks: clear its outputs (jupyter nbconvert --clear-output --inplace FILE) and try again`,
    );
    expect(e.details).toMatchObject({ size: 3000, limit: 2048 });
    expect(formatBytes(100 * 1024 * 1024)).toBe('100.0 MiB');
    expect(formatBytes(512)).toBe('512 bytes');
  });

  it('not JSON, not a notebook, unsupported nbformat: the message names the file', async () => {
    const notJson = put('broken.ipynb', '{"cells": [');
    expect((await rejection(readNotebookFile(notJson))).message).toBe(
      `${notJson} is not a Jupyter notebook: it is not valid JSON (expected a value, found end of text at line 1, column 12); check that it is a complete .ipynb file`,
    );
    const notNb = put('data.ipynb', '{"rows": []}');
    const e = await rejection(readNotebookFile(notNb));
    expect(e.code).toBe('not-a-notebook');
    expect(e.message).toBe(
      `${notNb} is not a Jupyter notebook: it has no "nbformat" field (an .ipynb notebook is a JSON object with "nbformat", "metadata" and "cells")`,
    );
    const v2 = put('v2.ipynb', '{"nbformat": 2, "nbformat_minor": 0, "worksheets": []}');
    const u = await rejection(readNotebookFile(v2));
    expect(u.code).toBe('unsupported-nbformat');
    expect(u.message.startsWith(`${v2} uses nbformat 2, which nbrevive cannot read`)).toBe(true);
  });

  it('a UTF-8 byte order mark is accepted', async () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'floats.ipynb'), 'utf8');
    const file = put('bom.ipynb', '\uFEFF' + text);
    expect((await readNotebookFile(file)).cells).toHaveLength(1);
  });
});

describe('writeNotebookFile', () => {
  it('writes exactly serializeNotebook and reads back the same notebook', async () => {
    const nb = await readNotebookFile(path.join(FIXTURES, 'unknown-metadata.ipynb'));
    const out = path.join(dir, 'written.ipynb');
    await writeNotebookFile(out, nb);
    expect(fs.readFileSync(out, 'utf8')).toBe(serializeNotebook(nb));
    const again = await readNotebookFile(out);
    expect(serializeNotebook(again)).toBe(serializeNotebook(nb));
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('replaces an existing file atomically and leaves no temp file on failure', async () => {
    const out = put('replace.ipynb', 'old content');
    await writeFileAtomic(out, 'new content');
    expect(fs.readFileSync(out, 'utf8')).toBe('new content');
    // the target is a folder: rename fails, the temp file is removed
    const folder = path.join(dir, 'a-folder.ipynb');
    fs.mkdirSync(path.join(folder, 'child'), { recursive: true });
    await expect(writeFileAtomic(folder, 'x')).rejects.toThrow();
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await expect(writeFileAtomic(path.join(dir, 'no', 'such', 'dir.ipynb'), 'x')).rejects.toThrow(/ENOENT/);
  });
});
