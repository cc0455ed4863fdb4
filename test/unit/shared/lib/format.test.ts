// One output for durations and sizes everywhere (CLI reports, the runtime's time-limit messages, the workbench).
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from '../../../../shared/lib/format';

describe('formatBytes', () => {
  it('counts bytes below 1 KiB, then binary units with one decimal', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(432)).toBe('432 bytes');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(4.5 * 1024 ** 2)).toBe('4.5 MiB');
    expect(formatBytes(812 * 1024 ** 2)).toBe('812.0 MiB');
    expect(formatBytes(2.31 * 1024 ** 3)).toBe('2.3 GiB');
    expect(formatBytes(3 * 1024 ** 5)).toBe('3072.0 TiB');
  });
});

describe('formatDuration', () => {
  it('shows milliseconds, seconds (whole ones without a decimal), then minutes and seconds', () => {
    expect(formatDuration(499.6)).toBe('500 ms');
    expect(formatDuration(12_000)).toBe('12 s');
    expect(formatDuration(1540)).toBe('1.5 s');
    expect(formatDuration(90_000)).toBe('1 min 30 s');
    expect(formatDuration(600_000)).toBe('10 min');
  });

  it('rounds once, so a minute never shows 60 seconds', () => {
    expect(formatDuration(119_600)).toBe('2 min');
    expect(formatDuration(59_960)).toBe('1 min');
  });
});
