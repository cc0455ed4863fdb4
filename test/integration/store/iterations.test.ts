// Iterations: persisted atomically with their blobs and the job's counters — a failure anywhere inside leaves no
// trace of the iteration — and read back exactly.
import { describe, expect, it } from 'vitest';
import { hashContent, Store } from '../../../main/core/store';
import { NbreviveError } from '../../../shared/lib/errors';
import { makeFix, makeReport, makeVerdict, notebookText, seedCase, useTempStores } from './store-fixtures';

function snapshot(store: Store, jobId: string) {
  return {
    blobs: store.db.prepare('SELECT hash FROM blobs ORDER BY hash').all(),
    iterations: store.db.prepare('SELECT * FROM iterations WHERE job_id = ? ORDER BY idx').all(jobId),
    job: store.db.prepare('SELECT * FROM jobs WHERE id = ?').get(jobId),
  };
}

/** A job of a new case with its iteration 0 stored (notebook 'v0'). */
function jobWithFirstIteration(store: Store) {
  const job = store.jobs.create({ caseId: seedCase(store) });
  store.iterations.persist(
    { jobId: job.id, index: 0, report: makeReport(), verdict: makeVerdict() },
    { notebook: notebookText('v0') },
  );
  return { store, job };
}

describe('iterations', () => {
  const temp = useTempStores();

  it('persists an iteration with its versions and reads it back', () => {
    const store = temp.open();
    const job = store.jobs.create({ caseId: seedCase(store) });
    const version = notebookText('v0');
    const executed = notebookText('v0 executed', 5000);
    const it0 = store.iterations.persist(
      {
        jobId: job.id,
        index: 0,
        report: makeReport(),
        verdict: makeVerdict(),
        fix: null,
        createdAt: '2026-01-02T03:04:05.000Z',
      },
      { notebook: version, executed },
    );
    expect(it0).toEqual({
      jobId: job.id,
      index: 0,
      versionHash: hashContent(version),
      executedHash: hashContent(executed),
      report: makeReport(),
      verdict: makeVerdict(),
      fix: null,
      fixFailed: false,
      fidelity: null,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(store.blobs.getText(it0.versionHash)).toBe(version);
    expect(store.blobs.getText(it0.executedHash!)).toBe(executed);
    const fix = makeFix();
    store.iterations.persist(
      {
        jobId: job.id,
        index: 1,
        report: makeReport({ status: 'ok', errors: [] }),
        verdict: makeVerdict({ problem: null }),
        fix,
      },
      { notebook: notebookText('v1') },
    );
    expect(store.iterations.list(job.id).map((i) => [i.index, i.report.status, i.fix?.plan ?? null])).toEqual([
      [0, 'error', null],
      [1, 'ok', fix.plan],
    ]);
    expect(store.iterations.last(job.id)?.index).toBe(1);
    expect(store.iterations.get(job.id, 1)?.executedHash).toBeNull();
    const after = store.jobs.require(job.id);
    expect(after.iterations).toBe(2);
    expect(after.costUsd).toBeCloseTo(0.01, 10);
    expect(after.promptTokens).toBe(1000);
    expect(after.completionTokens).toBe(200);
  });

  it('writes nothing of an iteration whose row violates a constraint (duplicate index)', () => {
    const { store, job } = jobWithFirstIteration(temp.open());
    const before = snapshot(store, job.id);
    const fresh = notebookText('never stored');
    let error: unknown;
    try {
      store.iterations.persist(
        { jobId: job.id, index: 0, report: makeReport(), verdict: makeVerdict(), fix: makeFix() },
        { notebook: fresh, executed: notebookText('never stored either') },
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NbreviveError);
    expect((error as NbreviveError).message).toBe(
      `job ${job.id} already has iteration 0; iterations are never overwritten`,
    );
    expect(store.blobs.has(hashContent(fresh))).toBe(false);
    expect(snapshot(store, job.id)).toEqual(before);
  });

  it('writes nothing of an iteration when the last step, the job update, fails', () => {
    const { store, job } = jobWithFirstIteration(temp.open());
    // fail inside the transaction after the blobs and the iteration row are written
    store.db.exec(`CREATE TRIGGER fail_second BEFORE UPDATE OF iterations ON jobs WHEN NEW.iterations = 2
      BEGIN SELECT RAISE(ABORT, 'simulated crash while updating the job'); END`);
    const before = snapshot(store, job.id);
    const fresh = notebookText('v1 lost');
    expect(() =>
      store.iterations.persist(
        { jobId: job.id, index: 1, report: makeReport(), verdict: makeVerdict(), fix: makeFix() },
        { notebook: fresh },
      ),
    ).toThrow('simulated crash while updating the job');
    expect(store.blobs.has(hashContent(fresh))).toBe(false);
    expect(store.iterations.get(job.id, 1)).toBeNull();
    expect(snapshot(store, job.id)).toEqual(before);
    store.db.exec('DROP TRIGGER fail_second');
    expect(
      store.iterations.persist(
        { jobId: job.id, index: 1, report: makeReport(), verdict: makeVerdict() },
        { notebook: fresh },
      ).index,
    ).toBe(1);
  });

  it('refuses an iteration of an unknown job', () => {
    const store = temp.open();
    expect(() =>
      store.iterations.persist(
        { jobId: 'j-nope', index: 0, report: makeReport(), verdict: makeVerdict() },
        { notebook: notebookText('x') },
      ),
    ).toThrow('no job with id j-nope');
    expect(store.db.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 0 });
  });

  it('records a fix after the fact, keeping the job’s usage totals right, and marks it failed', () => {
    const { store, job } = jobWithFirstIteration(temp.open());
    store.iterations.setFix(job.id, 0, makeFix({ usage: { promptTokens: 10, completionTokens: 5, costUsd: 0.5 } }));
    store.iterations.setFix(job.id, 0, makeFix({ usage: { promptTokens: 30, completionTokens: 7, costUsd: 0.25 } }));
    store.jobs.addUsage(job.id, { promptTokens: 1, completionTokens: 1, costUsd: 0.125 });
    const totals = store.jobs.require(job.id);
    expect([totals.promptTokens, totals.completionTokens, totals.costUsd]).toEqual([31, 8, 0.375]);
    store.iterations.markFixFailed(job.id, 0);
    expect(store.iterations.require(job.id, 0).fixFailed).toBe(true);
    expect(store.iterations.require(job.id, 0).fix?.usage?.costUsd).toBe(0.25);
    expect(() => store.iterations.markFixFailed(job.id, 7)).toThrow(`job ${job.id} has no iteration 7`);
  });

  it('shares one blob between iterations and jobs that run the same version', () => {
    const store = temp.open();
    const caseId = seedCase(store);
    const a = store.jobs.create({ caseId });
    const b = store.jobs.create({ caseId });
    const same = notebookText('same version', 20_000);
    store.iterations.persist(
      { jobId: a.id, index: 0, report: makeReport(), verdict: makeVerdict() },
      { notebook: same },
    );
    store.iterations.persist(
      { jobId: b.id, index: 0, report: makeReport(), verdict: makeVerdict() },
      { notebook: same },
    );
    expect(store.db.prepare('SELECT count(*) AS n FROM blobs WHERE hash = ?').get(hashContent(same))).toEqual({ n: 1 });
    // deleting a job removes its iterations and logs, not the shared blob
    store.logs.append([{ jobId: a.id, stream: 'stdout', text: 'hello\n' }]);
    expect(store.jobs.delete(a.id)).toBe(true);
    expect(store.iterations.list(a.id)).toEqual([]);
    expect(store.logs.tail(a.id)).toEqual([]);
    expect(store.blobs.getText(store.iterations.require(b.id, 0).versionHash)).toBe(same);
  });
});
