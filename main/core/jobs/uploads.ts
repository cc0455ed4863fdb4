// Uploads: files a browser sends (it cannot share the user's paths with the host) written into a folder of their
// own beside the database, chunk by chunk, then imported like a dropped folder. The folder stays: the imported
// cases read their notebook and data from it. Paths are checked so an upload can never write outside its folder.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { NbreviveError, toErrorInfo } from '../../../shared/lib/errors';
import type { Store } from '../store';
import { fileSystemError } from './fs-errors';

export interface UploadChunk {
  path: string;
  base64: string;
  append: boolean;
}

export function uploadsRootFor(store: Store): string {
  return path.join(path.dirname(store.path), 'uploads');
}

export function newUploadId(now = Date.now()): string {
  return `u-${Math.floor(now / 1000).toString(36)}${crypto.randomBytes(5).toString('hex')}`;
}

/** The '/'-separated relative path as segments, refusing anything that could leave the upload folder. */
export function safeUploadPath(relative: string): string[] {
  const segments = relative.replace(/\\/g, '/').split('/');
  const bad = (s: string) => s === '' || s === '.' || s === '..' || s.includes('\0') || /^[a-zA-Z]:$/.test(s);
  if (segments.length > 32 || segments.some(bad)) {
    throw new NbreviveError(
      'invalid-request',
      `upload path '${relative}' is not a plain relative path (no '..', no leading '/', at most 32 folders deep)`,
      {
        path: relative,
      },
    );
  }
  return segments;
}

/**
 * Writes the chunks into `<root>/<uploadId>` (a fresh folder when uploadId is null); an `append` chunk must
 * continue a file this upload started. Returns the folder and the bytes written. ENOSPC becomes 'disk-full'.
 */
export async function writeUploadChunks(
  root: string,
  uploadId: string | null,
  chunks: readonly UploadChunk[],
): Promise<{ uploadId: string; dir: string; bytes: number }> {
  const id = uploadId ?? newUploadId();
  const dir = path.join(root, id);
  // every path is checked before anything is created: a refused call leaves nothing behind
  const files = chunks.map((chunk) => path.join(dir, ...safeUploadPath(chunk.path)));
  if (uploadId === null) {
    const appended = chunks.find((c) => c.append);
    if (appended) {
      throw new NbreviveError(
        'invalid-request',
        `upload chunk for '${appended.path}' continues a file ` +
          `that was not started: send its first chunk without append`,
      );
    }
    await fs.mkdir(dir, { recursive: true }).catch((e: unknown) => {
      throw fileSystemError(e, 'the uploads folder', dir);
    });
  } else if (!(await fs.stat(dir).catch(() => null))?.isDirectory()) {
    throw new NbreviveError('not-found', `no upload ${uploadId} on this host: start the upload again`, { uploadId });
  }
  let bytes = 0;
  let current = '';
  try {
    for (const [i, chunk] of chunks.entries()) {
      const file = files[i] as string;
      current = chunk.path;
      const data = Buffer.from(chunk.base64, 'base64');
      if (chunk.append) {
        if (!(await fs.stat(file).catch(() => null))?.isFile()) {
          throw new NbreviveError(
            'invalid-request',
            `upload chunk for '${chunk.path}' continues a file that ` +
              `was not started: send its first chunk without append`,
          );
        }
        await fs.appendFile(file, data);
      } else {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, data);
      }
      bytes += data.length;
    }
  } catch (e) {
    // a first call that failed leaves no empty upload folder behind
    if (uploadId === null) await removeUpload(dir).catch(() => undefined);
    if (e instanceof NbreviveError) throw e;
    const { code } = toErrorInfo(e);
    if (code === 'disk-full') {
      throw new NbreviveError(
        'disk-full',
        `the disk is full: upload ${id} could not be written to ${dir}; free some space and upload again`,
        { uploadId: id },
      );
    }
    const typed = fileSystemError(e, 'the uploaded file', current);
    throw new NbreviveError(typed.code, typed.message, { uploadId: id, path: current });
  }
  return { uploadId: id, dir, bytes };
}

/**
 * Removes upload folders older than `maxAgeMs` that no case lives in: uploads a browser started but never
 * finished (closed tab, lost connection). Folders holding an imported case are kept. Returns the removed ids.
 */
export async function pruneUploads(store: Store, maxAgeMs: number, now = Date.now()): Promise<string[]> {
  const root = uploadsRootFor(store);
  const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !/^u-[a-z0-9]+$/.test(entry.name)) continue;
    const dir = path.join(root, entry.name);
    const stat = await fs.stat(dir).catch(() => null);
    if (!stat || now - stat.mtimeMs < maxAgeMs) continue;
    if (store.cases.countUnder(dir) > 0) continue;
    await removeUpload(dir);
    removed.push(entry.name);
  }
  return removed;
}

/** Removes an upload folder (an upload that imported nothing). */
export async function removeUpload(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
}
