// Runs before every request (Next 16's proxy, formerly middleware, in the server's Node.js process):
// access rules in lib/http/access.ts, on the socket facts stamped by lib/http/socket-facts.ts.
import { NextResponse, type NextRequest } from 'next/server';
import { TOKEN_COOKIE, decideAccess } from './lib/http/access';
import { PEER_HEADER, readSocketFacts } from './lib/http/socket-facts';
import { config as remoraConfig } from './lib/config';

// A page that reloads itself after a second, for a browser that came while the server starts.
const WAIT_PAGE_HEAD = '<!doctype html><meta http-equiv="refresh" content="1"><title>Remora</title>';

export function proxy(request: NextRequest) {
  const decision = decideAccess(
    {
      pathname: request.nextUrl.pathname,
      searchParams: request.nextUrl.searchParams,
      host: request.headers.get('host'),
      authorization: request.headers.get('authorization'),
      cookie: request.cookies.get(TOKEN_COOKIE)?.value,
      peer: readSocketFacts(request.headers.get(PEER_HEADER)),
    },
    { token: remoraConfig().token },
  );
  if (decision.kind === 'allow') return NextResponse.next();
  if (decision.kind === 'grant') {
    const response = NextResponse.redirect(new URL(decision.location, request.url), 303);
    response.cookies.set(TOKEN_COOKIE, decision.cookie, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: request.nextUrl.protocol === 'https:',
    });
    return response;
  }
  // 503 only while the server starts (a request that came before the socket hook): try again soon.
  const retry: Record<string, string> = decision.status === 503 ? { 'retry-after': '1' } : {};
  if (request.nextUrl.pathname.startsWith('/api/'))
    return NextResponse.json({ error: decision.message }, { status: decision.status, headers: retry });
  if (decision.status === 503) {
    const page = `${WAIT_PAGE_HEAD}<p>${decision.message}</p>`;
    return new NextResponse(page, { status: 503, headers: { ...retry, 'content-type': 'text/html; charset=utf-8' } });
  }
  return new NextResponse(decision.message, {
    status: decision.status,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

export const config = {
  // Static build files carry no data; everything else (pages and API) is checked.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
