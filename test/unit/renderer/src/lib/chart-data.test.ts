import { describe, expect, it } from 'vitest';
import { chartCsv, countsChart, niceScale, pairedChart, slug } from '../../../../../renderer/src/lib/chart-data';
import { barChartSvg, LIGHT_PALETTE, scoreChartSvg } from '../../../../../renderer/src/lib/svg-charts';

describe('chart data and CSV export', () => {
  it('orders categories as given, then by count', () => {
    const c = countsChart('Outcomes', { b: 1, 'not-reproducible': 2, reproducible: 5, a: 3 }, [
      'reproducible',
      'not-reproducible',
      'missing',
    ]);
    expect(c.labels).toEqual(['reproducible', 'not-reproducible', 'a', 'b']);
    expect(c.series[0]?.values).toEqual([5, 2, 3, 1]);
  });
  it('writes RFC 4180 CSV with one column per series, quoting where needed', () => {
    const c = pairedChart(
      'Errors',
      { name: 'before', counts: { 'Name,Error': 2, KeyError: 1 } },
      { name: 'after "best"', counts: { KeyError: 3 } },
    );
    expect(chartCsv(c)).toBe('category,before,"after ""best"""\r\nKeyError,1,3\r\n"Name,Error",2,0\r\n');
  });
  it('names files and picks round axis steps', () => {
    expect(slug('Error types before / after')).toBe('error-types-before-after');
    expect(niceScale(87)).toEqual({ max: 100, step: 50 });
    expect(niceScale(7)).toEqual({ max: 8, step: 2 });
    expect(niceScale(0)).toEqual({ max: 1, step: 1 });
  });
  it('draws escaped SVG with one bar per value and a target band', () => {
    const svg = barChartSvg(
      countsChart('Fixes <by> type', { 'error-repair': 4, 'score-calibration': 1 }),
      LIGHT_PALETTE,
    );
    expect(svg).toContain('Fixes &lt;by&gt; type');
    expect(svg.match(/<rect x="170"/g)).toHaveLength(2);
    const score = scoreChartSvg(
      [
        { index: 0, score: null },
        { index: 1, score: 0.8 },
      ],
      0.82,
      0.1,
      LIGHT_PALETTE,
    );
    expect(score).toContain('target 0.820');
    expect(score.match(/<circle/g)).toHaveLength(1);
  });
});
