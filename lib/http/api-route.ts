// The wrapper every route handler goes through: refuses cross-site writes, turns thrown errors into
// responses (errors.ts), and marks answers as not cacheable (they change while experiments run).
// In development and tests it also checks each successful JSON answer against the route's response
// schema (lib/api), so that an answer that drifts from what clients read fails there first.
import type { z } from 'zod';
import { config } from '../config';
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

export type RouteOptions = {
  /** What a successful (2xx) JSON answer holds; routes that send files or streams have none. */
  response?: z.ZodType;
  log?: ErrorLogger;
  /** Check answers against `response` (default: outside production, or REMORA_CHECK_RESPONSES=1). */
  checkResponses?: boolean;
};

/** Answers are checked in development and tests; a production panel does not pay for it. */
export function checkingResponses(): boolean {
  return config().checkResponses ?? process.env.NODE_ENV !== 'production';
}

/** Wraps a route handler: same-origin writes only, every failure mapped by errorResponse, answers checked. */
export function apiRoute<Context>(
  handler: RouteHandler<Context>,
  options: RouteOptions = {},
): (request: Request, context: Context) => Promise<Response> {
  const { response: schema, log } = options;
  return async (request, context) => {
    try {
      checkSameOrigin(request);
      const response = await handler(request, context);
      if (schema && (options.checkResponses ?? checkingResponses())) await checkResponse(request, response, schema);
      return response;
    } catch (error) {
      return errorResponse(error, log);
    }
  };
}

/** Throws (a 500, logged with the differences) when a successful JSON answer breaks its schema. */
async function checkResponse(request: Request, response: Response, schema: z.ZodType): Promise<void> {
  if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return;
  const checked = schema.safeParse(await response.clone().json());
  if (checked.success) return;
  const where = `${request.method} ${new URL(request.url).pathname}`;
  const problems = checked.error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`);
  throw new Error(`the answer to ${where} does not match its response schema:\n  ${problems.join('\n  ')}`);
}
