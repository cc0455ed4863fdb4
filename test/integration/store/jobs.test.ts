// Jobs and the persistent queue: create/update, listing (filters, sort, paging) checked against the same query
// computed in memory over a few hundred seeded jobs, and claims that never hand a job out twice — also when
// several processes race for the queue.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';
import { Job, JobListQuery, Store } from '../../../main/core/store';
import { MIGRATIONS } from '../../../main/core/store/migrations';
import { JobStatus, Outcome } from '../../../shared/models/loop';
import { REPO_ROOT } from '../../helpers/corpus';
import { seedCase, useTempStores } from './store-fixtures';

const STATUSES: JobStatus[] = ['queued', 'running', 'paused', 'done', 'failed', 'cancelled'];
const OUTCOMES: (Outcome | null)[] = ['reproducible', 'reproducible-with-errors', 'not-reproducible', null];

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function seedJobs(store: Store, count: number, clock: { t: number }): Job[] {
  const random = rng(42);
  const competitions = ['titanic', 'house-prices', 'digit-recognizer', null];
  const caseIds = Array.from({ length: 12 }, (_, i) =>
    seedCase(store, `case-${i}`, {
      title: `${i % 3 === 0 ? 'Titanic' : 'House'} study ${i}`,
      competition: competitions[i % 4]!,
    }),
  );
  const jobs: Job[] = [];
  for (let i = 0; i < count; i++) {
    clock.t += 1 + Math.floor(random() * 1000);
    const job = store.jobs.create({
      caseId: caseIds[Math.floor(random() * caseIds.length)]!,
      priority: Math.floor(random() * 3),
    });
    const status = STATUSES[Math.floor(random() * STATUSES.length)]!;
    const scored = random() < 0.7;
    jobs.push(
      store.jobs.update(job.id, {
        status,
        outcome: status === 'done' ? OUTCOMES[Math.floor(random() * 3)]! : OUTCOMES[Math.floor(random() * 4)]!,
        score: scored ? Math.round(random() * 1000) / 1000 : null,
      }),
    );
  }
  return jobs;
}

/** The same query computed in memory: what listJobs must return. */
function expected(all: Job[], q: JobListQuery): { ids: string[]; total: number } {
  const statuses = q.status === undefined ? null : Array.isArray(q.status) ? q.status : [q.status];
  const needle = q.search?.toLowerCase();
  const rows = all.filter(
    (j) =>
      (!statuses || statuses.includes(j.status)) &&
      (q.caseId === undefined || j.caseId === q.caseId) &&
      (q.competition === undefined || j.competition === q.competition) &&
      (q.outcome === undefined || (q.outcome === 'none' ? j.outcome === null : j.outcome === q.outcome)) &&
      (!needle || [j.id, j.caseId, j.caseTitle, j.competition ?? ''].some((s) => s.toLowerCase().includes(needle))),
  );
  const dir = q.order === 'asc' ? 1 : -1;
  const key = (j: Job): number | string | null =>
    q.sort === 'score'
      ? j.score
      : q.sort === 'priority'
        ? j.priority
        : q.sort === 'caseTitle'
          ? j.caseTitle.toLowerCase()
          : Date.parse(j.createdAt);
  const order = all.map((j) => j.id); // insertion order = rowid
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
    return (order.indexOf(a.id) - order.indexOf(b.id)) * dir;
  });
  const offset = q.offset ?? 0;
  return { ids: rows.slice(offset, offset + (q.limit ?? 100)).map((j) => j.id), total: rows.length };
}

