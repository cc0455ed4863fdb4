import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../../shared/contracts/schemas';
import { JobSettingsSchema } from '../../../../../shared/models/loop';
import { deviation, EMPTY_FILTER, filterJobs, fixCount, sortJobs } from '../../../../../renderer/src/lib/job-rows';

const job = (id: string, over: Partial<JobSummary> = {}): JobSummary => ({
  id,
  caseId: `case-${id}`,
  caseTitle: `Case ${id}`,
  status: 'done',
  priority: 0,
  settings: JobSettingsSchema.parse({}),
  iterations: 2,
  outcome: 'reproducible',
  stopReason: 'reproducible',
  bestIteration: 1,
  costUsd: 0,
  error: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe('job rows', () => {
  const jobs = [
    job('a', { competition: 'titanic', score: 0.8, target: 0.8, reviewVerdict: 'equivalent' }),
    job('b', { competition: 'house-prices', outcome: 'not-reproducible', score: 0.5, target: 1 }),
    job('c', { status: 'running', outcome: null, iterations: 1, costUsd: 0.3 }),
  ];
  it('filters by status, outcome, review and search text', () => {
    expect(filterJobs(jobs, { ...EMPTY_FILTER, search: 'TITAN' }).map((j) => j.id)).toEqual(['a']);
    expect(filterJobs(jobs, { ...EMPTY_FILTER, outcome: 'none' }).map((j) => j.id)).toEqual(['c']);
    expect(filterJobs(jobs, { ...EMPTY_FILTER, review: 'unreviewed' }).map((j) => j.id)).toEqual(['b', 'c']);
    expect(filterJobs(jobs, { ...EMPTY_FILTER, status: 'done', review: 'equivalent' }).map((j) => j.id)).toEqual(['a']);
  });
  it('sorts any column both ways with missing values last', () => {
    expect(sortJobs(jobs, 'score', 'desc').map((j) => j.id)).toEqual(['b', 'a', 'c']);
    expect(sortJobs(jobs, 'score', 'asc').map((j) => j.id)).toEqual(['a', 'b', 'c']);
    expect(sortJobs(jobs, 'cost', 'desc').map((j) => j.id)).toEqual(['c', 'a', 'b']);
    expect(sortJobs(jobs, 'competition', 'asc').map((j) => j.id)).toEqual(['b', 'a', 'c']);
  });
  it('counts fixes and the deviation from the target', () => {
    expect(fixCount(jobs[0] as JobSummary)).toBe(1);
    expect(fixCount(jobs[2] as JobSummary)).toBe(1);
    // the host's count wins over the approximation from iterations (a stopped job's last iteration may carry a fix)
    expect(fixCount({ ...(jobs[0] as JobSummary), fixes: 4 })).toBe(4);
    expect(fixCount({ ...(jobs[0] as JobSummary), fixes: 0 })).toBe(0);
    expect(
      sortJobs(
        [
          { ...(jobs[0] as JobSummary), id: 'x', fixes: 1 },
          { ...(jobs[0] as JobSummary), id: 'y', fixes: 3 },
        ],
        'fixes',
        'desc',
      ).map((j) => j.id),
    ).toEqual(['y', 'x']);
    expect(deviation(jobs[1] as JobSummary)).toBe(0.5);
    expect(deviation(jobs[2] as JobSummary)).toBeNull();
  });
});
