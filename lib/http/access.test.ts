import { describe, expect, it } from 'vitest';
import { decideAccess, hostName, isLoopbackName, tokenCookieValue, type AccessRequest } from './access';
import type { PeerFacts } from './socket-facts';

const LOOPBACK: PeerFacts = { remoteAddress: '127.0.0.1', localAddress: '127.0.0.1', forwarded: false };
const NETWORK: PeerFacts = { remoteAddress: '192.168.1.7', localAddress: '192.168.1.5', forwarded: false };

type Visit = { host?: string | null; authorization?: string; cookie?: string; peer?: PeerFacts | null };

function visit(path: string, headers: Visit = {}): AccessRequest {
  const url = new URL(path, 'http://panel');
  return {
    pathname: url.pathname,
    searchParams: url.searchParams,
    host: headers.host === undefined ? '127.0.0.1:3000' : headers.host,
    authorization: headers.authorization ?? null,
    cookie: headers.cookie,
    peer: headers.peer === undefined ? LOOPBACK : headers.peer,
  };
}

describe('host names', () => {
  it('finds the name in a Host header and knows loopback ones', () => {
    expect(hostName('[::1]:3000')).toBe('::1');
    expect(hostName('Localhost:80')).toBe('localhost');
    expect(hostName('::1')).toBe('::1');
    for (const host of ['127.0.0.1', '127.0.0.1:3000', '127.1.2.3', 'localhost', 'panel.localhost:3000', '[::1]:3000'])
      expect(isLoopbackName(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '192.168.1.5:3000',
      'evil.example',
      '127.0.0.1.evil.example',
      'localhost.evil.example',
    ])
      expect(isLoopbackName(host), host).toBe(false);
  });
});

describe('decideAccess without a token', () => {
  it('lets this machine in over loopback, under a loopback name only (DNS rebinding)', () => {
    expect(decideAccess(visit('/api/agents'), {})).toEqual({ kind: 'allow' });
    expect(decideAccess(visit('/', { host: 'localhost:3000' }), {})).toEqual({ kind: 'allow' });
    expect(
      decideAccess(
        visit('/', { peer: { remoteAddress: '::ffff:127.0.0.1', localAddress: '::ffff:127.0.0.1', forwarded: false } }),
        {},
      ),
    ).toEqual({ kind: 'allow' });
    expect(decideAccess(visit('/api/agents', { host: 'evil.example:3000' }), {})).toMatchObject({
      kind: 'deny',
      status: 403,
    });
  });

  it('refuses a peer on the network, reads and writes alike, whatever Host it sends', () => {
    for (const path of ['/', '/api/agents', '/api/experiments']) {
      expect(decideAccess(visit(path, { peer: NETWORK }), {})).toMatchObject({
        kind: 'deny',
        status: 403,
        message: expect.stringMatching(/REMORA_TOKEN/),
      });
      expect(decideAccess(visit(path, { peer: NETWORK, host: 'localhost' }), {})).toMatchObject({
        kind: 'deny',
        status: 403,
      });
    }
    expect(decideAccess(visit('/api/health', { peer: NETWORK }), {})).toEqual({ kind: 'allow' });
  });

  it('refuses what a proxy on this machine relays, and requests with no stamp from this process', () => {
    expect(decideAccess(visit('/api/agents', { peer: { ...LOOPBACK, forwarded: true } }), {})).toMatchObject({
      kind: 'deny',
      status: 403,
    });
    expect(
      decideAccess(visit('/api/agents', { peer: { ...LOOPBACK, localAddress: '192.168.1.5' } }), {}),
    ).toMatchObject({ kind: 'deny', status: 403 });
    expect(decideAccess(visit('/api/agents', { peer: null }), {})).toMatchObject({ kind: 'deny', status: 503 });
  });
});

describe('decideAccess with a token', () => {
  const settings = { token: 's3cret-token' };
  it('wants the token as a bearer header or the cookie', () => {
    expect(decideAccess(visit('/api/agents', { host: '192.168.1.5:3000', peer: NETWORK }), settings)).toMatchObject({
      kind: 'deny',
      status: 401,
    });
    expect(
      decideAccess(
        visit('/api/agents', { host: '192.168.1.5:3000', peer: NETWORK, authorization: 'Bearer s3cret-token' }),
        settings,
      ),
    ).toEqual({ kind: 'allow' });
    expect(decideAccess(visit('/api/agents', { authorization: 'Bearer s3cret-tokem' }), settings)).toMatchObject({
      kind: 'deny',
      status: 401,
    });
    expect(decideAccess(visit('/', { cookie: tokenCookieValue('s3cret-token') }), settings)).toEqual({ kind: 'allow' });
    // The cookie holds a digest: the token itself in the cookie is not accepted.
    expect(decideAccess(visit('/', { cookie: 's3cret-token' }), settings)).toMatchObject({ kind: 'deny' });
    expect(decideAccess(visit('/api/health'), settings)).toEqual({ kind: 'allow' });
  });

  it('turns ?token= into the cookie and the same page without it', () => {
    expect(decideAccess(visit('/experiments/x?token=s3cret-token&page=2'), settings)).toEqual({
      kind: 'grant',
      cookie: tokenCookieValue('s3cret-token'),
      location: '/experiments/x?page=2',
    });
    expect(decideAccess(visit('/?token=s3cret-token'), settings)).toMatchObject({ kind: 'grant', location: '/' });
    expect(decideAccess(visit('/?token=guess'), settings)).toMatchObject({ kind: 'deny', status: 401 });
  });

  it('also applies on loopback when a token is set', () => {
    expect(decideAccess(visit('/api/agents'), { token: 't' })).toMatchObject({ kind: 'deny', status: 401 });
    expect(tokenCookieValue('a')).not.toBe(tokenCookieValue('b'));
  });
});
