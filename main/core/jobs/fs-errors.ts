// File-system failures a user can cause with a path they typed (export --out, an uploaded file's name) as typed
// errors with a message that says what is wrong with the path; raw errno text used to come back as 500 internal.
import fs from 'node:fs/promises';
import path from 'node:path';
import { NbreviveError } from '../../../shared/lib/errors';

function errnoOf(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

/** Refuses a path no file system accepts, before anything is created: NUL bytes. */
export function checkUserPath(file: string, what: string): void {
  if (file.includes('\0'))
    throw new NbreviveError(
      'invalid-request',
      `${what} ${JSON.stringify(file)} contains a NUL character: give a plain path`,
      { path: file },
    );
}

/** `e`, thrown while writing `file` (what: "the export file", "the uploaded file"), as a typed error. */
export function fileSystemError(e: unknown, what: string, file: string): NbreviveError {
  if (e instanceof NbreviveError) return e;
  const code = errnoOf(e);
  const where = `${what} ${file}`;
  const details = { path: file, errno: code ?? null };
  switch (code) {
    case 'ENAMETOOLONG':
      return new NbreviveError(
        'invalid-request',
        `${where}: the name is too long for the file system (at most 255 bytes per name): choose a shorter one`,
        details,
      );
    case 'EISDIR':
      return new NbreviveError(
        'invalid-request',
        `${where} is a folder: give a file path, e.g. ${path.join(file, 'notebook.ipynb')}`,
        details,
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new NbreviveError(
        'invalid-request',
        `${where}: a part of the path is a file, not a folder: choose another path`,
        details,
      );
    case 'ENOENT':
      return new NbreviveError(
        'invalid-request',
        `${where}: its folder cannot be created there (on /proc or /sys, say): choose a folder you can write to`,
        details,
      );
    case 'EACCES':
    case 'EPERM':
      return new NbreviveError(
        'invalid-request',
        `${where}: permission denied: choose a folder you can write to`,
        details,
      );
    case 'EROFS':
      return new NbreviveError(
        'invalid-request',
        `${where} is on a read-only file system: choose a folder you can write to`,
        details,
      );
    case 'EINVAL':
      return new NbreviveError(
        'invalid-request',
        `${where}: the file system does not accept this path (on /proc or /sys, say): choose a folder you can write to`,
        details,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return new NbreviveError(
        'disk-full',
        `the disk is full: ${where} could not be written; free some space and try again`,
        details,
      );
    default:
      if ((e as { code?: string })?.code === 'ERR_INVALID_ARG_VALUE')
        return new NbreviveError('invalid-request', `${where}: not a usable path (${(e as Error).message})`, details);
      return new NbreviveError(
        'internal',
        `${where} could not be written: ${e instanceof Error ? e.message : String(e)}`,
        details,
      );
  }
}

/**
 * mkdir -p for a folder a user named, one level at a time: Node's recursive mkdir never returns for a path
 * under /proc/self (it loops on the ENOENT it gets), and this one fails at once with the real errno instead.
 */
export async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    const stat = await fs
      .stat(at)
      .catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : Promise.reject(e)));
    if (stat) {
      if (!stat.isDirectory()) throw Object.assign(new Error(`${at} is not a folder`), { code: 'ENOTDIR' });
      break;
    }
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing.reverse()) {
    await fs.mkdir(folder).catch((e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? undefined : Promise.reject(e)));
  }
}
