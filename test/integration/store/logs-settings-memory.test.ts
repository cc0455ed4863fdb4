// Logs (numbered per job, tailed from a sequence number), settings and the fix memory, in a real database file.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LogInput } from '../../../main/core/store';
import { makeFix, seedCase, useTempStores } from './store-fixtures';

describe('logs', () => {
  const temp = useTempStores();

  it('numbers lines per job in append order and tails them', () => {
    const store = temp.open(undefined, { now: () => Date.parse('2026-04-01T00:00:00Z') });
    const caseId = seedCase(store);
    const a = store.jobs.create({ caseId }).id;
    const b = store.jobs.create({ caseId }).id;
    const batch: LogInput[] = [
      { jobId: a, iteration: 0, stream: 'system', text: 'executing iteration 0' },
      { jobId: b, stream: 'stdout', text: 'b1' },
      { jobId: a, iteration: 0, stream: 'stdout', text: 'hello\n' },
      { jobId: a, iteration: 0, stream: 'stderr', text: 'warning\n', at: Date.parse('2026-04-01T00:00:05Z') },
    ];
    expect(store.logs.append(batch).map((l) => [l.jobId === a ? 'a' : 'b', l.seq])).toEqual([
      ['a', 1],
      ['b', 1],
      ['a', 2],
      ['a', 3],
    ]);
    store.logs.append([{ jobId: a, iteration: 1, stream: 'stdout', text: 'next' }]);
    expect(store.logs.tail(a).map((l) => l.seq)).toEqual([1, 2, 3, 4]);
    expect(store.logs.tail(a, { afterSeq: 2 }).map((l) => l.text)).toEqual(['warning\n', 'next']);
    expect(store.logs.tail(a, { limit: 2 }).map((l) => l.seq)).toEqual([3, 4]);
    expect(store.logs.tail(a, { afterSeq: 1, limit: 1 })).toEqual([
      { jobId: a, seq: 2, iteration: 0, stream: 'stdout', text: 'hello\n', at: '2026-04-01T00:00:00.000Z' },
    ]);
    expect(store.logs.tail(a, { afterSeq: 2, limit: 1 })[0]?.at).toBe('2026-04-01T00:00:05.000Z');
    expect(store.logs.tail(b)).toHaveLength(1);
    expect(() => store.logs.append([{ jobId: 'j-missing', stream: 'stdout', text: 'x' }])).toThrow(/FOREIGN KEY/);
    expect(() => store.logs.append([{ jobId: a, stream: 'bogus' as 'stdout', text: 'x' }])).toThrow();
    expect(store.logs.tail(a)).toHaveLength(4);
  });

  it('appends 20k lines in batches quickly', () => {
    const store = temp.open();
    const jobId = store.jobs.create({ caseId: seedCase(store) }).id;
    const started = performance.now();
    for (let batch = 0; batch < 100; batch++) {
      store.logs.append(
        Array.from({ length: 200 }, (_, i) => ({
          jobId,
          iteration: 0,
          stream: 'stdout' as const,
          text: `line ${batch * 200 + i}\n`,
        })),
      );
    }
    const ms = performance.now() - started;
    expect(store.logs.tail(jobId, { limit: 1 })[0]).toMatchObject({ seq: 20_000, text: 'line 19999\n' });
    expect(store.logs.tail(jobId, { afterSeq: 19_990 })).toHaveLength(10);
    // generous for a loaded 2-core machine: one transaction per batch, not per line
    expect(ms).toBeLessThan(5000);
  });
});

describe('settings', () => {
  const temp = useTempStores();

  it('stores JSON values, validates with a schema when asked, and survives reopening', () => {
    const store = temp.open();
    expect(store.settings.get('llm')).toBeUndefined();
    store.settings.set('llm', { baseUrl: 'http://localhost:11434/v1', model: 'gpt-oss' });
    store.settings.set('concurrency', 2);
    store.settings.set('concurrency', 3);
    const schema = z.object({ baseUrl: z.string(), model: z.string() });
    expect(store.settings.get('llm', schema)).toEqual({ baseUrl: 'http://localhost:11434/v1', model: 'gpt-oss' });
    expect(() => store.settings.get('concurrency', schema)).toThrow();
    const path = store.path;
    store.close();
    const again = temp.open(path);
    expect(again.settings.all()).toEqual({
      concurrency: 3,
      llm: { baseUrl: 'http://localhost:11434/v1', model: 'gpt-oss' },
    });
    expect(again.settings.delete('concurrency')).toBe(true);
    again.settings.set('llm', undefined);
    expect(again.settings.all()).toEqual({});
  });
});

describe('fix memory', () => {
  const temp = useTempStores();

  it('keeps one entry per distinct fix and signature, counts hits and successes, ranks by successes', () => {
    const store = temp.open();
    const sig = "AttributeError:module 'numpy' has no attribute 'float'";
    const a = store.fixMemory.put(sig, makeFix({ plan: 'use float' }));
    const b = store.fixMemory.put(sig, makeFix({ plan: 'use np.float64' }));
    expect(store.fixMemory.put(sig, makeFix({ plan: 'use float' })).id).toBe(a.id);
    store.fixMemory.put('other', makeFix({ plan: 'use float' }));
    store.fixMemory.bump(a.id, { success: false });
    store.fixMemory.bump(b.id, { success: true });
    expect(store.fixMemory.bump(b.id, { success: true })).toMatchObject({ hits: 2, successes: 2 });
    expect(store.fixMemory.get(sig).map((e) => [e.fix.plan, e.hits, e.successes])).toEqual([
      ['use np.float64', 2, 2],
      ['use float', 1, 0],
    ]);
    expect(store.fixMemory.get('unknown')).toEqual([]);
    expect(() => store.fixMemory.bump(9999, { success: true })).toThrow('no fix memory entry 9999');
  });
});
