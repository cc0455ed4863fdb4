// The dashboard's fidelity figures: the distribution over finished jobs and the "reproducible but drifted" filter.
import { describe, expect, it } from 'vitest';
import { fidelityDistribution, reproducibleButDrifted } from '../../../../../renderer/src/lib/fidelity-stats';

describe('fidelity figures', () => {
  const rows = [
    { outcome: 'reproducible' as const, fidelity: 1 },
    { outcome: 'reproducible' as const, fidelity: 0.95 },
    { outcome: 'reproducible-with-errors' as const, fidelity: 0.5 },
    { outcome: 'not-reproducible' as const, fidelity: 0.2 },
    { outcome: 'not-reproducible' as const, fidelity: null },
    { outcome: null, fidelity: 0.9 },
  ];

  it('buckets finished jobs by fidelity, lower bounds inclusive; unfinished jobs are left out', () => {
    expect(fidelityDistribution(rows)).toEqual({
      '< 50%': 1,
      '50–80%': 1,
      '80–90%': 0,
      '90–99%': 1,
      '≥ 99%': 1,
      'not measured': 1,
    });
  });

  it('reproducible but drifted: a reproducible outcome with fidelity below 1', () => {
    expect(rows.map(reproducibleButDrifted)).toEqual([false, true, true, false, false, false]);
  });
});
