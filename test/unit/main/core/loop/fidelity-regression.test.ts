// The fidelity regression check: a fix that breaks outputs of cells it did not edit is flagged (only same →
// different / new error / output missing / numbers beyond τ), and the iterations its failed version produced are
// set aside. Fidelity comes from the real comparison (compareOutputs) of notebooks written here.
import { describe, expect, it } from 'vitest';
import { compareOutputs } from '../../../../../main/core/fidelity/compare';
import {
  acceptedIterations,
  describeRegression,
  fidelityRegression,
  producedByRejectedFix,
} from '../../../../../main/core/loop/fidelity-regression';
import type { Fix } from '../../../../../shared/models/loop';
import type { Cell, Notebook, Output } from '../../../../../shared/models/notebook';

const out = (text: string): Output => ({ output_type: 'stream', name: 'stdout', text: [text] });
const err = (ename: string): Output => ({ output_type: 'error', ename, evalue: 'x', traceback: [] });

function code(id: string, source: string, outputs: Output[]): Cell {
  return { id, cell_type: 'code', source, metadata: {}, outputs, execution_count: 1 };
}
function nb(cells: Cell[]): Notebook {
  return { nbformat: 4, nbformat_minor: 5, metadata: {}, cells };
}

// the author's notebook: a setup cell, a model, two printed results
const original = nb([
  { id: 'md', cell_type: 'markdown', source: '# t', metadata: {} },
  code('load', 'df = load()', [out('rows: 150\n')]),
  code('fit', 'model.fit(X, y)', [out('fitted\n')]),
  code('acc', 'print(acc)', [out('accuracy: 0.9533\n')]),
  code('cm', 'print(cm)', [out('[[50 0 0]\n [0 47 3]\n [0 4 46]]\n')]),
]);

function executed(outputs: Record<string, Output[]>): Notebook {
  return nb(
    original.cells.map((c) =>
      c.cell_type === 'code' && c.id && outputs[c.id] ? { ...c, outputs: outputs[c.id]! } : c,
    ),
  );
}
const same = {
  load: [out('rows: 150\n')],
  fit: [out('fitted\n')],
  acc: [out('accuracy: 0.9533\n')],
  cm: [out('[[50 0 0]\n [0 47 3]\n [0 4 46]]\n')],
};
const fixOf = (cellIndex: number): Pick<Fix, 'edits'> => ({ edits: [{ cellIndex, source: 'edited' }] });

describe('fidelityRegression', () => {
  const before = compareOutputs(original, executed(same));

  it('flags a cell the fix did not edit that no longer prints what the author saw', () => {
    const after = compareOutputs(
      original,
      executed({ ...same, cm: [out('[[50 0 0]\n [0 30 20]\n [0 25 25]]\nother\n')] }),
    );
    const cells = fidelityRegression(before, after, fixOf(2), original, 0.1);
    expect(cells.map((c) => [c.cellIndex, c.cellId, c.before])).toEqual([[4, 'cm', 'same']]);
    expect(['different', 'numbers-drifted']).toContain(cells[0]!.after);
    expect(describeRegression(cells)).toMatch(/^cell 4 \(/);
  });

  it('flags a new error and a lost output in untouched cells', () => {
    const after = compareOutputs(original, executed({ ...same, acc: [err('ValueError')], cm: [] }));
    const cells = fidelityRegression(before, after, fixOf(1), original, 0.1);
    expect(cells.map((c) => [c.cellIndex, c.after])).toEqual([
      [3, 'new-error'],
      [4, 'output-missing'],
    ]);
  });

  it('never holds the cells the fix edited against it', () => {
    const after = compareOutputs(original, executed({ ...same, fit: [out('fitted with a warning gone\n')] }));
    expect(fidelityRegression(before, after, fixOf(2), original, 0.1)).toEqual([]);
    expect(fidelityRegression(before, after, fixOf(1), original, 0.1).map((c) => c.cellIndex)).toEqual([2]);
  });

  it('numbers that drifted within τ do not count; beyond τ they do', () => {
    const within = compareOutputs(original, executed({ ...same, acc: [out('accuracy: 0.9400\n')] }));
    expect(within.cells.find((c) => c.cellId === 'acc')?.verdict).toBe('numbers-drifted');
    expect(fidelityRegression(before, within, fixOf(2), original, 0.1)).toEqual([]);
    const beyond = compareOutputs(original, executed({ ...same, acc: [out('accuracy: 0.5000\n')] }));
    expect(fidelityRegression(before, beyond, fixOf(2), original, 0.1).map((c) => [c.cellIndex, c.after])).toEqual([
      [3, 'numbers-drifted'],
    ]);
  });

  it('cells that were not the same before, or are not comparable now, never count', () => {
    const broken = compareOutputs(original, executed({ ...same, acc: [err('NameError')] }));
    const fixed = compareOutputs(original, executed({ ...same, acc: [out('accuracy: 0.1\n')] }));
    expect(fidelityRegression(broken, fixed, fixOf(2), original, 0.1)).toEqual([]);
    // randomness never seeded: the comparison marks the changed cell not comparable
    const random = nb([
      code('r', 'import numpy as np\nprint(np.random.rand())', [out('0.123\n')]),
      code('s', 'print(1)', [out('1\n')]),
    ]);
    const r0 = compareOutputs(random, nb([random.cells[0]!, random.cells[1]!]));
    const r1 = compareOutputs(
      random,
      nb([{ ...(random.cells[0] as Cell), outputs: [out('0.987\n')] }, random.cells[1]!]),
    );
    expect(r1.cells[0]?.verdict).toBe('not-comparable');
    expect(fidelityRegression(r0, r1, fixOf(1), random, 0.1)).toEqual([]);
  });

  it('is empty when either side was not measured', () => {
    expect(fidelityRegression(null, before, fixOf(1), original, 0.1)).toEqual([]);
    expect(fidelityRegression(before, null, fixOf(1), original, 0.1)).toEqual([]);
  });
});

describe('acceptedIterations', () => {
  const flagged = {
    edits: [],
    fidelityRegression: {
      cells: [{ cellIndex: 4, cellId: 'cm', before: 'same' as const, after: 'different' as const, reason: 'x' }],
      soleReason: true,
    },
  };
  it('sets aside the version a fix failed for a regression produced, and only while it is failed', () => {
    const its = [
      { index: 0, fix: flagged as unknown as Fix, fixFailed: true },
      { index: 1, fix: null, fixFailed: false },
      { index: 2, fix: null, fixFailed: false },
    ];
    expect(acceptedIterations(its).map((i) => i.index)).toEqual([0, 2]);
    expect(producedByRejectedFix(its[0])).toBe(true);
    const takenBack = [{ ...its[0]!, fixFailed: false }, its[1]!, its[2]!];
    expect(acceptedIterations(takenBack).map((i) => i.index)).toEqual([0, 1, 2]);
    // failed for another reason, without a regression: not set aside (the ranking decides, as before)
    expect(
      acceptedIterations([{ index: 0, fix: { edits: [] } as unknown as Fix, fixFailed: true }, its[1]!]).length,
    ).toBe(2);
  });
});
