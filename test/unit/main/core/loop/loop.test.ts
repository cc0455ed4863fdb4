import { describe, expect, it } from 'vitest';
import {
  addressedErrors,
  baseIteration,
  diedBeforeFirstCell,
  errorSignature,
  fixFailed,
} from '../../../../../main/core/loop/decisions';
import type { CellError } from '../../../../../shared/models/execution';
import type { Iteration } from '../../../../../shared/models/loop';

type Run = Pick<Iteration, 'report' | 'verdict'> & { index: number };

function err(cellIndex: number, ename: string, evalue = 'boom', preExisting = false): CellError {
  return { cellIndex, cellId: `c${cellIndex}`, ename, evalue, traceback: [], line: null, preExisting };
}

function run(
  index: number,
  errors: CellError[],
  score: number | null,
  opts: { reproducible?: boolean; target?: number } = {},
): Run {
  const counting = errors.filter((e) => !e.preExisting);
  const reproducible = opts.reproducible ?? false;
  return {
    index,
    report: {
      status: errors.length ? 'error' : 'ok',
      wallTimeMs: 1,
      timeoutMs: 1000,
      errors,
      cells: [],
      filesWritten: [],
      scores: [score],
      score,
      scoreNote: null,
      message: null,
    },
    verdict: {
      reproducible,
      errorFree: counting.length === 0,
      problem: counting.length ? 'error' : reproducible ? null : 'score-deviation',
      reason: '',
      score,
      target: opts.target ?? 1,
      relativeDeviation: null,
      pValue: null,
      method: 'tolerance',
    },
  };
}

describe('errorSignature', () => {
  it('is the same for the same error at the same cell, whatever the numbers in the message', () => {
    expect(errorSignature(err(3, 'KeyError', 'column 12 missing'))).toBe(
      errorSignature(err(3, 'KeyError', 'column 7 missing')),
    );
    expect(errorSignature(err(3, 'KeyError'))).not.toBe(errorSignature(err(4, 'KeyError')));
    expect(errorSignature(err(3, 'KeyError'))).not.toBe(errorSignature(err(3, 'ValueError')));
  });
});

describe('baseIteration', () => {
  it('takes the best iteration, the latest among equals', () => {
    const a = run(0, [err(1, 'A'), err(2, 'B')], null);
    const b = run(1, [err(2, 'B')], null);
    const c = run(2, [err(2, 'C')], null); // as good as b: keep the newer one, it moved past an error
    const d = run(3, [err(2, 'C'), err(5, 'D')], null); // worse: reverted
    expect(baseIteration([a, b, c, d])?.index).toBe(2);
    expect(baseIteration([a])?.index).toBe(0);
    expect(baseIteration([])).toBeUndefined();
  });
});

describe('fixFailed', () => {
  it('fails a fix after which the addressed error is raised again at the same place', () => {
    expect(
      fixFailed(
        run(0, [err(1, 'AttributeError', "no attribute 'ix'")], null),
        run(1, [err(1, 'AttributeError', "no attribute 'ix'")], null),
      ),
    ).toBe('the same error is still raised at the same place');
  });
  it('fails a fix that made the run worse', () => {
    expect(fixFailed(run(0, [err(1, 'A')], null), run(1, [err(1, 'B'), err(2, 'C')], null))).toBe('the run got worse');
  });
  it('accepts a fix that moved past the error, even to a new one', () => {
    expect(fixFailed(run(0, [err(1, 'A')], null), run(1, [err(4, 'B')], null))).toBeNull();
    expect(fixFailed(run(0, [err(1, 'A')], null), run(1, [], 0.9, { reproducible: true }))).toBeNull();
  });
  it('fails a score fix that did not move the score closer', () => {
    expect(fixFailed(run(0, [], 0.5), run(1, [], 0.5))).toBe('the score did not move closer to the target');
    expect(fixFailed(run(0, [], 0.5), run(1, [], 0.8))).toBeNull();
  });
  it('ignores pre-existing errors', () => {
    const pre = err(9, 'NameError', 'x', true);
    expect(fixFailed(run(0, [pre, err(1, 'A')], null), run(1, [pre], null))).toBeNull();
  });
});

describe('fixFailed past a rule gap', () => {
  const gap = err(1, 'NameError', "name 'helper' is not defined");
  const edits = (...cells: number[]) => ({ edits: cells.map((cellIndex) => ({ cellIndex, source: 'x' })) });

  it('accepts a fix that repaired a later cell while the first error, which no fixer answers, stays', () => {
    const before = run(0, [gap, err(2, 'AttributeError', "'Series' object has no attribute 'reshape'")], null);
    const after = run(1, [gap], null);
    expect(fixFailed(before, after, edits(2))).toBeNull();
    // judged on the first error alone, as before, the same fix was dropped
    expect(fixFailed(before, after, edits(1))).toBe('the same error is still raised at the same place');
  });

  it('fails a fix when every error of the cells it edited is still there', () => {
    const before = run(0, [gap, err(2, 'A'), err(3, 'B')], null);
    expect(fixFailed(before, run(1, [gap, err(2, 'A'), err(3, 'B')], null), edits(2, 3))).toBe(
      'the errors it addressed are still raised at the same places',
    );
    expect(fixFailed(before, run(1, [gap, err(2, 'A'), err(3, 'C')], null), edits(2, 3))).toBeNull();
  });

  it('judges a fix that edited no failing cell (an import in a setup cell) on all errors', () => {
    const before = run(0, [gap, err(4, 'NameError', "name 'np' is not defined")], null);
    expect(addressedErrors(before.report.errors, edits(0)).map((e) => e.cellIndex)).toEqual([1, 4]);
    expect(fixFailed(before, run(1, [gap], null), edits(0))).toBeNull();
    expect(fixFailed(before, run(1, [gap, err(4, 'NameError', "name 'np' is not defined")], null), edits(0))).toBe(
      'the errors it addressed are still raised at the same places',
    );
  });
});

describe('diedBeforeFirstCell', () => {
  const cells = (...runs: [number, 'ok' | 'error' | 'skipped'][]) =>
    runs.map(([durationMs, status], i) => ({ cellIndex: i, cellId: null, durationMs, status }));
  const report = (
    status: 'ok' | 'error' | 'timeout' | 'crashed',
    cellRuns: ReturnType<typeof cells>,
    errors: CellError[] = [],
  ) => ({ status, errors, cells: cellRuns });

  it('is a timeout or crash before any cell ran', () => {
    expect(diedBeforeFirstCell(report('crashed', cells([0, 'skipped'], [0, 'skipped'])))).toBe(true);
    expect(diedBeforeFirstCell(report('timeout', cells([0, 'skipped'])))).toBe(true);
  });

  it('is not a run in which a cell started, nor one that finished', () => {
    // the first cell was running when the limit ended the run (it has a duration)
    expect(diedBeforeFirstCell(report('timeout', cells([1200, 'skipped'], [0, 'skipped'])))).toBe(false);
    expect(diedBeforeFirstCell(report('crashed', cells([10, 'ok'], [0, 'skipped'])))).toBe(false);
    expect(diedBeforeFirstCell(report('crashed', cells([0, 'skipped']), [err(0, 'X')]))).toBe(false);
    expect(diedBeforeFirstCell(report('ok', cells([0, 'skipped'])))).toBe(false);
    expect(diedBeforeFirstCell(report('crashed', []))).toBe(false);
  });
});
