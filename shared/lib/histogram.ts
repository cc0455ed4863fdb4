// Histogram buckets with a lower bound each (inclusive), in display order, and the bucket a value falls in: the
// edit-similarity histogram of corpus statistics and the fidelity histogram of the dashboard.

export interface Bucket {
  label: string;
  /** inclusive lower bound; the first bucket's is -Infinity */
  min: number;
}

/** The buckets of `labels` in order: the first from -Infinity, each later one from its entry of `bounds`. */
export function histogramBuckets(labels: readonly string[], bounds: readonly number[]): readonly Bucket[] {
  if (bounds.length !== labels.length - 1) throw new Error('one lower bound for each bucket after the first');
  return labels.map((label, i) => ({ label, min: i === 0 ? -Infinity : (bounds[i - 1] as number) }));
}

/** The label of the last bucket whose lower bound `value` reaches (the first bucket's for NaN). */
export function bucketOf(buckets: readonly Bucket[], value: number): string {
  let label = buckets[0]?.label ?? '';
  for (const b of buckets) if (value >= b.min) label = b.label;
  return label;
}
