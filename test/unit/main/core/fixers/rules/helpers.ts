// Test helpers for rules: run rules on one or more cells and get the new sources back, in a modern
// environment (Debian bookworm's 2023 stack, plus newer libraries where a rule needs them).
import { expect } from 'vitest';
import type { CellError, EnvironmentDescription } from '../../../../../../shared/models/execution';
import type { Notebook, Output } from '../../../../../../shared/models/notebook';
import { applyRules, type ApplyOptions, type ApplyResult } from '../../../../../../main/core/fixers/rules/rules-engine';
import type { SnippetRun } from '../../../../../helpers/today-snippets';

export const MODERN_PACKAGES: Record<string, string> = {
  numpy: '1.24.2',
  pandas: '1.5.3',
  'scikit-learn': '1.2.1',
  matplotlib: '3.6.3',
  seaborn: '0.12.2',
  xgboost: '1.7.4',
  scipy: '1.10.1',
  statsmodels: '0.13.5',
};

export function environment(
  packages: Record<string, string> = {},
  python = '3.11.2',
  gpus: string[] = [],
): EnvironmentDescription {
  return {
    runtime: 'local',
    python,
    pythonPath: null,
    image: null,
    packages: { ...MODERN_PACKAGES, ...packages },
    gpus,
  };
}

export function notebookOf(...sources: string[]): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', language: 'python', display_name: 'Python 3' } },
    cells: sources.map((source) => ({
      cell_type: 'code' as const,
      metadata: {},
      source,
      outputs: [],
      execution_count: null,
    })),
  };
}

export function cellError(
  cellIndex: number,
  ename: string,
  evalue: string,
  line: string | null = null,
  traceback: string[] = [],
): CellError {
  return { cellIndex, cellId: null, ename, evalue, traceback, line, preExisting: false };
}

export interface FixOptions extends ApplyOptions {
  packages?: Record<string, string>;
  python?: string;
  gpus?: string[];
  /** the author's saved outputs of some cells (cell index → outputs): the original notebook rules read, in which
   * those cells ran (an execution count) */
  saved?: Record<string, Output[]>;
}

/** Applies the given rules to a one-cell notebook and returns the cell's new source. */
export async function fix(source: string, ruleIds: string[] | 'all', options: FixOptions = {}): Promise<string> {
  const result = await fixCells([source], ruleIds, options);
  const cell = result.notebook.cells[0];
  return Array.isArray(cell?.source) ? cell.source.join('') : (cell?.source ?? '');
}

export async function fixCells(
  sources: string[],
  ruleIds: string[] | 'all',
  options: FixOptions = {},
): Promise<ApplyResult> {
  const { packages, python, gpus, saved, ...rest } = options;
  const original = saved ? notebookOf(...sources) : null;
  for (const [index, outputs] of Object.entries(saved ?? {})) {
    const cell = original?.cells[Number(index)];
    if (cell) Object.assign(cell, { outputs, execution_count: Number(index) + 1 });
  }
  return applyRules(notebookOf(...sources), ruleIds, environment(packages, python, gpus), { ...rest, original });
}

/** Source of cell i of a result. */
export function cellSource(result: ApplyResult, index: number): string {
  const cell = result.notebook.cells[index];
  return Array.isArray(cell?.source) ? cell.source.join('') : (cell?.source ?? '');
}

/** Asserts idempotence: applying the same rules to the fixed source changes nothing. */
export async function fixTwice(
  source: string,
  ruleIds: string[] | 'all',
  options: FixOptions = {},
): Promise<[string, string]> {
  const once = await fix(source, ruleIds, options);
  const twice = await fix(once, ruleIds, options);
  return [once, twice];
}

/** The package versions of today's stack, for rules whose version gates the tests check there. */
export const TODAY_ENVIRONMENT = {
  python: '3.14.0',
  packages: { numpy: '2.4.6', pandas: '2.3.3', 'scikit-learn': '1.9.0', scipy: '1.17.1', matplotlib: '3.10.9' },
};

/**
 * The check most rules' today's-stack tests make: `before` fails there with `fails`, the rules rewrite it (today's
 * package versions, plus `options`: the errors they answer), and the rewrite runs and prints `out`. Returns the
 * rewrite, for checks of its text.
 */
export async function expectRepairedToday(
  run: SnippetRun,
  before: string,
  ruleIds: string[],
  expected: { fails: RegExp; out: string },
  options: FixOptions = {},
): Promise<string> {
  expect(run(before).out).toMatch(expected.fails);
  const after = await fix(before, ruleIds, { ...TODAY_ENVIRONMENT, ...options });
  expect(run(after)).toEqual({ ok: true, out: expected.out });
  return after;
}

/**
 * expectRepairedToday for a rule that answers an error: the rules are given `[ename, evalue, line]`, the error cell 0
 * raised (as fixAfterError gives it). Returns the rewrite, for checks of its text.
 */
export function expectRepairedAfterError(
  run: SnippetRun,
  before: string,
  ruleIds: string[],
  [ename, evalue, line]: readonly [ename: string, evalue: string, line?: string],
  expected: { fails: RegExp; out: string },
): Promise<string> {
  return expectRepairedToday(run, before, ruleIds, expected, { errors: [cellError(0, ename, evalue, line)] });
}

/**
 * The check of a test whose expected output is computed, not written down: `reference` (the author's computation
 * spelled out with today's API, or a documented equivalent) runs in today's stack, and `after` prints what it prints.
 */
export function expectPrintsAsReference(run: SnippetRun, after: string, reference: string): void {
  const expected = run(reference);
  expect(expected.ok).toBe(true);
  expect(run(after)).toEqual({ ok: true, out: expected.out });
}

/**
 * The check a calibration rule's today's-stack test makes: `before` runs there but prints `today`, not what its
 * author saw; the rules rewrite it for a notebook dated `created` (today's package versions), and the rewrite prints
 * `old`, what the author's stack printed. Returns the rewrite, for checks of its text.
 */
export async function expectCalibratedToday(
  run: SnippetRun,
  before: string,
  ruleIds: string[],
  expected: { created: string; today: string; old: string },
): Promise<string> {
  expect(run(before)).toEqual({ ok: true, out: expected.today });
  const after = await fix(before, ruleIds, { ...TODAY_ENVIRONMENT, created: expected.created });
  expect(run(after)).toEqual({ ok: true, out: expected.old });
  return after;
}

/**
 * fix() with today's package versions (plus `options`) after cell 0 raised `[ename, evalue, line]`: the error a rule
 * that answers errors is given in a today's-stack test.
 */
export function fixAfterError(
  before: string,
  ruleIds: string[],
  [ename, evalue, line]: readonly [ename: string, evalue: string, line?: string],
  options: FixOptions = {},
): Promise<string> {
  return fix(before, ruleIds, { ...TODAY_ENVIRONMENT, ...options, errors: [cellError(0, ename, evalue, line)] });
}

/** Runs Python snippets with an interpreter (test/helpers/today-snippets.ts). */
export { snippetRunner } from '../../../../../helpers/today-snippets';
