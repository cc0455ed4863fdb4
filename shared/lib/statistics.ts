// Statistics the judge needs, on top of jstat: the one-sample Student t-test that decides whether repeated runs'
// scores are consistent with the author's score (docs/architecture.md, "The judge").
import jStat from 'jstat';

export interface TTestResult {
  /** t statistic: (mean − μ0) / (s / √n) */
  t: number;
  /** degrees of freedom, n − 1 */
  df: number;
  /** two-sided p-value */
  p: number;
  mean: number;
  /** sample standard deviation (n − 1 in the denominator) */
  sd: number;
}

export function sampleMean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** The middle value (the mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function sampleStdev(values: readonly number[]): number {
  const m = sampleMean(values);
  let ss = 0;
  for (const v of values) ss += (v - m) ** 2;
  return Math.sqrt(ss / (values.length - 1));
}

/**
 * One-sample two-sided t-test of `values` against `mu0` (scipy.stats.ttest_1samp). Needs at least two values.
 * When the values do not vary, t is ±Infinity (p = 0) if the mean differs from mu0 and NaN (p = NaN) if it
 * equals it, as scipy reports; the judge treats equal scores as deterministic and never asks for that case.
 */
export function oneSampleTTest(values: readonly number[], mu0: number): TTestResult {
  const n = values.length;
  if (n < 2) throw new RangeError(`a t-test needs at least two values, got ${n}`);
  const mean = sampleMean(values);
  const sd = sampleStdev(values);
  const df = n - 1;
  const t = (mean - mu0) / (sd / Math.sqrt(n));
  if (Number.isNaN(t)) return { t, df, p: Number.NaN, mean, sd };
  // jstat's t CDF agrees with scipy to ~1e-7 relative (its incomplete beta is a continued fraction), far finer than
  // any decision against α needs
  const p = Number.isFinite(t) ? 2 * jStat.studentt.cdf(-Math.abs(t), df) : 0;
  return { t, df, p: Math.min(1, Math.max(0, p)), mean, sd };
}
