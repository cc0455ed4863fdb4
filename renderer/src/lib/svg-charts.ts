// Charts as SVG markup built from data (no chart library): the same strings are shown on the dashboard, put in the
// self-contained HTML report and rasterized to PNG. Colours are literal (not CSS variables) so an exported SVG or
// PNG looks the same outside the page.
import { ChartData, niceScale } from './chart-data';

export interface Palette {
  text: string;
  muted: string;
  grid: string;
  background: string;
  series: string[];
  band: string;
  line: string;
}

/** Each colour of the palette in the light and in the dark theme, side by side. */
const COLOURS: { [K in keyof Palette]: readonly [light: Palette[K], dark: Palette[K]] } = {
  text: ['#1f2328', '#e6edf3'],
  muted: ['#59636e', '#9198a1'],
  grid: ['#d1d9e0', '#3d444d'],
  background: ['#ffffff', '#0d1117'],
  series: [
    ['#0969da', '#bf8700', '#1a7f37', '#cf222e', '#8250df', '#57606a'],
    ['#4493f8', '#d29922', '#3fb950', '#f85149', '#ab7df8', '#9198a1'],
  ],
  band: ['rgba(26,127,55,0.15)', 'rgba(63,185,80,0.18)'],
  line: ['#0969da', '#4493f8'],
};

function palette(theme: 0 | 1): Palette {
  const { text, muted, grid, background, series, band, line } = COLOURS;
  return {
    text: text[theme],
    muted: muted[theme],
    grid: grid[theme],
    background: background[theme],
    series: [...series[theme]],
    band: band[theme],
    line: line[theme],
  };
}

export const LIGHT_PALETTE: Palette = palette(0);

export const DARK_PALETTE: Palette = palette(1);

export function escapeXml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

const fmt = (v: number) => (Math.abs(v) >= 1000 || Number.isInteger(v) ? String(Math.round(v)) : v.toPrecision(3));

/** Horizontal grouped bar chart: one row per category, one bar per series. */
export function barChartSvg(chart: ChartData, p: Palette, width = 460): string {
  const labelW = 170;
  const barH = 14;
  const groupGap = 8;
  const groupH = chart.series.length * barH + groupGap;
  const legendH = chart.series.length > 1 ? 20 : 0;
  const top = 28 + legendH;
  const height = top + Math.max(1, chart.labels.length) * groupH + 24;
  const max = Math.max(0, ...chart.series.flatMap((s) => s.values));
  const scale = niceScale(max);
  const plotW = width - labelW - 40;
  const x = (v: number) => labelW + (v / scale.max) * plotW;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `role="img" aria-label="${escapeXml(chart.title)}" font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="${p.background}"/>`,
    `<text x="8" y="18" font-size="13" font-weight="600" fill="${p.text}">${escapeXml(chart.title)}</text>`,
  ];
  if (legendH) {
    chart.series.forEach((s, i) => {
      const lx = labelW + i * 120;
      parts.push(`<rect x="${lx}" y="30" width="10" height="10" fill="${p.series[i % p.series.length]}"/>`);
      parts.push(`<text x="${lx + 14}" y="39" fill="${p.muted}">${escapeXml(s.name)}</text>`);
    });
  }
  for (let t = 0; t <= scale.max + 1e-9; t += scale.step) {
    parts.push(
      `<line x1="${x(t)}" y1="${top - 4}" x2="${x(t)}" y2="${height - 20}" stroke="${p.grid}" stroke-width="1"/>`,
    );
    parts.push(`<text x="${x(t)}" y="${height - 6}" text-anchor="middle" fill="${p.muted}">${fmt(t)}</text>`);
  }
  if (chart.labels.length === 0) parts.push(`<text x="${labelW}" y="${top + 12}" fill="${p.muted}">no data yet</text>`);
  chart.labels.forEach((label, li) => {
    const gy = top + li * groupH;
    const short = label.length > 26 ? `${label.slice(0, 25)}…` : label;
    parts.push(
      `<text x="${labelW - 6}" y="${gy + (chart.series.length * barH) / 2 + 4}" text-anchor="end" ` +
        `fill="${p.text}"><title>${escapeXml(label)}</title>${escapeXml(short)}</text>`,
    );
    chart.series.forEach((s, si) => {
      const v = s.values[li] ?? 0;
      const y = gy + si * barH;
      parts.push(
        `<rect x="${labelW}" y="${y + 1}" width="${Math.max(0, x(v) - labelW)}" height="${barH - 2}" ` +
          `fill="${p.series[si % p.series.length]}" ` +
          `rx="2"><title>${escapeXml(`${label} · ${s.name}: ${v}`)}</title></rect>`,
      );
      parts.push(`<text x="${x(v) + 4}" y="${y + barH - 3}" fill="${p.muted}">${fmt(v)}</text>`);
    });
  });
  parts.push('</svg>');
  return parts.join('');
}