describe('jobs', () => {
  const temp = useTempStores();

  it('creates a queued job with defaults, the case target and a short readable id', () => {
    const store = temp.open();
    const caseId = seedCase(store);
    const job = store.jobs.create({ caseId, settings: { runs: 3 } });
    expect(job.id).toMatch(/^j-[0-9a-z]{9,10}$/);
    expect(job).toMatchObject({
      caseId,
      caseTitle: 'Case titanic-rf',
      competition: 'titanic',
      status: 'queued',
      priority: 0,
      iterations: 0,
      target: 0.8,
    });
    expect(job.settings.runs).toBe(3);
    expect(job.settings.maxIterations).toBe(16);
    expect(job.startedAt).toBeNull();
    expect(() => store.jobs.create({ caseId: 'missing' })).toThrow('no case with id missing; import it first');
    const ids = new Set(Array.from({ length: 300 }, () => store.jobs.create({ caseId }).id));
    expect(ids.size).toBe(300);
  });

  it('updates status with timestamps, outcome, error and review', () => {
    const clock = { t: Date.parse('2026-03-01T10:00:00Z') };
    const store = temp.open(undefined, { now: () => clock.t });
    const job = store.jobs.create({ caseId: seedCase(store) });
    clock.t += 1000;
    const running = store.jobs.update(job.id, { status: 'running', workerId: 'w1' });
    expect(running.startedAt).toBe('2026-03-01T10:00:01.000Z');
    clock.t += 5000;
    const done = store.jobs.update(job.id, {
      status: 'failed',
      outcome: 'not-reproducible',
      stopReason: 'failed',
      error: { code: 'runtime-unavailable', message: 'python not found' },
    });
    expect(done).toMatchObject({
      status: 'failed',
      startedAt: '2026-03-01T10:00:01.000Z',
      finishedAt: '2026-03-01T10:00:06.000Z',
      workerId: null,
      error: { code: 'runtime-unavailable', message: 'python not found' },
    });
    expect(store.jobs.setReview(job.id, 'not-equivalent', 'drops a feature')).toEqual({
      jobId: job.id,
      verdict: 'not-equivalent',
      note: 'drops a feature',
      updatedAt: '2026-03-01T10:00:06.000Z',
    });
    expect(store.jobs.getReview(job.id)?.note).toBe('drops a feature');
    expect(() => store.jobs.update(job.id, { status: 'bogus' as JobStatus })).toThrow();
    expect(() => store.jobs.update('j-none', { priority: 1 })).toThrow('no job with id j-none');
    expect(() => store.jobs.setReview('j-none', 'unsure')).toThrow('no job with id j-none');
  });

  it('lists with filters, sorts and pages exactly like the same query in memory (300 jobs)', () => {
    const clock = { t: Date.parse('2026-01-01T00:00:00Z') };
    const store = temp.open(undefined, { now: () => clock.t });
    const seeded = seedJobs(store, 300, clock);
    // fresh copies, in insertion (rowid) order
    const all = seeded.map((j) => store.jobs.require(j.id));
    expect(store.jobs.list({ limit: 1000 }).total).toBe(300);
    const queries: JobListQuery[] = [
      {},
      { order: 'asc', limit: 25, offset: 50 },
      { status: 'done' },
      { status: ['queued', 'running'], sort: 'priority', order: 'desc', limit: 40 },
      { caseId: 'case-3', order: 'asc' },
      { competition: 'house-prices', sort: 'score', order: 'desc', limit: 1000 },
      { competition: 'titanic', sort: 'score', order: 'asc', limit: 1000 },
      { outcome: 'reproducible', sort: 'caseTitle', order: 'asc' },
      { outcome: 'none', limit: 7, offset: 14 },
      { search: 'TITANIC', limit: 1000 },
      { search: 'study 1', status: 'failed', limit: 1000 },
      { search: seeded[17]!.id },
      { status: 'cancelled', offset: 10_000 },
      { search: '%' },
      { search: 'study_1' },
      { search: 'house-PRICES', status: 'done', limit: 1000 },
      { sort: 'caseTitle', order: 'desc', status: 'done', limit: 30, offset: 5 },
      { sort: 'score', order: 'asc', limit: 1000 },
    ];
    for (const q of queries) {
      const got = store.jobs.list(q);
      const want = expected(all, q);
      expect({ q, ids: got.items.map((j) => j.id), total: got.total }).toEqual({ q, ...want });
    }
    // sanity: the filters really filter
    expect(store.jobs.list({ status: 'done' }).total).toBeLessThan(300);
    expect(store.jobs.list({ search: seeded[17]!.id }).items[0]?.id).toBe(seeded[17]!.id);
    const counts = store.jobs.countByStatus();
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(300);
    expect(counts.done).toBe(seeded.filter((j) => j.status === 'done').length);
  });

  it('claims the highest priority, then the oldest queued job, and nothing when the queue is empty', () => {
    const clock = { t: 1_000_000 };
    const store = temp.open(undefined, { now: () => clock.t });
    const caseId = seedCase(store);
    const make = (priority: number) => {
      clock.t += 10;
      return store.jobs.create({ caseId, priority }).id;
    };
    const low1 = make(0);
    const high1 = make(5);
    const low2 = make(0);
    const high2 = make(5);
    const paused = make(9);
    store.jobs.update(paused, { status: 'paused' });
    const order = [1, 2, 3, 4].map(() => store.jobs.claimNext('w'));
    expect(order.map((j) => j?.id)).toEqual([high1, high2, low1, low2]);
    expect(order.every((j) => j?.status === 'running' && j.workerId === 'w' && j.attempts === 1)).toBe(true);
    expect(store.jobs.claimNext('w')).toBeNull();
  });

  it('tracks heartbeats and requeues the jobs of a dead worker', () => {
    const clock = { t: 5_000_000 };
    const store = temp.open(undefined, { now: () => clock.t });
    const caseId = seedCase(store);
    const a = store.jobs.create({ caseId });
    const b = store.jobs.create({ caseId });
    store.jobs.claimNext('alive');
    store.jobs.claimNext('dead');
    clock.t += 60_000;
    expect(store.jobs.heartbeat(a.id, 'alive')).toBe(true);
    expect(store.jobs.heartbeat(a.id, 'impostor')).toBe(false);
    clock.t += 10_000;
    expect(store.jobs.requeueStale(30_000)).toEqual([b.id]);
    expect(store.jobs.require(b.id)).toMatchObject({ status: 'queued', workerId: null });
    expect(store.jobs.heartbeat(b.id, 'dead')).toBe(false);
    const again = store.jobs.claimNext('new');
    expect(again).toMatchObject({ id: b.id, attempts: 2 });
    // host start: every running job goes back to the queue
    expect(store.jobs.requeueStale(0).sort()).toEqual([a.id, b.id].sort());
  });

  it('3 processes open a fresh database at once, then never get the same job from 400 claims', async () => {
    const dir = temp.dir();
    const file = path.join(dir, 'queue.db');
    const signal = (name: string) => fs.writeFileSync(path.join(dir, name), '');
    const script = path.join(REPO_ROOT, 'test/integration/store/claim-worker.ts');
    // two child processes and this one: process start-up (tsx) is the slow part on a 2-core machine
    const children = [1, 2].map((i) =>
      spawn(process.execPath, ['--import', 'tsx', script, file, `w${i}`, dir], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    try {
      const started = children.map((child) => {
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const lines = readline.createInterface({ input: child.stdout });
        const waiters = new Map<string, () => void>();
        const next = (prefix: string) => new Promise<void>((r) => waiters.set(prefix, r));
        const ready = next('ready');
        const opened = next('opened');
        const ids = new Promise<string[]>((res, rej) => {
          lines.on('line', (line) => {
            const waiter = [...waiters].find(([prefix]) => line.startsWith(prefix));
            if (waiter) waiter[1]();
            else res(JSON.parse(line) as string[]);
          });
          child.on('exit', (code) => rej(new Error(`claim worker exited with ${code}: ${stderr}`)));
        });
        return { ready, opened, ids };
      });
      await Promise.all(started.map((s) => s.ready));
      signal('open');
      const store = temp.open(file);
      await Promise.race([Promise.all(started.map((s) => s.opened)), ...started.map((s) => s.ids)]);
      expect(store.db.prepare('SELECT version FROM schema_migrations').all()).toEqual(
        MIGRATIONS.map((m) => ({ version: m.version })),
      );

      const caseId = seedCase(store);
      const jobIds = store.transaction(() =>
        Array.from({ length: 400 }, (_, i) => store.jobs.create({ caseId, priority: i % 4 }).id),
      );
      signal('claim');
      const mine: string[] = [];
      for (let job = store.jobs.claimNext('w0'); job; job = store.jobs.claimNext('w0')) {
        mine.push(job.id);
        // yield the lock now and then, as a real worker does between jobs
        if (mine.length % 10 === 0) await new Promise((r) => setTimeout(r, 1));
      }
      const claimed = [mine, ...(await Promise.all(started.map((s) => s.ids)))];
      const flat = claimed.flat();
      expect(flat).toHaveLength(400);
      expect(new Set(flat).size).toBe(400);
      expect(new Set(flat)).toEqual(new Set(jobIds));
      // every job is owned by the worker that reported it, and was claimed exactly once
      claimed.forEach((ids, i) => {
        for (const id of ids)
          expect(store.jobs.require(id)).toMatchObject({ workerId: `w${i}`, attempts: 1, status: 'running' });
      });
      console.log(`[store tests] claims per process: ${claimed.map((ids) => ids.length).join(', ')}`);
      expect(claimed.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
