// Polling for tests that watch real processes (hosts, workers, browsers): wait until a probe gives a value, or fail
// with what was awaited, so a hung test names its step instead of hitting vitest's own timeout.

/** Calls `probe` every `intervalMs` until it returns a truthy value and returns it; throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