export interface ScorePoint {
  index: number;
  score: number | null;
}

/** Score per iteration as a line with the target and its tolerance band (target ± τ·|target|). */
export function scoreChartSvg(
  points: readonly ScorePoint[],
  target: number | null,
  tolerance: number,
  p: Palette,
  width = 420,
  height = 180,
): string {
  const left = 48;
  const right = 12;
  const top = 14;
  const bottom = 26;
  const scores = points.flatMap((pt) => (pt.score === null ? [] : [pt.score]));
  const band = target === null ? null : [target - tolerance * Math.abs(target), target + tolerance * Math.abs(target)];
  const all = [...scores, ...(band ?? [])];
  let lo = all.length ? Math.min(...all) : 0;
  let hi = all.length ? Math.max(...all) : 1;
  if (hi - lo < 1e-9) {
    lo -= 0.5;
    hi += 0.5;
  }
  const pad = (hi - lo) * 0.1;
  lo -= pad;
  hi += pad;
  const n = Math.max(1, points.length - 1);
  const x = (i: number) => left + (i / n) * (width - left - right);
  const y = (v: number) => top + (1 - (v - lo) / (hi - lo)) * (height - top - bottom);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ` +
      `${height}" role="img" aria-label="score per iteration" font-family="system-ui, sans-serif" font-size="10">`,
    `<rect width="100%" height="100%" fill="${p.background}"/>`,
  ];
  if (band && target !== null) {
    parts.push(
      `<rect x="${left}" y="${y(band[1] as number)}" width="${width - left - right}" ` +
        `height="${Math.max(1, y(band[0] as number) - y(band[1] as number))}" fill="${p.band}"><title>target ` +
        `band ${fmt(band[0] as number)} … ${fmt(band[1] as number)}</title></rect>`,
    );
    parts.push(
      `<line x1="${left}" x2="${width - right}" y1="${y(target)}" ` +
        `y2="${y(target)}" stroke="${p.series[2]}" stroke-dasharray="4 3"/>`,
    );
    parts.push(
      `<text x="${width - right}" y="${y(target) - 4}" ` +
        `text-anchor="end" fill="${p.muted}">target ${fmt(target)}</text>`,
    );
  }
  for (const v of [lo + pad, (lo + hi) / 2, hi - pad]) {
    parts.push(`<text x="${left - 6}" y="${y(v) + 3}" text-anchor="end" fill="${p.muted}">${fmt(v)}</text>`);
    parts.push(
      `<line x1="${left}" x2="${width - right}" y1="${y(v)}" y2="${y(v)}" stroke="${p.grid}" stroke-width="0.5"/>`,
    );
  }
  const path = points
    .filter((pt) => pt.score !== null)
    .map((pt, i) => `${i === 0 ? 'M' : 'L'}${x(pt.index).toFixed(1)},${y(pt.score as number).toFixed(1)}`)
    .join(' ');
  if (path) parts.push(`<path d="${path}" fill="none" stroke="${p.line}" stroke-width="2"/>`);
  for (const pt of points) {
    parts.push(`<text x="${x(pt.index)}" y="${height - 8}" text-anchor="middle" fill="${p.muted}">${pt.index}</text>`);
    if (pt.score !== null)
      parts.push(
        `<circle cx="${x(pt.index)}" cy="${y(pt.score)}" r="3.5" ` +
          `fill="${p.line}"><title>iteration ${pt.index}: ${pt.score}</title></circle>`,
      );
    else parts.push(`<text x="${x(pt.index)}" y="${top + 10}" text-anchor="middle" fill="${p.muted}">–</text>`);
  }
  if (!scores.length) parts.push(`<text x="${left + 8}" y="${height / 2}" fill="${p.muted}">no score yet</text>`);
  parts.push('</svg>');
  return parts.join('');
}
