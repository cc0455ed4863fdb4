// Turns SQLite's and the filesystem's failures into the typed errors a user can act on (disk full, read-only,
// corrupt, busy), each naming the database file; anything else passes through unchanged.
import { NbreviveError } from '../../../shared/lib/errors';

function codeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

export function mapSqliteError(e: unknown, dbPath: string): unknown {
  if (e instanceof NbreviveError) return e;
  const code = codeOf(e);
  const detail = e instanceof Error ? e.message : String(e);
  const details = { path: dbPath, sqliteCode: code || null };
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || /ENOSPC|database or disk is full/.test(detail)) {
    return new NbreviveError(
      'disk-full',
      `the disk holding the database ${dbPath} is full (${detail}); free ` +
        `some space and resume the job — nothing that was saved before is lost`,
      details,
    );
  }
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return new NbreviveError(
      'db-read-only',
      `the database ${dbPath} cannot be written (${detail}); make the file ` +
        `and its folder writable, or choose another file with --db or NBREVIVE_DB`,
      details,
    );
  }
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT_')) {
    return new NbreviveError(
      'db-corrupt',
      `${dbPath} is not a usable nbrevive database (${detail}); move ` +
        `it aside to start a new one, or choose another file with --db`,
      details,
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new NbreviveError(
      'db-busy',
      `the database ${dbPath} is busy: another nbrevive process has ` +
        `held it too long (${detail}); retry, or stop the other process`,
      details,
    );
  }
  if (code === 'SQLITE_CANTOPEN') {
    return new NbreviveError(
      'db-read-only',
      `the database ${dbPath} cannot be opened (${detail}); check that ` +
        `its folder exists and is writable, or choose another file with --db`,
      details,
    );
  }
  return e;
}

/** Runs `fn`, rethrowing SQLite failures as typed errors. */
export function withStoreErrors<T>(dbPath: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw mapSqliteError(e, dbPath);
  }
}
