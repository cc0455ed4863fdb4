// The NbreviveError a promise rejects with, so tests can assert its code and exact message.
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
