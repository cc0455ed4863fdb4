import { describe, expect, it } from 'vitest';
import { scrollToReveal, virtualWindow } from '../../../../../renderer/src/lib/virtual';

describe('virtualWindow', () => {
  it('renders only the rows in view plus overscan', () => {
    const w = virtualWindow(3200, 600, 32, 10_000, 5);
    // first visible row 100, 600/32 → 19 rows + 1 partial
    expect(w.start).toBe(95);
    expect(w.end).toBe(100 + 20 + 5);
    expect(w.offsetTop).toBe(95 * 32);
    expect(w.totalHeight).toBe(320_000);
  });
  it('clamps at the top and the bottom', () => {
    expect(virtualWindow(-50, 600, 32, 10, 5)).toEqual({ start: 0, end: 10, offsetTop: 0, totalHeight: 320 });
    const end = virtualWindow(1e9, 600, 32, 1000, 2);
    expect(end.end).toBe(1000);
    expect(end.start).toBe(Math.floor((32_000 - 600) / 32) - 2);
  });
  it('handles an empty list and rejects a zero row height', () => {
    expect(virtualWindow(0, 600, 32, 0)).toEqual({ start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
    expect(() => virtualWindow(0, 600, 0, 5)).toThrow(/rowHeight/);
  });
  it('never renders more than a screenful plus overscan, wherever it scrolls', () => {
    for (let top = 0; top < 320_000; top += 7919) {
      const w = virtualWindow(top, 700, 32, 10_000, 4);
      expect(w.end - w.start).toBeLessThanOrEqual(Math.ceil(700 / 32) + 1 + 8);
      expect(w.start * 32).toBeLessThanOrEqual(top);
      expect(w.end * 32).toBeGreaterThanOrEqual(Math.min(top + 700, 320_000));
    }
  });
});

describe('scrollToReveal', () => {
  it('scrolls up or down just enough, and not at all when visible', () => {
    expect(scrollToReveal(10, 0, 320, 32)).toBe(32);
    expect(scrollToReveal(2, 200, 320, 32)).toBe(64);
    expect(scrollToReveal(8, 100, 320, 32)).toBe(100);
  });
});
