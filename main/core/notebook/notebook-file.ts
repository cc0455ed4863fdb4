// Reading and writing `.ipynb` files: the checks a file needs before its text reaches the notebook model (exists,
// not too large, text not binary) with messages that name the file, and atomic writes (temp file + rename) so a
// crash never leaves half a notebook behind.
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { NbreviveError } from '../../../shared/lib/errors';
import { formatBytes } from '../../../shared/lib/format';
import { parseNotebook, serializeNotebook } from '../../../shared/lib/ipynb';
import type { Notebook } from '../../../shared/models/notebook';

/** Larger notebooks are almost always full of embedded images or data; 100 MiB keeps memory bounded. */
export const DEFAULT_MAX_NOTEBOOK_BYTES = 100 * 1024 * 1024;

export interface ReadNotebookOptions {
  maxBytes?: number;
  /** see ParseNotebookOptions.addCellIds (default true) */
  addCellIds?: boolean;
}

/**
 * What a path that is neither a regular file nor a folder is ("a character device" for /dev/zero), for messages;
 * null for a file or a folder. Such paths are refused before any read: /dev/zero never ends, a FIFO blocks one of
 * Node's few file-I/O threads until someone writes to it.
 */
export function specialFileKind(stat: {
  isFile(): boolean;
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string | null {
  if (stat.isFile() || stat.isDirectory()) return null;
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Reads at most `maxBytes + 1` bytes of a regular file, opened without blocking and checked again once open. */
async function readRegularFile(abs: string, maxBytes: number): Promise<Buffer> {
  // O_NONBLOCK: if the path was swapped for a FIFO after the stat, open() returns instead of waiting for a writer
  const handle = await fs.open(abs, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  try {
    const stat = await handle.stat();
    const special = specialFileKind(stat);
    if (special || !stat.isFile())
      throw new NbreviveError(
        'not-a-notebook',
        `${abs} is ${special ?? 'a folder'}, not a notebook file: give the path of an .ipynb file`,
        { path: abs },
      );
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1024 * 1024, maxBytes + 1 - total));
      if (chunk.length === 0) break;
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}

function errnoCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

/**
 * Read a notebook file as UTF-8 text, with typed errors: 'file-not-found', 'not-a-notebook' (a folder),
 * 'file-too-large', 'binary-file'. Returns the text (a UTF-8 byte order mark removed).
 */
export async function readNotebookText(file: string, options: { maxBytes?: number } = {}): Promise<string> {
  const abs = path.resolve(file);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_NOTEBOOK_BYTES;
  let stat;
  try {
    stat = await fs.stat(abs);
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new NbreviveError('file-not-found', `notebook not found: ${abs} (check the path)`, { path: abs });
    }
    throw e;
  }
  if (stat.isDirectory()) {
    throw new NbreviveError(
      'not-a-notebook',
      `${abs} is a folder, not a notebook file: give the path of an ` +
        `.ipynb file, or of a case folder holding nbrevive.case.json`,
      { path: abs },
    );
  }
  const special = specialFileKind(stat);
  if (special) {
    throw new NbreviveError(
      'not-a-notebook',
      `${abs} is ${special}, not a notebook file: give the path of ` +
        `an .ipynb file, or of a case folder holding nbrevive.case.json`,
      {
        path: abs,
      },
    );
  }
  const tooLarge = (size: number): NbreviveError =>
    new NbreviveError(
      'file-too-large',
      `${abs} is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit for notebooks: ` +
        `clear its outputs (jupyter nbconvert --clear-output --inplace FILE) and try again`,
      { path: abs, size, limit: maxBytes },
    );
  if (stat.size > maxBytes) throw tooLarge(stat.size);
  const bytes = await readRegularFile(abs, maxBytes);
  // the file may have grown between stat and read
  if (bytes.length > maxBytes) throw tooLarge(bytes.length);
  if (bytes.includes(0)) {
    throw new NbreviveError(
      'binary-file',
      `${abs} is a binary file, not a notebook (it contains NUL bytes): an .ipynb notebook is JSON text`,
      {
        path: abs,
      },
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NbreviveError(
      'binary-file',
      `${abs} is a binary file, not a notebook (it is not UTF-8 text): an .ipynb ` +
        `notebook is JSON text in UTF-8; if it is in another encoding, save it as UTF-8`,
      { path: abs },
    );
  }
}

/**
 * Read, validate and (for nbformat 3) upgrade a notebook file. Throws NbreviveError: 'file-not-found',
 * 'file-too-large', 'binary-file', 'not-json', 'not-a-notebook', 'unsupported-nbformat'; every message names the file.
 */
export async function readNotebookFile(file: string, options: ReadNotebookOptions = {}): Promise<Notebook> {
  const abs = path.resolve(file);
  const text = await readNotebookText(abs, options);
  return parseNotebook(text, {
    source: abs,
    ...(options.addCellIds === undefined ? {} : { addCellIds: options.addCellIds }),
  });
}

/**
 * Write text to a file atomically: a temporary file in the same folder, flushed to disk, then renamed over the
 * target. On failure the temporary file is removed and the target is untouched.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const abs = path.resolve(file);
  const tmp = path.join(
    path.dirname(abs),
    `.${path.basename(abs)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(tmp, 'wx');
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.rename(tmp, abs);
  } catch (e) {
    await handle?.close().catch(() => undefined);
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/** Write a notebook exactly as nbformat would (see serializeNotebook), atomically. */
export async function writeNotebookFile(file: string, nb: Notebook): Promise<void> {
  await writeFileAtomic(file, serializeNotebook(nb));
}
