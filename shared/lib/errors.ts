// Typed errors a user can meet. Each has a stable `code` (for the API and the CLI's exit reasons) and a message
// that says what is wrong and what to do about it.
export type ErrorCode =
  | 'not-json'
  | 'not-a-notebook'
  | 'unsupported-nbformat'
  | 'binary-file'
  | 'file-too-large'
  | 'file-not-found'
  | 'invalid-case'
  | 'data-missing'
  | 'runtime-unavailable'
  | 'docker-unavailable'
  | 'image-missing'
  | 'llm-error'
  | 'budget-exceeded'
  | 'disk-full'
  | 'db-read-only'
  | 'db-newer-schema'
  | 'db-corrupt'
  | 'db-busy'
  | 'not-found'
  | 'invalid-request'
  | 'cancelled'
  | 'internal';

export class NbreviveError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'NbreviveError';
  }
}

export function isNbreviveError(e: unknown): e is NbreviveError {
  return e instanceof NbreviveError;
}

/** `{code, message}` for any thrown value: what crosses process boundaries. */
export function toErrorInfo(e: unknown): { code: ErrorCode; message: string } {
  if (e instanceof NbreviveError) return { code: e.code, message: e.message };
  const message = e instanceof Error ? e.message : String(e);
  const code = /ENOSPC/.test(message) ? 'disk-full' : 'internal';
  return {
    code,
    message: code === 'disk-full' ? `the disk is full: ${message}; free some space and resume the job` : message,
  };
}
