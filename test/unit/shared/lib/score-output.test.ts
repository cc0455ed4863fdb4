// Reading the score printed by the score cell: which lines count, first/last, cells tracked by id across edits.
import { describe, expect, it } from 'vitest';
import {
  findScoreCell,
  numpyLegacyText,
  parseDecimal,
  readScore,
  scoreCellText,
  scoreFromOutputs,
} from '../../../../shared/lib/score-output';
import type { Cell, Notebook } from '../../../../shared/models/notebook';

const code = (id: string | undefined, outputs: Cell['outputs']): Cell => ({
  ...(id ? { id } : {}),
  cell_type: 'code',
  source: '',
  metadata: {},
  outputs,
  execution_count: 1,
});
const nb = (cells: Cell[]): Notebook => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });

const scoreCell = code('score', [
  { output_type: 'stream', name: 'stdout', text: ['fold 1: 0.81\n', 'fold 2: 0.79\n'] },
  { output_type: 'display_data', data: { 'text/html': '<b>0.5</b>', 'text/plain': 'CV: 0.8000' }, metadata: {} },
  { output_type: 'stream', name: 'stderr', text: '\u001b[31mwarn: 0.1\u001b[0m\n' },
  { output_type: 'execute_result', data: { 'text/plain': ['0.7084745762711865'] }, metadata: {}, execution_count: 1 },
]);

describe('readScore', () => {
  it('takes the first or last matching line, in output order', () => {
    const texts = scoreCellText(scoreCell);
    expect(texts).toBe('fold 1: 0.81\nfold 2: 0.79\nCV: 0.8000\nwarn: 0.1\n0.7084745762711865');
    expect(readScore(texts, String.raw`^fold \d: (\d+\.\d+)`, 'first')).toEqual({ score: 0.81, note: null });
    expect(readScore(texts, String.raw`^fold \d: (\d+\.\d+)`, 'last')).toEqual({ score: 0.79, note: null });
    expect(readScore(texts, String.raw`^\s*(\d+\.\d+)`, 'last')).toEqual({ score: 0.7084745762711865, note: null });
    expect(readScore(texts, String.raw`^CV: (?P<cv>[\d.]+)`, 'last')).toEqual({ score: 0.8, note: null });
  });

  it('explains a pattern that matches nothing, captures a non-number, or does not compile', () => {
    expect(readScore('accuracy: high\n', String.raw`accuracy: (\d+)`, 'last').note).toBe(
      'no output line of the score cell matches "accuracy: (\\\\d+)" (last lines: "accuracy: high")',
    );
    expect(readScore('', 'x(\\d)', 'last').note).toBe(
      'no output line of the score cell matches "x(\\\\d)" (the cell has no text output)',
    );
    expect(readScore('score: 1.2.3', String.raw`score: ([\d.]+)`, 'last').note).toBe(
      'the score pattern captured "1.2.3", which is not a number',
    );
    expect(readScore('x', '(', 'last').note).toMatch(/^the score pattern "\(" is not a valid regular expression: /);
  });
});

