// The one-sample t-test (on jstat) against scipy.stats.ttest_1samp on the same generated samples.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { median, oneSampleTTest } from '../../../../shared/lib/statistics';
import { TEST_PYTHON } from '../../../helpers/python';

// score-like samples: n runs around a mean, tested against targets near and far from it
const samples: { values: number[]; mu0: number }[] = [];
let seed = 7;
const next = (): number => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
for (const n of [2, 3, 5, 8, 16, 40]) {
  for (const shift of [0, 0.3, 1, 3, 10]) {
    const values = Array.from({ length: n }, () => 0.8 + (next() - 0.5) * 0.02);
    const m = values.reduce((a, b) => a + b, 0) / n;
    samples.push({ values, mu0: m - shift * 0.004 });
  }
}

let ref: { t: number; p: number }[] = [];

beforeAll(() => {
  const script = `
import json, sys
from scipy import stats
out = []
for s in json.load(sys.stdin):
    r = stats.ttest_1samp(s['values'], s['mu0'])
    out.append({'t': float(r.statistic), 'p': float(r.pvalue)})
print(json.dumps(out))
`;
  ref = JSON.parse(
    execFileSync(TEST_PYTHON, ['-c', script], { input: JSON.stringify(samples), encoding: 'utf8' }),
  ) as typeof ref;
});

describe('oneSampleTTest', () => {
  it('matches scipy.stats.ttest_1samp (t to 1e-9, p to 1e-6 relative: jstat incomplete beta precision)', () => {
    expect(ref).toHaveLength(samples.length);
    samples.forEach((s, i) => {
      const ours = oneSampleTTest(s.values, s.mu0);
      const theirs = ref[i] as { t: number; p: number };
      expect(ours.df).toBe(s.values.length - 1);
      // shift 0 puts μ0 on the mean: t is rounding noise there, compared absolutely
      const tErr = Math.abs(ours.t - theirs.t) / Math.max(Math.abs(theirs.t), 1e-3);
      expect(tErr, `t of sample ${i}`).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(ours.p - theirs.p) / theirs.p, `p of sample ${i}: ${ours.p} vs ${theirs.p}`).toBeLessThanOrEqual(
        1e-6,
      );
    });
    // the samples span both sides of α = 0.05
    expect(ref.some((x) => x.p < 0.05) && ref.some((x) => x.p > 0.5)).toBe(true);
  });

  it('needs two values; constant values give t = ±Infinity and p = 0, like scipy', () => {
    expect(() => oneSampleTTest([0.8], 0.8)).toThrow(/at least two/);
    const constant = oneSampleTTest([0.5, 0.5, 0.5], 0.25);
    expect(constant.t).toBe(Number.POSITIVE_INFINITY);
    expect(constant.p).toBe(0);
    expect(Number.isNaN(oneSampleTTest([0.5, 0.5], 0.5).p)).toBe(true);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones, without reordering its input', () => {
    const values = [5, 1, 3];
    expect(median(values)).toBe(3);
    expect(values).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });
});
