// Stored cases: re-import updates in place, the same id from another corpus gets a distinct readable id, and the
// list filters, sorts and pages.
import { describe, expect, it } from 'vitest';
import { makeCase, notebookText, seedCase, useTempStores } from './store-fixtures';

describe('cases', () => {
  const temp = useTempStores();

  it('updates a re-imported case in place and keeps its first import time', () => {
    const clock = { t: Date.parse('2026-02-01T00:00:00Z') };
    const store = temp.open(undefined, { now: () => clock.t });
    const first = store.cases.upsert(makeCase('titanic-rf'), store.blobs.put(notebookText('v1')));
    clock.t += 60_000;
    const newer = store.blobs.put(notebookText('v2'));
    const again = store.cases.upsert(makeCase('titanic-rf', { title: 'Renamed' }), newer);
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({
      title: 'Renamed',
      originalHash: newer,
      importedAt: '2026-02-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:01:00.000Z',
    });
    expect(store.cases.list().total).toBe(1);
  });

  it('gives the same case id from another corpus a distinct, stable id', () => {
    const store = temp.open();
    const a = seedCase(store, 'titanic-rf', { root: '/corpus-a/titanic-rf' });
    const b = seedCase(store, 'titanic-rf', { root: '/corpus-b/titanic-rf' });
    expect(a).toBe('titanic-rf');
    expect(b).toMatch(/^titanic-rf-[0-9a-f]{6}$/);
    expect(seedCase(store, 'titanic-rf', { root: '/corpus-b/titanic-rf' })).toBe(b);
    expect(store.cases.require(b)).toMatchObject({ caseKey: 'titanic-rf', root: '/corpus-b/titanic-rf' });
    expect(() => store.cases.require('nope')).toThrow('no case with id nope');
  });

  it('lists with search, competition, latest outcome, sort and paging', () => {
    const clock = { t: 1_000 };
    const store = temp.open(undefined, { now: () => clock.t });
    const ids = ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((id, i) => {
      clock.t += 1000;
      return seedCase(store, id, {
        title: `${id.toUpperCase()} notebook`,
        competition: i % 2 ? 'house-prices' : 'titanic',
      });
    });
    const old = store.jobs.create({ caseId: 'bravo' });
    store.jobs.update(old.id, { status: 'done', outcome: 'reproducible' });
    clock.t += 1000;
    store.jobs.create({ caseId: 'bravo' }); // newest job of bravo: no outcome yet
    const d = store.jobs.create({ caseId: 'delta' });
    store.jobs.update(d.id, { status: 'done', outcome: 'not-reproducible' });

    expect(store.cases.list().items.map((c) => c.id)).toEqual([...ids].reverse());
    expect(store.cases.list({ sort: 'title', order: 'asc', limit: 2, offset: 1 })).toMatchObject({
      items: [{ id: 'bravo' }, { id: 'charlie' }],
      total: 5,
    });
    expect(store.cases.list({ competition: 'house-prices' }).items.map((c) => c.id)).toEqual(['delta', 'bravo']);
    expect(store.cases.list({ search: 'HARL' }).items.map((c) => c.id)).toEqual(['charlie']);
    expect(store.cases.list({ outcome: 'not-reproducible' })).toMatchObject({ items: [{ id: 'delta' }], total: 1 });
    expect(store.cases.list({ outcome: 'reproducible' }).total).toBe(0);
    expect(store.cases.list({ outcome: 'none' }).items.map((c) => c.id)).toEqual(['echo', 'charlie', 'bravo', 'alpha']);
    const bravo = store.cases.list({ search: 'bravo' }).items[0];
    expect(bravo).toMatchObject({
      scoreKind: 'output',
      target: { value: 0.8, higherIsBetter: true },
      latestJob: { status: 'queued', outcome: null },
    });
  });
});
