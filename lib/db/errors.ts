import { RemoraError } from '../errors';

/** A conversation that could not be stored, and why. */
export type StorageFailure = { experimentId: string; variantIndex: number; slot: number; cause: unknown };

/**
 * Writing to the database failed. Rows that break a constraint are the harness's own fault (a bug);
 * a busy or full database is reported the same way, with the driver's error kept as `cause`.
 */
export class StorageError extends RemoraError {
  static readonly code = 'StorageError';
  readonly failures: StorageFailure[];
  constructor(message: string, failures: StorageFailure[] = [], options?: { cause?: unknown }) {
    super('bug', message, options);
    this.failures = failures;
  }

  /** One error that reports both, so that neither hides the other. */
  static combine(first: StorageError, second: StorageError): StorageError {
    return new StorageError(`${first.message}; ${second.message}`, [...first.failures, ...second.failures], {
      cause: first,
    });
  }
}
