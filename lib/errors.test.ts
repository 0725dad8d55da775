import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  ExperimentConflictError,
  InputError,
  NotFoundError,
  RemoraError,
  ServerError,
} from './errors';
import { exitCodeFor } from './cli/exit-code';
import { HttpError } from './http/errors';

describe('RemoraError.is', () => {
  it('recognises an error built by another copy of the module, as another Next bundle builds it', async () => {
    // A query makes vite load a second instance of the module, as a second bundle would hold one.
    const copy: typeof import('./errors') = await import(/* @vite-ignore */ `./errors?${'another-bundle'}`);
    const error = new copy.NotFoundError('no experiment x');
    // A separate copy indeed: instanceof fails across it.
    expect(error instanceof NotFoundError).toBe(false);
    expect(NotFoundError.is(error)).toBe(true);
    expect(RemoraError.is(error)).toBe(true);
    expect(InputError.is(error)).toBe(false);
    expect(copy.NotFoundError.is(new NotFoundError('x'))).toBe(true);
  });

  it('holds for a class and the classes above it, not for siblings', () => {
    const refused = new HttpError(413, 'too large');
    expect(HttpError.is(refused)).toBe(true);
    expect(RemoraError.is(refused)).toBe(true);
    expect(InputError.is(refused)).toBe(false);
    expect(ExperimentConflictError.is(new ExperimentConflictError('taken'))).toBe(true);
    expect(ServerError.is(new ConfigurationError('bad'))).toBe(false);
  });

  it('is false for anything else, including look-alikes', () => {
    for (const value of [
      null,
      undefined,
      'NotFoundError',
      42,
      new Error('x'),
      { name: 'NotFoundError', fault: 'input', message: 'x' },
    ]) {
      expect(RemoraError.is(value)).toBe(false);
      expect(NotFoundError.is(value)).toBe(false);
    }
  });

  it('keeps the class name as the error name', () => {
    expect(new NotFoundError('x').name).toBe('NotFoundError');
    expect(new HttpError(400, 'x').name).toBe('HttpError');
  });
});

describe('exitCodeFor', () => {
  it('is 2 for what the user can fix and 1 for a bug', () => {
    expect(exitCodeFor(new InputError('bad flag'))).toBe(2);
    expect(exitCodeFor(new ConfigurationError('bad agent'))).toBe(2);
    expect(exitCodeFor(new ServerError('503', { retryable: true }))).toBe(2);
    expect(exitCodeFor(new RemoraError('bug', 'broken invariant'))).toBe(1);
    expect(exitCodeFor(new TypeError('x is undefined'))).toBe(1);
    expect(exitCodeFor('thrown text')).toBe(1);
  });
});
