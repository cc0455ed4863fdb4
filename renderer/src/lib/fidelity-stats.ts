// Fidelity figures of the dashboard (issue 16): how faithfully the best versions reproduce the authors' outputs,
// and the jobs that count as reproducible although some of their outputs drifted — the ones a person should look at.
import type { Stats } from '../../../shared/contracts/schemas';
import { bucketOf, histogramBuckets } from '../../../shared/lib/histogram';

type Row = Pick<Stats['rows'][number], 'outcome' | 'fidelity'>;

/** Histogram buckets of fidelity, lower bound inclusive, in display order (low fidelity first). */
export const FIDELITY_BUCKETS = histogramBuckets(
  ['< 50%', '50–80%', '80–90%', '90–99%', '≥ 99%'],
  [0.5, 0.8, 0.9, 0.99],
);
export const NOT_MEASURED = 'not measured';

export function fidelityDistribution(rows: readonly Row[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries([
    ...FIDELITY_BUCKETS.map((b) => [b.label, 0]),
    [NOT_MEASURED, 0],
  ]);
  for (const r of rows) {
    if (r.outcome === null) continue;
    const label = r.fidelity === null ? NOT_MEASURED : bucketOf(FIDELITY_BUCKETS, r.fidelity);
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
