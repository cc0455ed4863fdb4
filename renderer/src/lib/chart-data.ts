// What a chart shows, as data: one shape for every chart on the dashboard, so each can be drawn as SVG, exported
// as CSV (the same numbers) and rasterized to PNG.
import { toCsv } from '../../../shared/contracts/summaries';

export interface Series {
  name: string;
  values: number[];
}

export interface ChartData {
  title: string;
  /** category labels along the x axis */
  labels: string[];
  series: Series[];
}

/** Counts (a record) as a one-series chart, categories in the given order first, then the rest by size. */
export function countsChart(title: string, counts: Record<string, number>, order: readonly string[] = []): ChartData {
  const rest = Object.keys(counts)
    .filter((k) => !order.includes(k))
    .sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || a.localeCompare(b));
  const labels = [...order.filter((k) => k in counts), ...rest];
  return { title, labels, series: [{ name: 'count', values: labels.map((l) => counts[l] ?? 0) }] };
}

/** Two count records side by side (e.g. error types before/after) over the union of their keys. */
export function pairedChart(
  title: string,
  a: { name: string; counts: Record<string, number> },
  b: { name: string; counts: Record<string, number> },
  limit = 12,
): ChartData {
  const labels = [...new Set([...Object.keys(a.counts), ...Object.keys(b.counts)])]
    .sort(
      (x, y) =>
        (b.counts[y] ?? 0) + (a.counts[y] ?? 0) - ((b.counts[x] ?? 0) + (a.counts[x] ?? 0)) || x.localeCompare(y),
    )
    .slice(0, limit);
  return {
    title,
    labels,
    series: [
      { name: a.name, values: labels.map((l) => a.counts[l] ?? 0) },
      { name: b.name, values: labels.map((l) => b.counts[l] ?? 0) },
    ],
  };
}

/** The chart as CSV: one row per category, one column per series. */
export function chartCsv(chart: ChartData): string {
  return toCsv([
    ['category', ...chart.series.map((s) => s.name)],
    ...chart.labels.map((l, i) => [l, ...chart.series.map((s) => s.values[i] ?? 0)]),
  ]);
}

/** A file name for exports: the title in kebab case. */
export function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'chart'
  );
}

/** "Nice" axis maximum and tick step for values up to `max` (1, 2 or 5 × 10^k steps). */
export function niceScale(max: number, ticks = 4): { max: number; step: number } {
  if (!(max > 0)) return { max: 1, step: 1 };
  const raw = max / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) as number;
  return { max: Math.ceil(max / step) * step, step };
}
