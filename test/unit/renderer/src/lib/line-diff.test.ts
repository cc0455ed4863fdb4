import { describe, expect, it } from 'vitest';
import { changedLines } from '../../../../../renderer/src/lib/line-diff';

describe('changedLines', () => {
  it('marks only the lines outside the longest common subsequence', () => {
    const before = ['rows: 150', 'RMSE: 0.3400', 'done'];
    const after = ['rows: 150', 'RMSE: 0.3512', 'done'];
    expect(changedLines(before, after)).toEqual({ a: [false, true, false], b: [false, true, false] });
  });

  it('marks added and removed lines on their side only', () => {
    expect(changedLines(['a', 'b'], ['a', 'x', 'b', 'c'])).toEqual({
      a: [false, false],
      b: [false, true, false, true],
    });
    expect(changedLines(['a', 'b'], [])).toEqual({ a: [true, true], b: [] });
  });

  it('marks nothing for equal texts', () => {
    expect(changedLines(['x', 'y'], ['x', 'y'])).toEqual({ a: [false, false], b: [false, false] });
  });
});
