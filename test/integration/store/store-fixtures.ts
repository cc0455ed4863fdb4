// Builders for the store tests: temp database folders that are always removed, and minimal valid cases,
// reports and verdicts (written here, not copied from the corpus).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, type TestContext } from 'vitest';
import { openStore, OpenStoreOptions, Store } from '../../../main/core/store';
import { ResolvedCase } from '../../../shared/models/case';
import { ExecutionReport } from '../../../shared/models/execution';
import { Fix, Verdict } from '../../../shared/models/loop';

/** Temp folders and stores opened by a test, released after it (also when it fails). */
export function useTempStores(): { dir(): string; open(file?: string, options?: OpenStoreOptions): Store } {
  const dirs: string[] = [];
  const stores: Store[] = [];
  afterEach(() => {
    for (const s of stores.splice(0)) s.close();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-store-'));
    dirs.push(d);
    return d;
  };
  return {
    dir,
    open(file, options) {
      const store = openStore(file ?? path.join(dir(), 'nbrevive.db'), options);
      stores.push(store);
      return store;
    },
  };
}

export function makeCase(id: string, overrides: Partial<ResolvedCase> = {}): ResolvedCase {
  const root = overrides.root ?? `/corpus/${id}`;
  return {
    id,
    title: `Case ${id}`,
    root,
    notebookPath: `${root}/notebook.ipynb`,
    dataDir: `${root}/input`,
    files: {},
    dirs: [],
    urls: {},
    score: { kind: 'output', cellIndex: 3, pattern: 'accuracy: ([0-9.]+)', occurrence: 'last' },
    target: { value: 0.8, higherIsBetter: true },
    created: '2017-05',
    competition: 'titanic',
    manifest: null,
    ...overrides,
  };
}

export function notebookText(marker: string, padding = 0): string {
  return JSON.stringify(
    {
      cells: [
        {
          cell_type: 'code',
          id: 'c1',
          metadata: {},
          source: [`print(${JSON.stringify(marker)})\n`, 'x'.repeat(padding)],
          outputs: [],
          execution_count: null,
        },
      ],
      metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
      nbformat: 4,
      nbformat_minor: 5,
    },
    null,
    1,
  );
}

export function makeReport(overrides: Partial<ExecutionReport> = {}): ExecutionReport {
  return {
    status: 'error',
    wallTimeMs: 1234,
    timeoutMs: 600_000,
    errors: [
      {
        cellIndex: 2,
        cellId: 'c2',
        ename: 'AttributeError',
        evalue: "module 'numpy' has no attribute 'float'",
        traceback: ['Traceback', "AttributeError: module 'numpy' has no attribute 'float'"],
        line: 'x = np.float(1)',
        preExisting: false,
      },
    ],
    cells: [{ cellIndex: 2, cellId: 'c2', durationMs: 10, status: 'error' }],
    filesWritten: [],
    scores: [0.71],
    score: 0.71,
    scoreNote: null,
    message: null,
    ...overrides,
  };
}

export function makeVerdict(overrides: Partial<Verdict> = {}): Verdict {
  return {
    reproducible: false,
    errorFree: false,
    problem: 'error',
    reason: 'AttributeError in cell 2',
    score: 0.71,
    target: 0.8,
    relativeDeviation: 0.1125,
    pValue: null,
    method: 'tolerance',
    ...overrides,
  };
}

export function makeFix(overrides: Partial<Fix> = {}): Fix {
  return {
    type: 'error-repair',
    source: 'llm',
    ruleIds: [],
    model: 'test-model',
    plan: 'replace np.float with float',
    edits: [{ cellIndex: 2, source: 'x = float(1)' }],
    usage: { promptTokens: 1000, completionTokens: 200, costUsd: 0.01 },
    flags: [],
    signature: 'AttributeError:numpy.float',
    ...overrides,
  };
}

/**
 * Mounts a tmpfs of `size` (mount's -o size=, e.g. '2m') on the new folder `mount`, for tests of full or read-only
 * filesystems; where this machine cannot mount one, the test (`what`) is skipped with the reason and false returned.
 * The caller unmounts it.
 */
export function mountTmpfs(ctx: TestContext, mount: string, size: string, what: string): boolean {
  fs.mkdirSync(mount);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mount], { stdio: 'pipe' });
    return true;
  } catch (e) {
    console.warn(`[store tests] ${what} skipped: cannot mount a tmpfs here (${(e as Error).message.split('\n')[0]})`);
    ctx.skip();
    return false;
  }
}

/** A store with one imported case; returns the case's store id. */
export function seedCase(store: Store, id = 'titanic-rf', overrides: Partial<ResolvedCase> = {}): string {
  const hash = store.blobs.put(notebookText(`original ${id}`));
  return store.cases.upsert(makeCase(id, overrides), hash).id;
}
