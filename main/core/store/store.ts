// Opens the nbrevive database: one SQLite file (WAL, foreign keys on, busy timeout, versioned migrations) holding
// everything a reviewer needs offline — cases, jobs, iterations with their notebook versions, logs, settings and
// the fix memory. The host, the worker and the CLI each open their own Store on the same file.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BlobRepository } from './blobs';
import { CaseRepository } from './cases';
import { StoreContext } from './context';
import { FixMemoryRepository } from './fix-memory';
import { IterationRepository } from './iterations';
import { JobRepository } from './jobs';
import { LogRepository } from './logs';
import { migrate, Migration, MIGRATIONS } from './migrations';
import { SettingsRepository } from './settings';
import { SimilarityRepository } from './similarity';
import { mapSqliteError, withStoreErrors } from './sqlite-errors';

export interface OpenStoreOptions {
  /** how long a writer waits for another connection's write lock before 'db-busy' (default 5000 ms) */
  busyTimeoutMs?: number;
  /** the clock (epoch ms); tests pass their own */
  now?: () => number;
  /** @internal tests of the migration machinery pass their own list */
  migrations?: readonly Migration[];
}

export class Store {
  readonly blobs: BlobRepository;
  readonly cases: CaseRepository;
  readonly jobs: JobRepository;
  readonly iterations: IterationRepository;
  readonly logs: LogRepository;
  readonly settings: SettingsRepository;
  readonly fixMemory: FixMemoryRepository;
  readonly similarity: SimilarityRepository;
  private readonly ctx: StoreContext;

  constructor(
    /** the raw connection, for the worker's own queries and for tests; prefer the repositories */
    readonly db: Database.Database,
    readonly path: string,
    readonly schemaVersion: number,
    now: () => number,
  ) {
    this.ctx = new StoreContext(db, path, now);
    this.blobs = new BlobRepository(db, now, this.ctx.read, this.ctx.write);
    this.cases = new CaseRepository(this.ctx);
    this.jobs = new JobRepository(this.ctx);
    this.iterations = new IterationRepository(this.ctx, this.blobs, this.jobs);
    this.logs = new LogRepository(this.ctx);
    this.settings = new SettingsRepository(this.ctx);
    this.fixMemory = new FixMemoryRepository(this.ctx);
    this.similarity = new SimilarityRepository(this.ctx);
  }

  /** Runs `fn` in one write transaction: repository calls inside it commit together or not at all. */
  transaction<T>(fn: () => T): T {
    return this.ctx.write(fn);
  }

  get isOpen(): boolean {
    return this.db.open;
  }

  /** Closes the connection (idempotent); the last connection to close checkpoints the WAL into the database. */
  close(): void {
    if (!this.db.open) return;
    try {
      this.db.pragma('optimize');
    } catch {
      // optimize is advisory: a read-only or full disk must not keep the handle open
    }
    this.db.close();
  }
}

/** Opens (creating it and its folder when missing) and migrates the database at `dbPath`. */
export function openStore(dbPath: string, options: OpenStoreOptions = {}): Store {
  const file = dbPath === ':memory:' ? dbPath : path.resolve(dbPath);
  if (file !== ':memory:') withStoreErrors(file, () => fs.mkdirSync(path.dirname(file), { recursive: true }));
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  const deadline = Date.now() + busyTimeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return openOnce(file, busyTimeoutMs, options);
    } catch (e) {
      // Switching a fresh file to WAL, or recovering a WAL, can answer SQLITE_BUSY at once, without waiting on the
      // busy timeout, when other processes open the same file at the same moment (host and worker starting).
      const busy = /^SQLITE_BUSY/.test(String((e as { code?: unknown }).code ?? ''));
      if (!busy || Date.now() >= deadline) throw mapSqliteError(e, file);
      sleepSync(Math.min(200, 10 * attempt + Math.random() * 20));
    }
  }
}

function openOnce(file: string, busyTimeoutMs: number, options: OpenStoreOptions): Store {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { timeout: busyTimeoutMs });
    // WAL: readers never block the writer (the UI lists jobs while the worker persists iterations).
    db.pragma('journal_mode = WAL');
    // NORMAL under WAL survives a crash of the process (only power loss can drop the last commits).
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    const version = migrate(db, file, options.migrations ?? MIGRATIONS);
    return new Store(db, file, version, options.now ?? Date.now);
  } catch (e) {
    if (db?.open) db.close();
    throw e;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
