// The Python interpreters integration tests execute notebooks with (defined in python-stacks.ts, shared with the
// benchmarks), and describe() variants that run a test body in each stack.
// - TEST_PYTHON: NBREVIVE_PYTHON, else Debian bookworm's /usr/bin/python3 (the 2023 stack).
// - TODAY_PYTHON: today's stack (Python 3.14, numpy 2.4, pandas 2.3, scikit-learn 1.9), the reference for recovery:
//   NBREVIVE_TODAY_PYTHON, else the wrapper tools/today-stack.sh writes; null when neither is there.
import { describe } from 'vitest';
import { TEST_PYTHON, TODAY_PYTHON, TODAY_SKIP_REASON } from './python-stacks';

export { TEST_PYTHON, TODAY_PYTHON, TODAY_SKIP_REASON };

/** describe() that runs in today's stack, and is reported skipped with the reason where that stack is absent. */
export function describeToday(name: string, body: (python: string) => void): void {
  if (TODAY_PYTHON) {
    describe(`${name} [today's stack]`, () => body(TODAY_PYTHON as string));
  } else {
    describe.skip(`${name} (${TODAY_SKIP_REASON})`, () => body(''));
    console.warn(`[nbrevive tests] ${name}: ${TODAY_SKIP_REASON}`);
  }
}

/**
 * The same body in both stacks, today's first: `[today's stack]` (skipped with the reason where it is not built)
 * and `[bookworm]` (TEST_PYTHON). For tests cheap enough to run twice.
 */
export function describeStacks(name: string, body: (python: string) => void): void {
  describeToday(name, body);
  describe(`${name} [bookworm]`, () => body(TEST_PYTHON));
}
