// The Python interpreters integration tests execute notebooks with.
// - TEST_PYTHON: NBREVIVE_PYTHON, else Debian bookworm's /usr/bin/python3 (the 2023 stack).
// - TODAY_PYTHON: today's stack (Python 3.14, numpy 2.4, pandas 2.3, scikit-learn 1.9), the reference for recovery:
//   NBREVIVE_TODAY_PYTHON, else the wrapper tools/today-stack.sh writes; null when neither is there.
import fs from 'node:fs';
import path from 'node:path';
import { describe } from 'vitest';

export const TEST_PYTHON = process.env.NBREVIVE_PYTHON ?? '/usr/bin/python3';

const TODAY_WRAPPER = path.join(process.env.NBREVIVE_CACHE_DIR ?? '/var/cache/nbrevive', 'python3-today');

export const TODAY_PYTHON: string | null =
  process.env.NBREVIVE_TODAY_PYTHON ?? (fs.existsSync(TODAY_WRAPPER) ? TODAY_WRAPPER : null);

export const TODAY_SKIP_REASON = `skipped: today's stack is not built (run tools/today-stack.sh, or set NBREVIVE_TODAY_PYTHON)`;

/** describe() that runs in today's stack, and is reported skipped with the reason where that stack is absent. */
export function describeToday(name: string, body: (python: string) => void): void {
  if (TODAY_PYTHON) {
    describe(`${name} [today's stack]`, () => body(TODAY_PYTHON as string));
  } else {
    describe.skip(`${name} (${TODAY_SKIP_REASON})`, () => body(''));
    console.warn(`[nbrevive tests] ${name}: ${TODAY_SKIP_REASON}`);
  }
}
