import { describe, expect, it } from 'vitest';
import { decideAccess, hostName, isLoopbackName, tokenCookieValue, type AccessRequest } from './access';

function visit(path: string, headers: { host?: string | null; authorization?: string; cookie?: string } = {}): AccessRequest {
  const url = new URL(path, 'http://panel');
  return {
    pathname: url.pathname,
    searchParams: url.searchParams,
    host: headers.host === undefined ? '127.0.0.1:3000' : headers.host,
    authorization: headers.authorization ?? null,
    cookie: headers.cookie,
  };
}

describe('host names', () => {
  it('finds the name in a Host header and knows loopback ones', () => {
    expect(hostName('[::1]:3000')).toBe('::1');
    expect(hostName('Localhost:80')).toBe('localhost');
    expect(hostName('::1')).toBe('::1');
    for (const host of ['127.0.0.1', '127.0.0.1:3000', '127.1.2.3', 'localhost', 'panel.localhost:3000', '[::1]:3000']) expect(isLoopbackName(host), host).toBe(true);
    for (const host of ['0.0.0.0', '192.168.1.5:3000', 'evil.example', '127.0.0.1.evil.example', 'localhost.evil.example']) expect(isLoopbackName(host), host).toBe(false);
  });
});

describe('decideAccess on loopback, without a token', () => {
  const settings = { bindHost: '127.0.0.1' };
  it('lets this machine in under a loopback name only (DNS rebinding)', () => {
    expect(decideAccess(visit('/api/agents'), settings)).toEqual({ kind: 'allow' });
    expect(decideAccess(visit('/', { host: 'localhost:3000' }), {})).toEqual({ kind: 'allow' });
    expect(decideAccess(visit('/api/agents', { host: 'evil.example:3000' }), settings)).toMatchObject({ kind: 'deny', status: 403 });
  });

  it('refuses to serve on another address without a token', () => {
    expect(decideAccess(visit('/'), { bindHost: '0.0.0.0' })).toMatchObject({ kind: 'deny', status: 503 });
    expect(decideAccess(visit('/api/health'), { bindHost: '0.0.0.0' })).toEqual({ kind: 'allow' });
  });
});

describe('decideAccess with a token', () => {
  const settings = { bindHost: '0.0.0.0', token: 's3cret-token' };
  it('wants the token as a bearer header or the cookie', () => {
    expect(decideAccess(visit('/api/agents', { host: '192.168.1.5:3000' }), settings)).toMatchObject({ kind: 'deny', status: 401 });
    expect(decideAccess(visit('/api/agents', { host: '192.168.1.5:3000', authorization: 'Bearer s3cret-token' }), settings)).toEqual({ kind: 'allow' });
    expect(decideAccess(visit('/api/agents', { authorization: 'Bearer s3cret-tokem' }), settings)).toMatchObject({ kind: 'deny', status: 401 });
    expect(decideAccess(visit('/', { cookie: tokenCookieValue('s3cret-token') }), settings)).toEqual({ kind: 'allow' });
    // The cookie holds a digest: the token itself in the cookie is not accepted.
    expect(decideAccess(visit('/', { cookie: 's3cret-token' }), settings)).toMatchObject({ kind: 'deny' });
    expect(decideAccess(visit('/api/health'), settings)).toEqual({ kind: 'allow' });
  });

  it('turns ?token= into the cookie and the same page without it', () => {
    expect(decideAccess(visit('/experiments/x?token=s3cret-token&page=2'), settings)).toEqual({ kind: 'grant', cookie: tokenCookieValue('s3cret-token'), location: '/experiments/x?page=2' });
    expect(decideAccess(visit('/?token=s3cret-token'), settings)).toMatchObject({ kind: 'grant', location: '/' });
    expect(decideAccess(visit('/?token=guess'), settings)).toMatchObject({ kind: 'deny', status: 401 });
  });

  it('also applies on loopback when a token is set', () => {
    expect(decideAccess(visit('/api/agents'), { bindHost: '127.0.0.1', token: 't' })).toMatchObject({ kind: 'deny', status: 401 });
    expect(tokenCookieValue('a')).not.toBe(tokenCookieValue('b'));
  });
});
