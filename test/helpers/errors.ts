// The NbreviveError a call throws or a promise rejects with, so tests can assert its code and exact message.
import { NbreviveError } from '../../shared/lib/errors';

export async function rejection(p: Promise<unknown>): Promise<NbreviveError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof NbreviveError) return e;
    throw e;
  }
  throw new Error('expected the promise to reject with an NbreviveError');
}

/** The NbreviveError `fn` throws; any other error is thrown on, and no error at all fails the test. */
export function thrown(fn: () => unknown): NbreviveError {
  try {
    fn();
  } catch (e) {
    if (e instanceof NbreviveError) return e;
    throw e;
  }
  throw new Error('expected the call to throw an NbreviveError');
}
