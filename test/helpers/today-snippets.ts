// The opening the rules' today's-stack tests share: a describe() in today's stack (python.ts' describeToday) whose
// body gets a runner of Python snippets there, and an it() with the time a test that starts today's Python several
// times and runs the rules needs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { describeToday } from './python';

/** Runs a Python snippet: stdout when it succeeds, its traceback when it fails. */
export type SnippetRun = (source: string) => { ok: boolean; out: string };

/** The time one today's-stack test may take (its snippets, before and after, and the rules). */
export const TODAY_TEST_TIMEOUT = 300_000;

/**
 * Runs Python snippets with an interpreter: stdout when a snippet succeeds, its traceback when it fails. Each runner
 * works in a folder of its own, so files a snippet writes never land in the checkout.
 */
export function snippetRunner(python: string): SnippetRun {
  let cwd: string | undefined;
  return (source) => {
    cwd ??= fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-snippets-'));
    try {
      return {
        ok: true,
        out: execFileSync(python, ['-c', source], {
          cwd,
          encoding: 'utf8',
          timeout: 180_000,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, MPLBACKEND: 'Agg', PYTHONWARNINGS: 'ignore' },
        }).trim(),
      };
    } catch (error) {
      return { ok: false, out: String((error as { stderr?: string }).stderr ?? '').trim() };
    }
  };
}

/** describeToday() whose body runs snippets in today's stack (skipped with the reason where it is not built). */
export function describeTodaySnippets(name: string, body: (run: SnippetRun) => void): void {
  describeToday(name, (python) => body(snippetRunner(python)));
}

/** it() with TODAY_TEST_TIMEOUT. */
export function itToday(name: string, test: () => Promise<void>): void {
  it(name, { timeout: TODAY_TEST_TIMEOUT }, test);
}
