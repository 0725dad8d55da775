import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors';
import { apiRoute, checkSameOrigin, json } from './api-route';

function request(method: string, headers: Record<string, string>) {
  return new Request('http://127.0.0.1:3000/api/experiments', { method, headers });
}

describe('apiRoute', () => {
  const echo = apiRoute(async (incoming: Request, context: { params: Promise<{ id: string }> }) => json({ method: incoming.method, id: (await context.params).id }, 201));
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
    expect((await echo(request('GET', { host: '127.0.0.1:3000', origin: 'http://evil.example' }), context)).status).toBe(201);
    // Clients that are not browsers send no Origin.
    expect((await echo(request('POST', { host: '127.0.0.1:3000' }), context)).status).toBe(201);
    expect(() => checkSameOrigin(request('DELETE', { host: 'localhost:3000', origin: 'http://localhost:3000' }))).not.toThrow();
  });

  it('maps what the handler throws', async () => {
    const missing = apiRoute(async () => {
      throw new NotFoundError('no experiment with id x');
    });
    const response = await missing(request('GET', {}), {});
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'no experiment with id x' });
    const logged: string[] = [];
    const broken = apiRoute(() => {
      throw new TypeError('cannot read properties of undefined');
    }, (line) => logged.push(line));
    const failed = await broken(request('GET', {}), {});
    expect(failed.status).toBe(500);
    expect(JSON.stringify(await failed.json())).not.toContain('undefined');
    expect(logged[0]).toContain('TypeError: cannot read properties of undefined');
  });
});
