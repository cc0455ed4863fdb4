// Durations and sizes as people read them, the same in the CLI, the engine's messages and the workbench.

/** 500 → "500 ms", 12000 → "12 s", 1540 → "1.5 s", 90000 → "1 min 30 s", 600000 → "10 min" */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  // rounded once, to the unit shown: 59.96 s reads "1 min" and 119.6 s "2 min", never "60.0 s" or "1 min 60 s"
  const s = Math.round(ms / 100) / 10;
  if (s < 60) return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
  const whole = Math.round(s);
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** 512 → "512 bytes", 1536 → "1.5 KiB", 104857600 → "100.0 MiB" (binary units: what `ls -lh` and Docker count in) */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
