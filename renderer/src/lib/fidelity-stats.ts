// Fidelity figures of the dashboard (issue 16): how faithfully the best versions reproduce the authors' outputs,
// and the jobs that count as reproducible although some of their outputs drifted — the ones a person should look at.
import type { Stats } from '../../../shared/contracts/schemas';

type Row = Pick<Stats['rows'][number], 'outcome' | 'fidelity'>;

/** Histogram buckets of fidelity, lower bound inclusive, in display order (low fidelity first). */
export const FIDELITY_BUCKETS: readonly { label: string; min: number }[] = [
  { label: '< 50%', min: -Infinity },
  { label: '50–80%', min: 0.5 },
  { label: '80–90%', min: 0.8 },
  { label: '90–99%', min: 0.9 },
  { label: '≥ 99%', min: 0.99 },
];
export const NOT_MEASURED = 'not measured';

export function fidelityDistribution(rows: readonly Row[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries([
    ...FIDELITY_BUCKETS.map((b) => [b.label, 0]),
    [NOT_MEASURED, 0],
  ]);
  for (const r of rows) {
    if (r.outcome === null) continue;
    const label =
      r.fidelity === null
        ? NOT_MEASURED
        : [...FIDELITY_BUCKETS].reverse().find((b) => (r.fidelity as number) >= b.min)!.label;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

/** Reproducible (with or without errors), yet not every comparable output of the author's came back the same. */
export function reproducibleButDrifted(row: Row): boolean {
  return (
    (row.outcome === 'reproducible' || row.outcome === 'reproducible-with-errors') &&
    row.fidelity !== null &&
    row.fidelity < 1
  );
}
