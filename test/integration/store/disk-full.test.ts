// A full disk: the write in flight fails with NbreviveError('disk-full') and a message saying what to do, and the
// database opens afterwards with everything committed before intact. Once with SQLite's page limit, once on a real
// tiny filesystem (a 2 MB tmpfs, when this machine lets the tests mount one).
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashContent, openStore, Store } from '../../../main/core/store';
import { NbreviveError } from '../../../shared/lib/errors';
import { makeReport, makeVerdict, mountTmpfs, seedCase, useTempStores } from './store-fixtures';

/** Persists iterations with incompressible 200 kB notebooks until the disk is full; returns what was committed. */
function fillUntilFull(store: Store, jobId: string): { committed: string[]; error: NbreviveError; lost: string } {
  const committed: string[] = [];
  for (let index = 0; index < 1000; index++) {
    const notebook = crypto.randomBytes(200_000).toString('base64');
    try {
      store.iterations.persist({ jobId, index, report: makeReport(), verdict: makeVerdict() }, { notebook });
      committed.push(notebook);
    } catch (e) {
      if (!(e instanceof NbreviveError)) throw e;
      return { committed, error: e, lost: notebook };
    }
  }
  throw new Error('the disk never filled up');
}

function expectIntact(file: string, jobId: string, committed: string[], lost: string): void {
  const store = openStore(file);
  try {
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const iterations = store.iterations.list(jobId);
    expect(iterations.map((i) => i.index)).toEqual(committed.map((_, i) => i));
    iterations.forEach((it, i) => expect(store.blobs.getText(it.versionHash)).toBe(committed[i]));
    expect(store.blobs.has(hashContent(lost))).toBe(false);
    expect(store.jobs.require(jobId).iterations).toBe(committed.length);
  } finally {
    store.close();
  }
}

describe('disk full', () => {
  const temp = useTempStores();

  it('maps SQLITE_FULL (page limit reached) to disk-full and loses nothing committed', () => {
    const file = path.join(temp.dir(), 'full.db');
    const store = temp.open(file);
    const jobId = store.jobs.create({ caseId: seedCase(store) }).id;
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    const pageSize = store.db.pragma('page_size', { simple: true }) as number;
    // room for a few iterations: SQLite answers SQLITE_FULL exactly as on a full disk
    store.db.pragma(`max_page_count = ${pages + Math.ceil(1_000_000 / pageSize)}`);
    const { committed, error, lost } = fillUntilFull(store, jobId);
    expect(committed.length).toBeGreaterThan(1);
    expect(error.code).toBe('disk-full');
    expect(error.message).toBe(
      `the disk holding the database ${file} is full (database or disk is full); free some space and resume the job — nothing that was saved before is lost`,
    );
    store.close();
    expectIntact(file, jobId, committed, lost);
  });

  it('survives a real full filesystem', (ctx) => {
    const mount = path.join(temp.dir(), 'tiny');
    if (!mountTmpfs(ctx, mount, '2m', 'real disk-full test')) return;
    try {
      const file = path.join(mount, 'nbrevive.db');
      const store = openStore(file);
      let result: ReturnType<typeof fillUntilFull>;
      let jobId: string;
      try {
        jobId = store.jobs.create({ caseId: seedCase(store) }).id;
        result = fillUntilFull(store, jobId);
      } finally {
        store.close();
      }
      expect(result.error.code).toBe('disk-full');
      expect(result.error.message).toMatch(
        new RegExp(`^the disk holding the database ${file} is full \\(.+\\); free some space`),
      );
      expect(result.committed.length).toBeGreaterThan(1);
      // still full: the database opens and reads
      expectIntact(file, jobId, result.committed, result.lost);
    } finally {
      execFileSync('umount', [mount]);
    }
  });
});
