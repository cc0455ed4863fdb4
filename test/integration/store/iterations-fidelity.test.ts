// An iteration's output fidelity (migration 4): stored as JSON with its score in a column of its own, read back
// exactly, and absent (null) for iterations stored without one.
import { describe, expect, it } from 'vitest';
import type { Fidelity } from '../../../shared/models/fidelity';
import { makeReport, makeVerdict, notebookText, seedCase, useTempStores } from './store-fixtures';

const FIDELITY: Fidelity = {
  score: 0.5,
  comparable: 2,
  reproduced: 1,
  tolerance: 1e-4,
  cells: [
    {
      cellIndex: 1,
      cellId: 'a',
      executedIndex: 1,
      verdict: 'same',
      maxRelativeChange: null,
      reason: 'same',
      comparable: 1,
      reproduced: 1,
    },
    {
      cellIndex: 3,
      cellId: 'b',
      executedIndex: 3,
      verdict: 'numbers-drifted',
      maxRelativeChange: 0.02,
      reason: 'numbers changed by up to 2%',
      comparable: 1,
      reproduced: 0,
    },
  ],
};

describe('iteration fidelity', () => {
  const temp = useTempStores();

  it('is stored with the iteration and read back; its score is a column', () => {
    const store = temp.open();
    const job = store.jobs.create({ caseId: seedCase(store) });
    const it0 = store.iterations.persist(
      { jobId: job.id, index: 0, report: makeReport(), verdict: makeVerdict(), fidelity: FIDELITY },
      { notebook: notebookText('v0') },
    );
    expect(it0.fidelity).toEqual(FIDELITY);
    expect(store.iterations.get(job.id, 0)?.fidelity).toEqual(FIDELITY);
    expect(store.db.prepare('SELECT fidelity_score FROM iterations WHERE job_id = ?').get(job.id)).toEqual({
      fidelity_score: 0.5,
    });
    const it1 = store.iterations.persist(
      { jobId: job.id, index: 1, report: makeReport(), verdict: makeVerdict() },
      { notebook: notebookText('v1') },
    );
    expect(it1.fidelity).toBeNull();
  });

  it('refuses a fidelity that is not one (a score above 1)', () => {
    const store = temp.open();
    const job = store.jobs.create({ caseId: seedCase(store) });
    expect(() =>
      store.iterations.persist(
        { jobId: job.id, index: 0, report: makeReport(), verdict: makeVerdict(), fidelity: { ...FIDELITY, score: 2 } },
        { notebook: notebookText('v0') },
      ),
    ).toThrow();
    expect(store.iterations.list(job.id)).toEqual([]);
  });
});
