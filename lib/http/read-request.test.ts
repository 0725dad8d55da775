import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputError } from '../errors';
import { HttpError } from './errors';
import { IdParams, MAX_BODY_BYTES, readJsonBody, readParams, readQuery } from './read-request';

const Body = z.object({ name: z.string().min(1), count: z.number().int().positive() }).strict();

function post(body: string, type = 'application/json', headers: Record<string, string> = {}) {
  return new Request('http://127.0.0.1/api/things', {
    method: 'POST',
    headers: { 'content-type': type, ...headers },
    body,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('readJsonBody', () => {
  it('returns the checked body', async () => {
    expect(await readJsonBody(post('{"name":"a","count":2}', 'application/json; charset=utf-8'), Body)).toEqual({
      name: 'a',
      count: 2,
    });
  });

  it('lists every reason of a body that does not fit, one per field', async () => {
    const error = (await failure(readJsonBody(post('{"name":"","count":1.5,"extra":true}'), Body))) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe('invalid request');
    expect(error.problems).toHaveLength(3);
    expect(error.problems[0]).toMatch(/^name: /);
    expect(error.problems[1]).toMatch(/^count: /);
    expect(error.problems[2]).toMatch(/extra/);
  });

  it('refuses text that is not JSON, other media types, and bodies too large', async () => {
    const broken = (await failure(readJsonBody(post('{"name": '), Body))) as InputError;
    expect(broken.message).toBe('the body is not valid JSON');
    expect(broken.problems).toHaveLength(1);
    const form = (await failure(readJsonBody(post('name=a', 'application/x-www-form-urlencoded'), Body))) as HttpError;
    expect(form.status).toBe(415);
    const declared = (await failure(
      readJsonBody(post('{}', 'application/json', { 'content-length': String(MAX_BODY_BYTES + 1) }), Body),
    )) as HttpError;
    expect(declared.status).toBe(413);
    const large = (await failure(
      readJsonBody(post(JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), count: 1 })), Body),
    )) as HttpError;
    expect(large.status).toBe(413);
  });
});

describe('readQuery and readParams', () => {
  const Query = z
    .object({ variant: z.string().optional(), limit: z.coerce.number().int().min(1).default(50) })
    .strict();

  it('reads parameters, with an empty value counting as absent', () => {
    expect(readQuery(new Request('http://127.0.0.1/x?variant=&limit=5'), Query)).toEqual({ limit: 5 });
    expect(readQuery(new Request('http://127.0.0.1/x?variant=b'), Query)).toEqual({ variant: 'b', limit: 50 });
    const error = (() => {
      try {
        readQuery(new Request('http://127.0.0.1/x?limit=0&other=1'), Query);
      } catch (caught) {
        return caught as InputError;
      }
      return null;
    })();
    expect(error?.message).toBe('invalid query parameters');
    expect(error?.problems).toHaveLength(2);
  });

  it('reads route parameters given as a promise', async () => {
    expect(await readParams(Promise.resolve({ id: 'abc' }), IdParams)).toEqual({ id: 'abc' });
    expect(await failure(readParams(Promise.resolve({ id: '' }), IdParams))).toBeInstanceOf(InputError);
  });
});
