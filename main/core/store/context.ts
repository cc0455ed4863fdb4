// What every repository of the store shares: the connection, the clock, a statement cache, and the two ways in —
// `read` (errors mapped) and `write` (an IMMEDIATE transaction: takes the write lock up front, so concurrent
// writers wait on busy_timeout instead of failing on a stale snapshot).
import type Database from 'better-sqlite3';
import { NbreviveError } from '../../../shared/lib/errors';
import { withStoreErrors } from './sqlite-errors';

export class StoreContext {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly db: Database.Database,
    readonly path: string,
    readonly now: () => number,
  ) {}

  /** A prepared statement, cached by its SQL text (for the queries built per call, like list filters). */
  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt as unknown as Database.Statement<P, R>;
  }

  read = <T>(fn: () => T): T => withStoreErrors(this.path, fn);

  /** The row a query of one parameter (an id) finds, or undefined. */
  one<R>(sql: string, param: string): R | undefined {
    return this.read(() => this.prepare<[string], R>(sql).get(param));
  }

  /** Runs several reads on one consistent snapshot (a deferred transaction: takes no write lock). */
  snapshot = <T>(fn: () => T): T => withStoreErrors(this.path, () => this.db.transaction(fn).deferred());

  /** Runs `fn` in one IMMEDIATE transaction (a savepoint when already inside one): all of it or nothing. */
  write = <T>(fn: () => T): T => withStoreErrors(this.path, () => this.db.transaction(fn).immediate());
}

/** `found`, or the store's 'not-found' error (its message says how to list what there is). */
export function orNotFound<T>(found: T | null, message: string, details: Record<string, unknown>): T {
  if (!found) throw new NbreviveError('not-found', message, details);
  return found;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}

export function msOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new TypeError(`not a date: ${value}`);
  return ms;
}

/** `text` with LIKE's wildcards escaped (ESCAPE '\\'). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * `%text%` for `LIKE ? ESCAPE '\\'`, with LIKE's wildcards in `text` escaped. LIKE folds ASCII case as SQLite's
 * lower() does, without building a lowered copy of every row.
 */
export function likePattern(text: string): string {
  return `%${likeEscape(text)}%`;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export type SortOrder = 'asc' | 'desc';
