import { RemoraError } from '../errors';

/**
 * The command line's exit code for a failure: 2 when the user can fix it (their input, their setup, a server), 1 for a
 * bug.
 */
export function exitCodeFor(error: unknown): 1 | 2 {
  return RemoraError.is(error) && error.fault !== 'bug' ? 2 : 1;
}
