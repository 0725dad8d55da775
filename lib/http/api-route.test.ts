import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotFoundError } from '../errors';
import { apiRoute, checkingResponses, checkSameOrigin, json } from './api-route';

function request(method: string, headers: Record<string, string>) {
  return new Request('http://127.0.0.1:3000/api/experiments', { method, headers });
}

describe('apiRoute', () => {
  const echo = apiRoute(async (incoming: Request, context: { params: Promise<{ id: string }> }) =>
    json({ method: incoming.method, id: (await context.params).id }, 201),
  );
  const context = { params: Promise.resolve({ id: 'e1' }) };

  it('passes the request and its context through', async () => {
    const response = await echo(request('POST', { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }), context);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ method: 'POST', id: 'e1' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses writes from another site, not reads', async () => {
    const refused = await echo(request('POST', { host: '127.0.0.1:3000', origin: 'http://evil.example' }), context);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'cross-site requests are refused' });
    expect((await echo(request('POST', { host: '127.0.0.1:3000', origin: 'null' }), context)).status).toBe(403);
    expect(
      (await echo(request('GET', { host: '127.0.0.1:3000', origin: 'http://evil.example' }), context)).status,
    ).toBe(201);
    // Clients that are not browsers send no Origin.
    expect((await echo(request('POST', { host: '127.0.0.1:3000' }), context)).status).toBe(201);
    expect(() =>
      checkSameOrigin(request('DELETE', { host: 'localhost:3000', origin: 'http://localhost:3000' })),
    ).not.toThrow();
  });

  it('maps what the handler throws', async () => {
    const missing = apiRoute(async () => {
      throw new NotFoundError('no experiment with id x');
    });
    const response = await missing(request('GET', {}), {});
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'no experiment with id x' });
    const logged: string[] = [];
    const broken = apiRoute(
      () => {
        throw new TypeError('cannot read properties of undefined');
      },
      { log: (line) => logged.push(line) },
    );
    const failed = await broken(request('GET', {}), {});
    expect(failed.status).toBe(500);
    expect(JSON.stringify(await failed.json())).not.toContain('undefined');
    expect(logged[0]).toContain('TypeError: cannot read properties of undefined');
  });
});

describe('the response schema check', () => {
  const Answer = z.strictObject({ id: z.string(), count: z.number().int() });
  const answering = (body: unknown, status = 200) =>
    apiRoute(() => json(body, status), { response: Answer, checkResponses: true, log: () => {} });

  it('lets an answer that matches its schema through unchanged', async () => {
    const response = await answering({ id: 'e1', count: 3 })(request('GET', {}), {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'e1', count: 3 });
  });

  it('turns an answer that drifted from its schema into a logged 500 naming the field', async () => {
    const logged: string[] = [];
    const drifted = apiRoute(() => json({ id: 'e1', count: 'three' }), {
      response: Answer,
      checkResponses: true,
      log: (line) => logged.push(line),
    });
    const response = await drifted(request('GET', {}), {});
    expect(response.status).toBe(500);
    expect(logged[0]).toMatch(/the answer to GET \/api\/experiments does not match its response schema:\n {2}count: /);
    // An extra field breaks a strict schema too: clients would not know it.
    expect((await answering({ id: 'e1', count: 3, extra: true })(request('GET', {}), {})).status).toBe(500);
  });

  it('checks only successful JSON answers, and only when asked', async () => {
    expect((await answering({ error: 'refused' }, 400)(request('GET', {}), {})).status).toBe(400);
    const unchecked = apiRoute(() => json({ wrong: true }), { response: Answer, checkResponses: false });
    expect((await unchecked(request('GET', {}), {})).status).toBe(200);
    const file = apiRoute(() => new Response('a,b\n', { headers: { 'content-type': 'text/csv' } }), {
      response: Answer,
      checkResponses: true,
    });
    expect((await file(request('GET', {}), {})).status).toBe(200);
  });

  it('is on by default outside production (vitest runs with NODE_ENV=test)', () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    expect(checkingResponses()).toBe(true);
  });
});
