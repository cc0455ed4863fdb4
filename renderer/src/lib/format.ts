// Small display formatters shared by the screens.

export function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function formatScore(v: number | null | undefined): string {
  if (v === null || v === undefined) return '–';
  return Math.abs(v) >= 1000 || Number.isInteger(v) ? String(v) : v.toPrecision(4);
}

/** 0.4 MB, 812 MB, 2.31 GB */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  const mb = bytes / 1024 ** 2;
  return `${mb < 10 ? mb.toFixed(1) : mb.toFixed(0)} MB`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
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
