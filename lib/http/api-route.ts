// The wrapper every route handler goes through: refuses cross-site writes, turns thrown errors into
// responses (errors.ts), and marks answers as not cacheable (they change while experiments run).
import { HttpError, errorResponse, type ErrorLogger } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write from a page of another site (its Origin names another host) is refused: the panel has no
 * login when it listens on localhost, so a page open in the same browser must not drive it.
 */
export function checkSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get('origin');
  // No Origin: not a browser (curl, scripts), or an old one on the same site.
  if (origin === null) return;
  if (origin === 'null') throw new HttpError(403, 'cross-site requests are refused (opaque origin)');
  const host = request.headers.get('host') ?? new URL(request.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch (error) {
    throw new HttpError(403, `cross-site requests are refused (unreadable origin: ${String(error)})`);
  }
  if (originHost !== host) throw new HttpError(403, 'cross-site requests are refused');
}

/** A JSON response that no cache keeps. */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export type RouteHandler<Context> = (request: Request, context: Context) => Promise<Response> | Response;

/** Wraps a route handler: same-origin writes only, and every failure mapped by errorResponse. */
export function apiRoute<Context>(handler: RouteHandler<Context>, log?: ErrorLogger): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    try {
      checkSameOrigin(request);
      return await handler(request, context);
    } catch (error) {
      return errorResponse(error, log);
    }
  };
}
