// Where the shared corpus lives (../shared/corpus beside the checkout) and how tests that need it are skipped,
// with the reason printed, on a user's clone that does not have it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const candidate = process.env.NBREVIVE_CORPUS ?? path.resolve(REPO_ROOT, '../shared/corpus');
export const CORPUS_DIR: string | null = fs.existsSync(path.join(candidate, 'README.md')) ? candidate : null;
export const CORPUS_SKIP_REASON = `skipped: the shared corpus was not found at ${candidate} (set NBREVIVE_CORPUS)`;

/** describe() that runs when the corpus is present and is reported as skipped, with the reason, when not. */
export function describeCorpus(name: string, body: (corpusDir: string) => void): void {
  if (CORPUS_DIR) {
    const dir = CORPUS_DIR;
    describe(name, () => body(dir));
  } else {
    // the body is not collected: it would read the missing corpus while vitest gathers the tests
    describe.skip(`${name} (${CORPUS_SKIP_REASON})`, () => {
      it(CORPUS_SKIP_REASON, () => undefined);
    });
    console.warn(`[nbrevive tests] ${name}: ${CORPUS_SKIP_REASON}`);
  }
}

export function corpusCase(id: string): string {
  if (!CORPUS_DIR) throw new Error(CORPUS_SKIP_REASON);
  return path.join(CORPUS_DIR, id);
}
