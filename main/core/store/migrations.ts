// The database schema as an ordered list of migrations. `PRAGMA user_version` holds the applied version and
// `schema_migrations` the history; each migration runs in its own IMMEDIATE transaction, so two processes opening
// a fresh database at once apply it once, and a failed migration leaves the previous version intact.
// Enum-like columns (status, outcome …) are validated in TypeScript rather than by CHECK constraints, because
// SQLite cannot alter a CHECK without rebuilding the table and these enums will grow.
import type Database from 'better-sqlite3';
import { NbreviveError } from '../../../shared/lib/errors';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/** Version 1: the tables and indexes of the first release (the text as SQLite stores it in sqlite_master). */
const INITIAL_SCHEMA = `
        CREATE TABLE blobs (
          hash TEXT PRIMARY KEY,            -- sha256 hex of the raw content
          size INTEGER NOT NULL,            -- raw bytes
          codec TEXT NOT NULL,              -- 'br' (brotli) or 'raw' (did not compress)
          data BLOB NOT NULL,
          created_at INTEGER NOT NULL
        );

        CREATE TABLE cases (
          id TEXT PRIMARY KEY,              -- the manifest id, suffixed with a hash of the root when it is taken
          case_key TEXT NOT NULL,           -- the manifest id
          root TEXT NOT NULL,
          title TEXT NOT NULL,
          notebook_path TEXT NOT NULL,
          competition TEXT,
          created TEXT,                     -- the notebook's original date (YYYY[-MM[-DD]])
          score_spec TEXT NOT NULL,         -- json ScoreSpec
          target TEXT,                      -- json Target
          manifest TEXT,                    -- json CaseManifest
          resolved TEXT NOT NULL,           -- json ResolvedCase
          original_hash TEXT NOT NULL REFERENCES blobs(hash),
          imported_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (root, case_key)
        );
        CREATE INDEX cases_competition ON cases(competition);
        CREATE INDEX cases_imported ON cases(imported_at);

        CREATE TABLE jobs (
          id TEXT PRIMARY KEY,
          case_id TEXT NOT NULL REFERENCES cases(id),
          status TEXT NOT NULL,
          priority INTEGER NOT NULL DEFAULT 0,
          settings TEXT NOT NULL,           -- json JobSettings
          created_at INTEGER NOT NULL,
          started_at INTEGER,
          finished_at INTEGER,
          updated_at INTEGER NOT NULL,
          outcome TEXT,
          stop_reason TEXT,
          best_iteration INTEGER,
          iterations INTEGER NOT NULL DEFAULT 0,
          score REAL,
          target REAL,
          cost_usd REAL NOT NULL DEFAULT 0,
          prompt_tokens INTEGER NOT NULL DEFAULT 0,
          completion_tokens INTEGER NOT NULL DEFAULT 0,
          error_code TEXT,
          error_message TEXT,
          worker_id TEXT,
          heartbeat_at INTEGER,
          attempts INTEGER NOT NULL DEFAULT 0,
          cancel_requested INTEGER NOT NULL DEFAULT 0,
          review_verdict TEXT,
          review_note TEXT,
          reviewed_at INTEGER
        );
        -- the worker's claim (status = 'queued' ORDER BY priority DESC, created_at) and the status filter
        CREATE INDEX jobs_queue ON jobs(status, priority DESC, created_at);
        -- id too: the search filter then counts matches from this index alone
        CREATE INDEX jobs_case ON jobs(case_id, created_at, id);
        CREATE INDEX jobs_created ON jobs(created_at);
        CREATE INDEX jobs_finished ON jobs(finished_at);
        CREATE INDEX jobs_outcome ON jobs(outcome, created_at);
        -- finished jobs ranked by score
        CREATE INDEX jobs_status_score ON jobs(status, score);

        CREATE TABLE iterations (
          job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
          idx INTEGER NOT NULL CHECK (idx >= 0),
          version_hash TEXT NOT NULL REFERENCES blobs(hash),
          executed_hash TEXT REFERENCES blobs(hash),
          status TEXT NOT NULL,             -- report.status, for summaries without parsing the report
          error_count INTEGER NOT NULL,
          score REAL,
          report TEXT NOT NULL,             -- json ExecutionReport
          verdict TEXT NOT NULL,            -- json Verdict
          fix TEXT,                         -- json Fix
          fix_failed INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (job_id, idx)
        );

        CREATE TABLE logs (
          job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          iteration INTEGER,
          stream TEXT NOT NULL,             -- stdout | stderr | system
          text TEXT NOT NULL,
          ts INTEGER NOT NULL,
          PRIMARY KEY (job_id, seq)
        ) WITHOUT ROWID;

        CREATE TABLE settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL,              -- json
          updated_at INTEGER NOT NULL
        );

        CREATE TABLE fix_memory (
          id INTEGER PRIMARY KEY,
          signature TEXT NOT NULL,
          fix_hash TEXT NOT NULL,           -- sha256 of the fix json: one row per distinct fix per signature
          fix TEXT NOT NULL,                -- json Fix
          hits INTEGER NOT NULL DEFAULT 0,
          successes INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (signature, fix_hash)
        );
      `;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema: blobs, cases, jobs, iterations, logs, settings, fix memory',
    up(db) {
      db.exec(INITIAL_SCHEMA);
    },
  },
  {
    version: 2,
    name: 'edit similarity of two notebook versions, cached by their content hashes',
    up(db) {
      db.exec(`
        CREATE TABLE edit_similarity (
          before_hash TEXT NOT NULL,
          after_hash TEXT NOT NULL,
          value REAL NOT NULL,              -- 0..1, shared/lib/notebook-edits.ts editSimilarity
          PRIMARY KEY (before_hash, after_hash)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 3,
    name: 'the errors a finished job was left with, and why no fix applied to them',
    up(db) {
      db.exec(`ALTER TABLE jobs ADD COLUMN unresolved TEXT;  -- json UnresolvedError[] (shared/models/loop.ts)`);
    },
  },
  {
    version: 4,
    name: "each iteration's output fidelity: its outputs compared with the author's saved ones",
    up(db) {
      db.exec(`
        ALTER TABLE iterations ADD COLUMN fidelity TEXT;        -- json Fidelity (shared/models/fidelity.ts)
        ALTER TABLE iterations ADD COLUMN fidelity_score REAL;  -- Fidelity.score, for summaries without parsing
      `);
    },
  },
];

export const SCHEMA_VERSION = MIGRATIONS.reduce((v, m) => Math.max(v, m.version), 0);

function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies the pending migrations; throws 'db-newer-schema' when the file was written by a newer nbrevive. */
export function migrate(db: Database.Database, dbPath: string, migrations: readonly Migration[] = MIGRATIONS): number {
  const latest = migrations.reduce((v, m) => Math.max(v, m.version), 0);
  const check = (current: number) => {
    if (current > latest) {
      throw new NbreviveError(
        'db-newer-schema',
        `the database ${dbPath} was written by a newer nbrevive (schema ${current}, ` +
          `this version knows ${latest}); update nbrevive, or choose another file with --db`,
        { path: dbPath, schema: current, supported: latest },
      );
    }
  };
  check(userVersion(db));
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    db.transaction(() => {
      // Re-read under the write lock: another process may have migrated since.
      const current = userVersion(db);
      check(current);
      if (current >= m.version) return;
      m.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        Date.now(),
      );
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return userVersion(db);
}
