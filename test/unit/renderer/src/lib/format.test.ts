import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../../../renderer/src/lib/format';

describe('formatBytes', () => {
  it('shows MB with one decimal below 10, whole MB above, GB from 1 GiB', () => {
    expect(formatBytes(0)).toBe('0.0 MB');
    expect(formatBytes(432)).toBe('0.0 MB');
    expect(formatBytes(4.5 * 1024 ** 2)).toBe('4.5 MB');
    expect(formatBytes(812 * 1024 ** 2)).toBe('812 MB');
    expect(formatBytes(2.31 * 1024 ** 3)).toBe('2.31 GB');
  });
});
