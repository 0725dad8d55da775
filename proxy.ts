// Runs before every request (Next 16's proxy, formerly middleware): access rules in lib/http/access.ts.
import { NextResponse, type NextRequest } from 'next/server';
import { TOKEN_COOKIE, decideAccess } from './lib/http/access';

export function proxy(request: NextRequest) {
  const decision = decideAccess(
    {
      pathname: request.nextUrl.pathname,
      searchParams: request.nextUrl.searchParams,
      host: request.headers.get('host'),
      authorization: request.headers.get('authorization'),
      cookie: request.cookies.get(TOKEN_COOKIE)?.value,
    },
    { bindHost: process.env.HOST, token: process.env.REMORA_TOKEN },
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
  if (request.nextUrl.pathname.startsWith('/api/')) return NextResponse.json({ error: decision.message }, { status: decision.status });
  return new NextResponse(decision.message, { status: decision.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

export const config = {
  // Static build files carry no data; everything else (pages and API) is checked.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
