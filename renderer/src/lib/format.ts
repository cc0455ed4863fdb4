// Small display formatters shared by the screens (durations and sizes: shared/lib/format.ts, as in the CLI).

export function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function formatScore(v: number | null | undefined): string {
  if (v === null || v === undefined) return '–';
  return Math.abs(v) >= 1000 || Number.isInteger(v) ? String(v) : v.toPrecision(4);
}

export function formatTime(iso: string | null): string {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function errorMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : null;
  return code && code !== 'internal' && !message.includes(code) ? `${message} (${code})` : message;
}
