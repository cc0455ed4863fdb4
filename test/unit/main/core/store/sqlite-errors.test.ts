// Which SQLite and filesystem failures become which typed error, and that others pass through unchanged.
import { describe, expect, it } from 'vitest';
import { mapSqliteError } from '../../../../../main/core/store/sqlite-errors';
import { NbreviveError } from '../../../../../shared/lib/errors';

function failure(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('mapSqliteError', () => {
  it.each([
    ['SQLITE_FULL', 'database or disk is full', 'disk-full'],
    ['ENOSPC', 'no space left on device', 'disk-full'],
    ['SQLITE_READONLY', 'attempt to write a readonly database', 'db-read-only'],
    ['SQLITE_READONLY_DBMOVED', 'attempt to write a readonly database', 'db-read-only'],
    ['EACCES', 'permission denied', 'db-read-only'],
    ['SQLITE_CANTOPEN', 'unable to open database file', 'db-read-only'],
    ['SQLITE_NOTADB', 'file is not a database', 'db-corrupt'],
    ['SQLITE_CORRUPT', 'database disk image is malformed', 'db-corrupt'],
    ['SQLITE_BUSY', 'database is locked', 'db-busy'],
  ])('%s → %s', (code, message, expected) => {
    const mapped = mapSqliteError(failure(code, message), '/tmp/x.db');
    expect(mapped).toBeInstanceOf(NbreviveError);
    expect((mapped as NbreviveError).code).toBe(expected);
    expect((mapped as NbreviveError).message).toContain('/tmp/x.db');
    expect((mapped as NbreviveError).message).toContain(message);
    expect((mapped as NbreviveError).details).toEqual({ path: '/tmp/x.db', sqliteCode: code });
  });

  it('passes other errors and typed errors through unchanged', () => {
    const constraint = failure('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed');
    expect(mapSqliteError(constraint, '/x')).toBe(constraint);
    const typed = new NbreviveError('not-found', 'gone');
    expect(mapSqliteError(typed, '/x')).toBe(typed);
    expect(mapSqliteError('weird', '/x')).toBe('weird');
  });
});
