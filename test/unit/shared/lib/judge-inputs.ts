// What the judge's tests give it: cell errors, execution reports, the target they are judged against.
import { expect } from 'vitest';
import { judge, type JudgeInput } from '../../../../shared/lib/judge';
import type { CellError, ExecutionReport } from '../../../../shared/models/execution';
import { VerdictSchema } from '../../../../shared/models/loop';

export function cellError(cellIndex: number, ename: string, extra: Partial<CellError> = {}): CellError {
  return {
    cellIndex,
    cellId: `c${cellIndex}`,
    ename,
    evalue: 'x',
    traceback: [],
    line: null,
    preExisting: false,
    ...extra,
  };
}

export function report(over: Partial<ExecutionReport> = {}): JudgeInput['report'] {
  const scores = over.scores ?? [];
  return {
    status: 'ok',
    errors: [],
    scores,
    score: over.score ?? scores[0] ?? null,
    scoreNote: null,
    timeoutMs: 600_000,
    message: null,
    ...over,
  };
}

export const target = { value: 0.7085 };

export function verdictOf(input: Partial<JudgeInput> & { report: JudgeInput['report'] }) {
  const v = judge({ target, scoreSpecKind: 'output', ...input });
  expect(VerdictSchema.parse(v)).toEqual(v);
  return v;
}
