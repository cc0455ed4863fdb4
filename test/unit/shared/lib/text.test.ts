import { describe, expect, it } from 'vitest';
import { firstLine, stripAnsi } from '../../../../shared/lib/text';

describe('firstLine', () => {
  it('skips the blank first line some messages start with, trims, and cuts with an ellipsis', () => {
    const arima =
      '\nstatsmodels.tsa.arima_model.ARMA and statsmodels.tsa.arima_model.ARIMA have\nbeen removed in favor of …';
    expect(firstLine(arima)).toBe('statsmodels.tsa.arima_model.ARMA and statsmodels.tsa.arima_model.ARIMA have');
    expect(firstLine('\n  \nAll the 20 fits failed.\nIt is very likely…', 12)).toBe('All the 20 …');
    expect(firstLine('one line')).toBe('one line');
    expect(firstLine('\n\n')).toBe('');
  });

  it('leaves a line of exactly max characters whole', () => {
    expect(firstLine('abcdef', 6)).toBe('abcdef');
    expect(firstLine('abcdefg', 6)).toBe('abcde…');
  });
});

describe('stripAnsi', () => {
  it('removes colour codes', () => {
    expect(stripAnsi('\u001b[31mValueError\u001b[39m: x')).toBe('ValueError: x');
  });
});
