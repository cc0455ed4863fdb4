// Score patterns are the user's regexes: one that backtracks catastrophically must be stopped and reported as a
// typed error on the case, not freeze the process (issue 15, item 1).
import { describe, expect, it } from 'vitest';
import { scoreExecution } from '../../../../../main/core/scoring/score';
import { matchWithTimeLimit } from '../../../../../main/core/scoring/regex-limit';
import { NbreviveError } from '../../../../../shared/lib/errors';
import { matchScoreLines } from '../../../../../shared/lib/score-output';
import type { Notebook } from '../../../../../shared/models/notebook';

const EVIL = '(a+)+$';
const EVIL_LINE = 'a'.repeat(40) + 'b';

function notebookPrinting(text: string): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [
      {
        cell_type: 'code',
        id: 'c0',
        source: 'print(x)',
        metadata: {},
        execution_count: 1,
        outputs: [{ output_type: 'stream', name: 'stdout', text }],
      },
    ],
  } as Notebook;
}

describe('matchWithTimeLimit', () => {
  it('stops a catastrophically backtracking pattern at the limit with a typed error naming it', () => {
    const started = Date.now();
    let error: unknown;
    try {
      matchWithTimeLimit(new RegExp(EVIL), [[EVIL_LINE]], 'first', 500);
    } catch (e) {
      error = e;
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(NbreviveError);
    expect((error as NbreviveError).code).toBe('invalid-case');
    expect((error as NbreviveError).message).toContain('"(a+)+$" took longer than 500 ms');
    expect((error as NbreviveError).message).toContain('nbrevive.case.json');
  });

  it("counts the limit from the match, not from the thread's start (seconds on a loaded machine)", () => {
    // starting a worker thread takes tens of milliseconds or more; a sane pattern needs microseconds, so a 10 ms
    // limit holds for it every time once the thread's start is not counted
    for (let i = 0; i < 5; i++)
      expect(matchWithTimeLimit(/score: (\d+\.\d+)/, [['score: 0.81']], 'first', 10)).toEqual({
        matched: true,
        capture: '0.81',
      });
  });

  it('answers as the in-thread matcher does for ordinary patterns (first/last line, group 1, alternative spellings)', () => {
    const lines = [['fold 1: 0.81'], ['noise'], ['0.79', 'fold 2: np.float64(0.79)'], ['x']];
    for (const [source, occurrence] of [
      [String.raw`^fold \d: (\d+\.\d+)`, 'first'],
      [String.raw`^fold \d: (\d+\.\d+)`, 'last'],
      [String.raw`np\.float64\(([\d.]+)\)`, 'last'],
      [String.raw`^\d\.\d+`, 'last'],
      ['(?<v>nomatch)', 'first'],
    ] as const) {
      const regex = new RegExp(source);
      expect(matchWithTimeLimit(regex, lines, occurrence), source).toEqual(matchScoreLines(regex, lines, occurrence));
    }
  });
});

describe('scoreExecution with a catastrophic output pattern', () => {
  it('rejects with invalid-case within the limit', async () => {
    const nb = notebookPrinting(`${EVIL_LINE}\n`);
    const started = Date.now();
    const reading = scoreExecution({
      spec: { kind: 'output', cellIndex: 0, pattern: EVIL, occurrence: 'last' },
      case: { root: '/nonexistent' },
      executed: nb,
      original: nb,
      workingDir: '/nonexistent',
      runtime: { runPython: async () => '' },
      patternTimeoutMs: 300,
    });
    await expect(reading).rejects.toMatchObject({ code: 'invalid-case' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('still reads an ordinary score (numpy 2 repr included) through the limited matcher', async () => {
    const nb = notebookPrinting('accuracy: np.float64(0.8125)\n');
    const reading = await scoreExecution({
      spec: { kind: 'output', cellIndex: 0, pattern: String.raw`accuracy: ([\d.]+)`, occurrence: 'last' },
      case: { root: '/nonexistent' },
      executed: nb,
      original: nb,
      workingDir: '/nonexistent',
      runtime: { runPython: async () => '' },
    });
    expect(reading).toEqual({ score: 0.8125, note: null });
  });
});
