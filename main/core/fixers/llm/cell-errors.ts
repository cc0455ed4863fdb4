// Which error a fix is about and the source line it points at, read from an execution report's cell errors.
import type { CellError } from '../../../../shared/models/execution';
import { stripAnsi } from '../../../../shared/lib/text';

/** The error the fix is about: the first one (by cell) that the author's notebook did not already have. */
export function primaryError(errors: CellError[]): CellError | null {
  const sorted = [...errors].sort((a, b) => a.cellIndex - b.cellIndex);
  return sorted.find((error) => !error.preExisting) ?? sorted[0] ?? null;
}

/** The offending line: the runtime's, else the last `---->` line of an IPython traceback. */
export function offendingLine(error: CellError): string | null {
  if (error.line) return error.line;
  const lines = stripAnsi(error.traceback.join('\n')).split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^-*>\s*\d+\s(.*)$/.exec(lines[i] ?? '');
    if (m?.[1] !== undefined) return m[1];
  }
  return null;
}