// reprs as numpy 2.4 prints them (checked in today's stack): print([np.float64(0.7728), np.int64(3), …])
describe('numpy 2 scalars', () => {
  it('reads np.float64(…), np.int64(…), np.float32(…) and a quoted np.str_ as numbers', () => {
    expect(parseDecimal('np.float64(0.7728)')).toBe(0.7728);
    expect(parseDecimal(' np.int64(3) ')).toBe(3);
    expect(parseDecimal('np.float32(0.5)')).toBe(0.5);
    expect(parseDecimal('np.uint8(7)')).toBe(7);
    expect(parseDecimal('np.float64(1e-20)')).toBe(1e-20);
    expect(parseDecimal("np.longdouble('0.5')")).toBe(0.5);
    expect(parseDecimal("np.str_('0.77')")).toBe(0.77);
    expect(parseDecimal('np.float64(nan)')).toBeNaN();
    expect(parseDecimal("np.str_('high')")).toBeNaN();
    expect(parseDecimal('np.float64(0.5')).toBeNaN();
  });

  it('unwraps every scalar repr of a line the way numpy 1 printed it', () => {
    const line =
      "[np.float64(0.7728), np.float32(0.5), np.int64(3), np.int32(-2), np.uint8(7), np.longdouble('0.5'), np.complex128(1+2j), np.str_('abc'), np.bytes_(b'x'), np.True_, np.float64(-inf), np.clongdouble('1j')]";
    expect(numpyLegacyText(line)).toBe("[0.7728, 0.5, 3, -2, 7, 0.5, (1+2j), 'abc', b'x', True, -inf, 1j]");
    expect(numpyLegacyText("{'acc': np.float64(0.9)} (np.float64(0.9), np.int64(2))")).toBe("{'acc': 0.9} (0.9, 2)");
    // a user's own object named like numpy's is not numpy's repr
    expect(numpyLegacyText('mynp.float64(3) snp.int64(2)')).toBe('mynp.float64(3) snp.int64(2)');
  });

  it("finds the author's score in numpy 2 output with the pattern written against numpy 1 output", () => {
    const text = 'accuracy np.float64(0.7728)\n{"cv": np.float64(0.81)}\nnp.float64(0.7084745762711865)';
    expect(readScore(text, String.raw`^accuracy (\d\.\d+)$`, 'first')).toEqual({ score: 0.7728, note: null });
    expect(readScore(text, String.raw`"cv": ([\d.]+)\}`, 'first')).toEqual({ score: 0.81, note: null });
    expect(readScore(text, String.raw`^(\d+\.\d+)$`, 'last')).toEqual({ score: 0.7084745762711865, note: null });
    // a pattern that captures the repr itself, or is written against numpy 2's output, still works
    expect(readScore(text, String.raw`^accuracy (.+)$`, 'first')).toEqual({ score: 0.7728, note: null });
    expect(readScore(text, String.raw`np\.float64\((0\.8\d*)\)`, 'first')).toEqual({ score: 0.81, note: null });
  });
});

describe('scoreFromOutputs', () => {
  const original = nb([
    { id: 'md', cell_type: 'markdown', source: '# x', metadata: {} },
    code('a', []),
    code('score', []),
  ]);

  it('finds the score cell by id after a fix inserted and removed cells', () => {
    const executed = nb([
      code('new', [{ output_type: 'stream', name: 'stdout', text: '0.1\n' }]),
      code('a', []),
      code('x', []),
      scoreCell,
    ]);
    expect(
      scoreFromOutputs({ cellIndex: 2, pattern: String.raw`^\s*(\d+\.\d+)`, occurrence: 'last' }, original, executed),
    ).toEqual({
      score: 0.7084745762711865,
      note: null,
    });
  });

  it('notes a removed score cell, an index outside the notebook, a markdown cell', () => {
    const executed = nb([code('a', [])]);
    expect(scoreFromOutputs({ cellIndex: 2, pattern: '(x)', occurrence: 'last' }, original, executed).note).toBe(
      'the score cell (original cell 2, id score) is no longer in the notebook',
    );
    expect(findScoreCell(original, executed, 9)).toEqual({
      note: 'the score cell index 9 is outside the original notebook (3 cells)',
    });
    expect(scoreFromOutputs({ cellIndex: 0, pattern: '(x)', occurrence: 'last' }, original, original).note).toBe(
      'the score cell 0 is a markdown cell, not a code cell',
    );
  });

  it('falls back to the index when the original has no cell ids', () => {
    const noIds = nb([code(undefined, []), code(undefined, [])]);
    const executed = nb([
      code(undefined, []),
      code(undefined, [{ output_type: 'stream', name: 'stdout', text: '42.5\n' }]),
    ]);
    expect(
      scoreFromOutputs({ cellIndex: 1, pattern: String.raw`([\d.]+)`, occurrence: 'first' }, noIds, executed).score,
    ).toBe(42.5);
  });
});
