import { describe, expect, it } from 'vitest';
import { compareVersions, isBeforeDate } from '../../../../../../main/core/fixers/rules/version';

describe('compareVersions', () => {
  it('compares numerically, segment by segment', () => {
    expect(compareVersions('1.24.2', '1.24')).toBeGreaterThan(0);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('0.9', '0.22')).toBeLessThan(0);
    expect(compareVersions('1.10.1', '1.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0rc1', '2.0')).toBeLessThan(0);
    expect(compareVersions('1.5.3', '2.0')).toBeLessThan(0);
  });
});

describe('isBeforeDate', () => {
  it('treats partial dates as their first day', () => {
    expect(isBeforeDate('2017', '2019-12-03')).toBe(true);
    expect(isBeforeDate('2019-12', '2019-12-03')).toBe(true);
    expect(isBeforeDate('2020-01-15', '2019-12-03')).toBe(false);
  });
});
