// Opening the database: migrations, WAL, foreign keys, concurrent connections and the typed errors for files that
// cannot be used (newer schema, not a database, read-only filesystem).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore, SCHEMA_VERSION } from '../../../main/core/store';
import { MIGRATIONS } from '../../../main/core/store/migrations';
import { thrown } from '../../helpers/errors';
import { makeCase, mountTmpfs, notebookText, seedCase, useTempStores } from './store-fixtures';

describe('openStore', () => {
  const temp = useTempStores();

  it('creates the folder and applies each migration once; reopening changes nothing', () => {
    const file = path.join(temp.dir(), 'deep', 'er', 'nbrevive.db');
    const first = temp.open(file);
    expect(first.schemaVersion).toBe(SCHEMA_VERSION);
    const history = () => first.db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(history()).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    seedCase(first, 'kept');
    first.close();
    const again = temp.open(file);
    expect(again.schemaVersion).toBe(SCHEMA_VERSION);
    expect(again.db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: MIGRATIONS.length });
    expect(again.cases.get('kept')?.title).toBe('Case kept');
  });

  it('runs in WAL mode with foreign keys enforced', () => {
    const store = temp.open();
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(fs.existsSync(`${store.path}-wal`)).toBe(true);
    // a job for a case that does not exist, written behind the repository's back
    expect(() =>
      store.db
        .prepare(
          "INSERT INTO jobs (id, case_id, status, settings, created_at, updated_at) VALUES ('j-x', 'nope', 'queued', '{}', 0, 0)",
        )
        .run(),
    ).toThrow(/FOREIGN KEY constraint failed/);
    // an iteration pointing at a blob that is not stored
    const caseId = seedCase(store);
    const job = store.jobs.create({ caseId });
    expect(() =>
      store.db
        .prepare(
          "INSERT INTO iterations (job_id, idx, version_hash, status, error_count, report, verdict, created_at) VALUES (?, 0, 'missing', 'ok', 0, '{}', '{}', 0)",
        )
        .run(job.id),
    ).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('lets two connections see each other’s commits while both are open', () => {
    const file = path.join(temp.dir(), 'shared.db');
    const a = temp.open(file);
    const b = temp.open(file);
    const caseId = seedCase(a, 'seen-by-b');
    expect(b.cases.get(caseId)?.id).toBe('seen-by-b');
    const job = b.jobs.create({ caseId });
    expect(a.jobs.get(job.id)?.status).toBe('queued');
    // a reader in the middle of a transaction keeps its snapshot, and does not block the writer
    a.db.exec('BEGIN');
    expect(a.jobs.list().total).toBe(1);
    b.jobs.create({ caseId });
    expect(a.jobs.list().total).toBe(1);
    a.db.exec('COMMIT');
    expect(a.jobs.list().total).toBe(2);
  });

  it('refuses a database written by a newer nbrevive, and leaves it untouched', () => {
    const file = path.join(temp.dir(), 'newer.db');
    temp.open(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 5}`);
    raw.close();
    const error = thrown(() => openStore(file));
    expect(error.code).toBe('db-newer-schema');
    expect(error.message).toBe(
      `the database ${file} was written by a newer nbrevive (schema ${SCHEMA_VERSION + 5}, this version knows ${SCHEMA_VERSION}); update nbrevive, or choose another file with --db`,
    );
    const check = new Database(file);
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 5);
    check.close();
  });

  it('rolls a failing migration back and keeps the previous version', () => {
    const file = path.join(temp.dir(), 'migrate.db');
    const broken = [
      ...MIGRATIONS,
      {
        version: SCHEMA_VERSION + 1,
        name: 'half-done',
        up(db: Database.Database) {
          db.exec('CREATE TABLE half_done (x)');
          db.exec('INSERT INTO no_such_table VALUES (1)');
        },
      },
    ];
    expect(() => openStore(file, { migrations: broken })).toThrow(/no such table: no_such_table/);
    const store = temp.open(file);
    expect(store.schemaVersion).toBe(SCHEMA_VERSION);
    expect(store.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half_done'").get()).toEqual({
      n: 0,
    });
  });

  it('reports a file that is not a database', () => {
    const file = path.join(temp.dir(), 'notes.db');
    fs.writeFileSync(file, 'these are my notes, not a database '.repeat(200));
    const error = thrown(() => openStore(file));
    expect(error.code).toBe('db-corrupt');
    expect(error.message).toBe(
      `${file} is not a usable nbrevive database (file is not a database); move it aside to start a new one, or choose another file with --db`,
    );
  });

  it('reports a database on a read-only filesystem', (ctx) => {
    const mount = path.join(temp.dir(), 'ro');
    if (!mountTmpfs(ctx, mount, '4m', 'read-only filesystem test')) return;
    try {
      const file = path.join(mount, 'nbrevive.db');
      const store = openStore(file);
      seedCase(store, 'on-ro');
      store.close();
      execFileSync('mount', ['-o', 'remount,ro', mount]);
      const error = thrown(() => {
        const s = openStore(file);
        try {
          s.blobs.put(notebookText('new'));
        } finally {
          s.close();
        }
      });
      expect(error.code).toBe('db-read-only');
      expect(error.message).toMatch(new RegExp(`^the database ${file} cannot be (written|opened) \\(.+\\); `));
      expect(error.message).toMatch(/choose another file with --db/);
    } finally {
      execFileSync('umount', [mount]);
    }
  });

  it('builds a case record that round-trips the resolved case', () => {
    const store = temp.open();
    const c = makeCase('roundtrip', { files: { 'train.csv': '/corpus/roundtrip/train.csv' }, manifest: null });
    const hash = store.blobs.put(notebookText('roundtrip'));
    const record = store.cases.upsert(c, hash);
    expect(record.case).toEqual(c);
    expect(record.originalHash).toBe(hash);
    expect(store.blobs.getText(record.originalHash)).toBe(notebookText('roundtrip'));
  });
});
