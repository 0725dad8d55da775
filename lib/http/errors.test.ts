import { describe, expect, it } from 'vitest';
import { ConfigurationError, InputError, NotFoundError, RemoraError, ServerError } from '../errors';
import { ExperimentConflictError } from '../errors';
import { HttpError, errorResponse } from './errors';

async function answer(error: unknown) {
  const logged: string[] = [];
  const response = errorResponse(error, (line) => logged.push(line));
  return { status: response.status, body: await response.json(), logged, cache: response.headers.get('cache-control') };
}

describe('errorResponse', () => {
  it('maps the project errors to their status, with the reasons of a bad request', async () => {
    expect(
      await answer(new InputError('invalid request', ['agent: required', 'requestsPerVariant: too small'])),
    ).toEqual({
      status: 400,
      body: { error: 'invalid request', reasons: ['agent: required', 'requestsPerVariant: too small'] },
      logged: [],
      cache: 'no-store',
    });
    expect(await answer(new NotFoundError('no experiment with id x'))).toMatchObject({
      status: 404,
      body: { error: 'no experiment with id x' },
      logged: [],
    });
    expect(await answer(new ExperimentConflictError('experiment x is already completed'))).toMatchObject({
      status: 409,
      body: { error: 'experiment x is already completed' },
    });
    expect(await answer(new HttpError(415, 'send JSON'))).toMatchObject({ status: 415, body: { error: 'send JSON' } });
    expect(await answer(new ServerError('HTTP 503', { retryable: true }))).toMatchObject({
      status: 502,
      body: { error: 'the model server failed: HTTP 503' },
    });
  });

  it('answers a bug with 500 and a reference, and logs the stack, never sending it', async () => {
    const secret = new Error('SQLITE_ERROR near "select": /home/someone/data/remora.db');
    const { status, body, logged } = await answer(secret);
    expect(status).toBe(500);
    expect(body.error).toBe('internal error; see the server log');
    expect(body.reference).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(body)).not.toContain('SQLITE');
    expect(JSON.stringify(body)).not.toContain('/home/someone');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`reference ${body.reference}`);
    expect(logged[0]).toContain('SQLITE_ERROR');
    expect(logged[0]).toContain('errors.test.ts');
    expect((await answer('a thrown string')).status).toBe(500);
    expect((await answer(new RemoraError('bug', 'invariant broken'))).body).not.toHaveProperty('reasons');
  });

  it('keeps the operator’s configuration problems in the log', async () => {
    const { status, body, logged } = await answer(
      new ConfigurationError('Cannot open the database /srv/x.db', ['disk full']),
    );
    expect(status).toBe(503);
    expect(JSON.stringify(body)).not.toContain('/srv/x.db');
    expect(logged[0]).toContain('/srv/x.db');
    expect(logged[0]).toContain('- disk full');
  });

  it('recognises a project error built by another bundle by its fault', async () => {
    // What instanceof cannot see: the same class from another copy of lib/errors.
    const copy: typeof import('../errors') = await import(/* @vite-ignore */ `../errors?${'another-bundle'}`);
    const foreign = new copy.ConfigurationError('the simulator could not start');
    expect((await answer(foreign)).status).toBe(503);
    const server = new copy.ServerError('HTTP 500 from upstream', { retryable: false });
    expect(await answer(server)).toMatchObject({
      status: 502,
      body: { error: 'the model server failed: HTTP 500 from upstream' },
    });
    const input = new copy.RemoraError('input', 'no experiment with id x');
    expect((await answer(input)).status).toBe(500);
  });
});
