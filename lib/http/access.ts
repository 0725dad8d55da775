// Who may use the panel (run by proxy.ts before every request), decided on facts: the socket's
// addresses (socket-facts.ts) and the token. Nothing the client writes in a header, and nothing in
// the environment but the token, can open the panel; headers can only close it further.
// - With REMORA_TOKEN set, every request needs it (an `Authorization: Bearer` header, or the cookie
//   set by visiting /?token=...), from wherever it comes.
// - Without a token, the panel answers only to this machine over loopback, whatever address it was
//   started on (`next start -H 0.0.0.0` included): reads as well as writes, since transcripts,
//   prompts and endpoints are the user's data. A request relayed by a proxy (it carries forwarding
//   headers) is not this machine's, and a loopback request under a foreign Host name is a web page
//   playing DNS rebinding: both are refused.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isLocalPeer, type PeerFacts } from './socket-facts';

export const TOKEN_COOKIE = 'remora_token';
const REACH_FROM_ELSEWHERE = 'To reach it from elsewhere, start it with REMORA_TOKEN set.';

export type AccessSettings = {
  /** REMORA_TOKEN, when set. */
  token?: string;
};

export type AccessRequest = {
  pathname: string;
  searchParams: URLSearchParams;
  /** The Host header. */
  host: string | null;
  authorization: string | null;
  cookie: string | undefined;
  /** The socket's facts as stamped by this process, or null when the request carries no valid stamp. */
  peer: PeerFacts | null;
};

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'deny'; status: 401 | 403 | 503; message: string }
  /** The token came in the query: keep it in a cookie and load the same page without it. */
  | { kind: 'grant'; cookie: string; location: string };

/** The host name of a Host header or address: "[::1]:3000" gives "::1", "Localhost:80" gives "localhost". */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']') === -1 ? undefined : trimmed.indexOf(']'));
  // A bare IPv6 address has several colons and no port.
  if (trimmed.split(':').length > 2) return trimmed;
  return trimmed.split(':')[0];
}

export function isLoopbackName(name: string): boolean {
  const host = hostName(name);
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** What the cookie holds: a digest of the token, so the token itself is not kept in the browser. */
export function tokenCookieValue(token: string): string {
  return createHash('sha256').update(`remora-panel:${token}`).digest('hex');
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearer(authorization: string | null): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  return match ? match[1].trim() : null;
}

export function decideAccess(request: AccessRequest, settings: AccessSettings): AccessDecision {
  // Liveness checks (a supervisor, the test runner) learn nothing from it.
  if (request.pathname === '/api/health') return { kind: 'allow' };
  const token = settings.token ? settings.token : undefined;
  if (!token) {
    if (request.peer === null) {
      return {
        kind: 'deny',
        status: 503,
        message: 'The panel is starting and cannot tell yet who is connecting; try again in a moment.',
      };
    }
    if (!isLocalPeer(request.peer)) {
      return {
        kind: 'deny',
        status: 403,
        message:
          'This panel has no REMORA_TOKEN, so it answers only to this machine over loopback (127.0.0.1). ' +
          REACH_FROM_ELSEWHERE,
      };
    }
    if (request.host !== null && !isLoopbackName(request.host)) {
      return {
        kind: 'deny',
        status: 403,
        message: `This panel answers only under a loopback name (127.0.0.1, localhost). ${REACH_FROM_ELSEWHERE}`,
      };
    }
    return { kind: 'allow' };
  }
  const fromQuery = request.searchParams.get('token');
  if (fromQuery !== null && sameSecret(fromQuery, token)) {
    const rest = new URLSearchParams(request.searchParams);
    rest.delete('token');
    const query = rest.toString();
    return {
      kind: 'grant',
      cookie: tokenCookieValue(token),
      location: `${request.pathname}${query ? `?${query}` : ''}`,
    };
  }
  const fromHeader = bearer(request.authorization);
  if (fromHeader !== null && sameSecret(fromHeader, token)) return { kind: 'allow' };
  if (request.cookie !== undefined && sameSecret(request.cookie, tokenCookieValue(token))) return { kind: 'allow' };
  return {
    kind: 'deny',
    status: 401,
    message: 'This panel needs its token: send Authorization: Bearer TOKEN, or open /?token=TOKEN once in the browser.',
  };
}
